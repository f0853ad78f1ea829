// Type tests (scripts/suite-types.mjs): the mocklib plugin's factories and typed links.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { graphql, HttpResponse, type GraphQLHandler } from 'mocklib'
import * as clientMocks from '../../generated/client/mocks'
import {
  ListPostsDocument,
  mockCreatePostMutation,
  mockCreatePostMutationPostsApi,
  mockDeletePostMutation,
  mockListPostCardsQuery,
  mockListPostsQuery,
  mockListPostsQueryPostsApi,
  postsApi,
  type ListPostsQuery,
  type ListPostsQueryVariables,
  type Operations,
} from '../../generated/graphql'

// Generated factories: data and variables typed, options passed on.
const list: GraphQLHandler<ListPostsQuery, ListPostsQueryVariables> = mockListPostsQuery(
  () => HttpResponse.json({ data: { posts: [{ id: '1', title: 'Hello' }] } }),
  { once: true },
)
void list
mockCreatePostMutation(({ variables }) =>
  HttpResponse.json({ data: { createPost: { id: variables.post.id ?? 'new' } } }),
)
mockDeletePostMutation(({ variables }) =>
  HttpResponse.json({ data: { deletePost: { id: String(variables.postId), title: 't' } } }),
)
mockListPostsQueryPostsApi(() => HttpResponse.json({ data: { posts: [] } }))
mockCreatePostMutationPostsApi(({ variables }) =>
  HttpResponse.json({ data: { createPost: { id: variables.post.title } } }),
)
mockListPostCardsQuery(() => HttpResponse.json({ data: { posts: [{ id: '1', title: 'card' }] } }))
// The client preset's factories take the unmasked fragment fields too.
clientMocks.mockListPostCardsQuery(() => HttpResponse.json({ data: { posts: [{ id: '1', title: 'card' }] } }))

// @ts-expect-error: wrong field name in data
mockListPostsQuery(() => HttpResponse.json({ data: { post: [] } }))
// @ts-expect-error: wrong scalar type
mockDeletePostMutation(() => HttpResponse.json({ data: { deletePost: { id: 1, title: 't' } } }))
mockCreatePostMutation(({ variables }) => {
  // @ts-expect-error: wrong variable name
  void variables.input
  return undefined
})
// @ts-expect-error: client preset factory, masked fragment field of the wrong type
clientMocks.mockListPostCardsQuery(() => HttpResponse.json({ data: { posts: [{ id: '1', title: false }] } }))

// The generated typed link: names come from the map, with their types.
postsApi.query('ListPosts', () => HttpResponse.json({ data: { posts: [{ id: '1', title: 'a' }] } }))
postsApi.mutation('DeletePost', ({ variables }) =>
  HttpResponse.json({ data: { deletePost: { id: String(variables.postId), title: 'a' } } }),
)
// Documents are accepted by a typed link as well.
postsApi.query(ListPostsDocument, () => HttpResponse.json({ data: { posts: [] } }))
// @ts-expect-error: an unknown operation name on a typed link
postsApi.query('ListPostz', () => undefined)
// @ts-expect-error: a mutation name given to .query
postsApi.query('CreatePost', () => undefined)
// @ts-expect-error: a query name given to .mutation
postsApi.mutation('ListPosts', () => undefined)
// @ts-expect-error: data checked through the map
postsApi.query('ListPosts', () => HttpResponse.json({ data: { posts: [{ id: '1', title: 3 }] } }))
postsApi.mutation('CreatePost', ({ variables }) => {
  // @ts-expect-error: variables checked through the map
  void variables.title
  return undefined
})

// A typed link made by hand from the map.
const other = graphql.link<Operations>('https://other.test/graphql')
other.mutation('CreatePost', ({ variables }) =>
  HttpResponse.json({ data: { createPost: { id: variables.post.title } } }),
)
// @ts-expect-error: unknown name on a hand-made typed link
other.query('Nope', () => undefined)
// An untyped link still takes any name.
graphql.link('https://other.test/graphql').query('Anything', () => HttpResponse.json({ data: { anything: 1 } }))

// Results that carry a root __typename (typescript-operations before v6, or nonOptionalTypename)
// say their operation type themselves, without the plugin's registration.
type RenameMutation = { __typename?: 'Mutation'; rename: { id: string } }
type ViewerQuery = { __typename: 'Query'; viewer: { id: string } }
declare const RenameDocument: TypedDocumentNode<RenameMutation, { id: string }>
declare const ViewerDocument: TypedDocumentNode<ViewerQuery, Record<string, never>>
graphql.mutation(RenameDocument, ({ variables }) => HttpResponse.json({ data: { rename: { id: variables.id } } }))
graphql.query(ViewerDocument, () => HttpResponse.json({ data: { __typename: 'Query', viewer: { id: '1' } } }))
// @ts-expect-error: a mutation document (by its root __typename) given to graphql.query()
graphql.query(RenameDocument, () => undefined)
// @ts-expect-error: a query document (by its root __typename) given to graphql.mutation()
graphql.mutation(ViewerDocument, () => undefined)
// Untyped handlers are unaffected.
graphql.query('Whatever', () => HttpResponse.json({ data: { x: 1 } }))
graphql.mutation(/^Delete/, () => HttpResponse.json({ data: null }))

// A typed link takes client preset string documents too.
import * as client from '../../generated/client/graphql'
postsApi.mutation(client.CreatePostDocument, ({ variables }) =>
  HttpResponse.json({ data: { createPost: { id: variables.post.title } } }),
)
// @ts-expect-error: a mutation string document given to a typed link's .query
postsApi.query(client.CreatePostDocument, () => undefined)
