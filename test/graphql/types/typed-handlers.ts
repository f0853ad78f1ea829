// Type tests (scripts/suite-types.mjs): correct typed GraphQL handlers compile, wrong ones are caught.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import type { TypedQueryDocumentNode } from 'graphql'
import {
  graphql,
  HttpResponse,
  type DocumentTypeDecoration,
  type GraphQLResponseBody,
  type GraphQLResponseResolver,
} from 'mocklib'

type ListPostsQuery = { posts: Array<{ __typename?: 'Post'; id: string; title: string }> }
type DeletePostVariables = { postId: string }
type DeletePostMutation = { deletePost: { id: string } | null }

declare const ListPostsDocument: TypedDocumentNode<ListPostsQuery, Record<string, never>>
declare const DeletePostDocument: TypedDocumentNode<DeletePostMutation, DeletePostVariables>
declare const DeletePostString: DocumentTypeDecoration<DeletePostMutation, DeletePostVariables> & string
declare const ListPostsJs: TypedQueryDocumentNode<ListPostsQuery, Record<string, never>>

// Inference from a TypedDocumentNode: data and variables are checked.
graphql.query(ListPostsDocument, () => HttpResponse.json({ data: { posts: [{ id: '1', title: 'a' }] } }))
graphql.mutation(DeletePostDocument, ({ variables }) => {
  const id: string = variables.postId
  return HttpResponse.json({ data: { deletePost: { id } } })
})
graphql.mutation(DeletePostString, ({ variables }) =>
  HttpResponse.json({ data: { deletePost: { id: variables.postId } } }),
)
graphql.query(ListPostsJs, () => HttpResponse.json({ data: { posts: [] } }))

// Explicit generics, as with MSW.
graphql.query<ListPostsQuery>('ListPosts', () => HttpResponse.json({ data: { posts: [] } }))
graphql.mutation<DeletePostMutation, DeletePostVariables>('DeletePost', ({ variables }) =>
  HttpResponse.json({ errors: [{ message: `no post ${variables.postId}` }] }),
)

// Interfaces fit the type parameters too.
interface RenameVariables {
  name: string
}
graphql.mutation<{ rename: string }, RenameVariables>('Rename', ({ variables }) =>
  HttpResponse.json({ data: { rename: variables.name } }),
)

// Wrong field in data.
// @ts-expect-error: 'post' is not a field of ListPostsQuery
graphql.query(ListPostsDocument, () => HttpResponse.json({ data: { post: [] } }))

// Wrong scalar type.
// @ts-expect-error: title must be a string
graphql.query(ListPostsDocument, () => HttpResponse.json({ data: { posts: [{ id: '1', title: 2 }] } }))

// Wrong variable name.
graphql.mutation(DeletePostDocument, ({ variables }) => {
  // @ts-expect-error: the variable is postId
  void variables.id
  return undefined
})

// The resolver argument has every documented key.
graphql.operation(({ query, variables, operationName, operationType, extensions, request, cookies, requestId }) => {
  const keys: [
    string,
    object,
    string,
    'query' | 'mutation' | 'subscription',
    object,
    Request,
    Record<string, string>,
    string,
  ] = [query, variables, operationName, operationType, extensions, request, cookies, requestId]
  void keys
  return HttpResponse.json({ data: null, errors: [{ message: 'x', path: ['a', 0] }], extensions: { cost: 1 } })
})

// The response body type.
const body: GraphQLResponseBody<ListPostsQuery> = { data: { posts: [] }, errors: null }
void body

// A resolver typed on its own (as MSW users share them between handlers) takes its variables
// type to the handler, by name and by typed document.
const deletePost: GraphQLResponseResolver<DeletePostMutation, DeletePostVariables> = ({ variables }) =>
  HttpResponse.json({ data: { deletePost: { id: variables.postId } } })
graphql.mutation('DeletePost', deletePost)
graphql.mutation(DeletePostDocument, deletePost)
graphql.link('https://api.test/graphql').mutation('DeletePost', deletePost)
// @ts-expect-error: the document's variables are not the resolver's
graphql.query(ListPostsDocument, deletePost)
