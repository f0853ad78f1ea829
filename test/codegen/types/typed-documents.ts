// Type tests (scripts/suite-types.mjs): handlers typed by GraphQL Code Generator output.
// Correct handlers compile; each wrong one is caught by the @ts-expect-error above it.
import { graphql, HttpResponse, type GraphQLResponseBody } from 'mocklib'
import * as client from '../../generated/client/graphql'
import {
  CreatePostDocument,
  DeletePostDocument,
  ListPostCardsDocument,
  ListPostsDocument,
  type ListPostsQuery,
  type ListPostsQueryVariables,
  type DeletePostMutation,
  type DeletePostMutationVariables,
} from '../../generated/graphql'

// TypedDocumentNode (typed-document-node plugin): data and variables are inferred.
graphql.query(ListPostsDocument, () => HttpResponse.json({ data: { posts: [{ id: '1', title: 'Hello' }] } }))
graphql.mutation(CreatePostDocument, ({ variables }) => {
  const title: string = variables.post.title
  return HttpResponse.json({ data: { createPost: { id: title } } })
})
graphql.mutation(DeletePostDocument, ({ variables }) =>
  HttpResponse.json({ data: { deletePost: { id: String(variables.postId), title: 'gone' } } }),
)
// __typename may be sent (Apollo Client asks for it) though the generated types leave it out.
graphql.query(ListPostsDocument, () =>
  HttpResponse.json({ data: { posts: [{ __typename: 'Post', id: '1', title: 'a' }] } }),
)

// @ts-expect-error: 'post' is not a field of ListPostsQuery
graphql.query(ListPostsDocument, () => HttpResponse.json({ data: { post: [] } }))
// @ts-expect-error: title is a String, not a number
graphql.query(ListPostsDocument, () => HttpResponse.json({ data: { posts: [{ id: '1', title: 2 }] } }))
// @ts-expect-error: createPost is missing its id
graphql.mutation(CreatePostDocument, () => HttpResponse.json({ data: { createPost: {} } }))
graphql.mutation(DeletePostDocument, ({ variables }) => {
  // @ts-expect-error: the variable is postId, not id
  void variables.id
  return undefined
})
// @ts-expect-error: a mutation document given to graphql.query()
graphql.query(CreatePostDocument, () => HttpResponse.json({ data: { createPost: { id: '1' } } }))
// @ts-expect-error: a query document given to graphql.mutation()
graphql.mutation(ListPostsDocument, () => HttpResponse.json({ data: { posts: [] } }))

// TypedDocumentString (client preset, string mode): the same checks.
graphql.query(client.ListPostsDocument, () => HttpResponse.json({ data: { posts: [{ id: '1', title: 'Hello' }] } }))
graphql.mutation(client.DeletePostDocument, ({ variables }) => {
  const id: string | number = variables.postId
  return HttpResponse.json({ data: { deletePost: null }, errors: [{ message: `no post ${id}` }] })
})
// @ts-expect-error: 'post' is not a field of ListPostsQuery
graphql.query(client.ListPostsDocument, () => HttpResponse.json({ data: { post: [] } }))
// @ts-expect-error: id is an ID (string), not a boolean
graphql.query(client.ListPostsDocument, () => HttpResponse.json({ data: { posts: [{ id: true, title: 'a' }] } }))
graphql.mutation(client.CreatePostDocument, ({ variables }) => {
  // @ts-expect-error: the variable is post, not input
  void variables.input
  return undefined
})
// @ts-expect-error: a mutation document given to graphql.query()
graphql.query(client.DeletePostDocument, () => HttpResponse.json({ data: { deletePost: null } }))

// Fragment masking: the result type hides PostCard's fields, the mock still sends them, no cast.
graphql.query(client.ListPostCardsDocument, () => HttpResponse.json({ data: { posts: [{ id: '1', title: 'Hello' }] } }))
// @ts-expect-error: the unmasked fragment field title is still checked (a string)
graphql.query(client.ListPostCardsDocument, () => HttpResponse.json({ data: { posts: [{ id: '1', title: 1 }] } }))
// The masked shape is accepted too (a wrapper generic in its result type must compile; see
// GraphQLResponseBody), so a fragment's fields may be left out.
graphql.query(client.ListPostCardsDocument, () => HttpResponse.json({ data: { posts: [{ id: '1' }] } }))
// Without masking (typed-document-node output) the same data fits.
graphql.query(ListPostCardsDocument, () => HttpResponse.json({ data: { posts: [{ id: '1', title: 'Hello' }] } }))
// A response body typed with a masked result takes the unmasked shape.
const cards: GraphQLResponseBody<client.ListPostCardsQuery> = { data: { posts: [{ id: '1', title: 'a' }] } }
void cards

// Explicit generics with a name, as with MSW.
graphql.query<ListPostsQuery, ListPostsQueryVariables>('ListPosts', () =>
  HttpResponse.json({ data: { posts: [{ id: '1', title: 'Hello' }] } }),
)
graphql.mutation<DeletePostMutation, DeletePostMutationVariables>('DeletePost', ({ variables }) =>
  HttpResponse.json({ data: { deletePost: { id: String(variables.postId), title: 'x' } } }),
)
// @ts-expect-error: wrong field with explicit generics
graphql.query<ListPostsQuery, ListPostsQueryVariables>('ListPosts', () => HttpResponse.json({ data: { post: [] } }))
graphql.mutation<DeletePostMutation, DeletePostMutationVariables>('DeletePost', ({ variables }) => {
  // @ts-expect-error: wrong variable name with explicit generics
  void variables.post
  return undefined
})
// @ts-expect-error: a mutation document given to graphql.query() with explicit types
graphql.query<DeletePostMutation, DeletePostMutationVariables>(DeletePostDocument, () => undefined)
// A name with explicit types is not checked for its operation type: a wrapper generic in both
// types (as written for MSW) must compile, and TypeScript cannot decide the check for it.
graphql.query<DeletePostMutation, DeletePostMutationVariables>('DeletePost', () => undefined)
// Generators and async resolvers are typed the same way.
graphql.query(ListPostsDocument, async function* () {
  yield HttpResponse.json({ data: { posts: [] } })
  return HttpResponse.json({ data: { posts: [{ id: '2', title: 'b' }] } })
})
