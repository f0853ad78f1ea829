import { graphql, type GraphQLHandler, type GraphQLResponseResolver, type RequestHandlerOptions } from 'mocklib'
import type { ListPostCardsQuery, ListPostCardsQueryVariables, ListPostsQuery, ListPostsQueryVariables, CreatePostMutation, CreatePostMutationVariables, DeletePostMutation, DeletePostMutationVariables } from './graphql'
/** Every named operation of the documents, by name: for `graphql.link<Operations>(endpoint)`. */
export type Operations = {
  ListPostCards: { type: 'query'; result: ListPostCardsQuery; variables: ListPostCardsQueryVariables }
  ListPosts: { type: 'query'; result: ListPostsQuery; variables: ListPostsQueryVariables }
  CreatePost: { type: 'mutation'; result: CreatePostMutation; variables: CreatePostMutationVariables }
  DeletePost: { type: 'mutation'; result: DeletePostMutation; variables: DeletePostMutationVariables }
}

// Tells mocklib which operation type each result type belongs to, so that a document is checked
// against its handler (a mutation document given to graphql.query() does not compile).
declare module 'mocklib' {
  interface GeneratedOperations {
    "test/generated/client/mocks.ts": Operations
  }
}

/**
 * Answers the query `ListPostCards` wherever it is sent. No variables.
 * @example mockListPostCardsQuery(({ variables }) => HttpResponse.json({ data: { posts: … } }))
 */
export const mockListPostCardsQuery = (
  resolver: GraphQLResponseResolver<ListPostCardsQuery, ListPostCardsQueryVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<ListPostCardsQuery, ListPostCardsQueryVariables> => graphql.query<ListPostCardsQuery, ListPostCardsQueryVariables>('ListPostCards', resolver, options)

/**
 * Answers the query `ListPosts` wherever it is sent. No variables.
 * @example mockListPostsQuery(({ variables }) => HttpResponse.json({ data: { posts: … } }))
 */
export const mockListPostsQuery = (
  resolver: GraphQLResponseResolver<ListPostsQuery, ListPostsQueryVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<ListPostsQuery, ListPostsQueryVariables> => graphql.query<ListPostsQuery, ListPostsQueryVariables>('ListPosts', resolver, options)

/**
 * Answers the mutation `CreatePost` wherever it is sent. Variables: `post`.
 * @example mockCreatePostMutation(({ variables }) => HttpResponse.json({ data: { createPost: … } }))
 */
export const mockCreatePostMutation = (
  resolver: GraphQLResponseResolver<CreatePostMutation, CreatePostMutationVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<CreatePostMutation, CreatePostMutationVariables> => graphql.mutation<CreatePostMutation, CreatePostMutationVariables>('CreatePost', resolver, options)

/**
 * Answers the mutation `DeletePost` wherever it is sent. Variables: `postId`.
 * @example mockDeletePostMutation(({ variables }) => HttpResponse.json({ data: { deletePost: … } }))
 */
export const mockDeletePostMutation = (
  resolver: GraphQLResponseResolver<DeletePostMutation, DeletePostMutationVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<DeletePostMutation, DeletePostMutationVariables> => graphql.mutation<DeletePostMutation, DeletePostMutationVariables>('DeletePost', resolver, options)
