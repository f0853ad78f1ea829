/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from './schema-types';

import { graphql, type GraphQLHandler, type GraphQLResponseResolver, type RequestHandlerOptions, type TypedGraphQLLinkHandlers } from 'mocklib'
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type PostCardFragment = { title: string };

export type ListPostCardsQueryVariables = Exact<{ [key: string]: never; }>;


export type ListPostCardsQuery = { posts: Array<{ id: string, title: string }> };

export type ListPostsQueryVariables = Exact<{ [key: string]: never; }>;


export type ListPostsQuery = { posts: Array<{ id: string, title: string }> };

export type CreatePostMutationVariables = Exact<{
  post: Types.PostInput;
}>;


export type CreatePostMutation = { createPost: { id: string } };

export type DeletePostMutationVariables = Exact<{
  postId: string | number;
}>;


export type DeletePostMutation = { deletePost: { id: string, title: string } | null };

export const PostCardFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PostCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Post"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<PostCardFragment, unknown>;
export const ListPostCardsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListPostCards"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"posts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"PostCard"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PostCard"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Post"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<ListPostCardsQuery, ListPostCardsQueryVariables>;
export const ListPostsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListPosts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"posts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]} as unknown as DocumentNode<ListPostsQuery, ListPostsQueryVariables>;
export const CreatePostDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreatePost"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"post"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PostInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createPost"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"post"},"value":{"kind":"Variable","name":{"kind":"Name","value":"post"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreatePostMutation, CreatePostMutationVariables>;
export const DeletePostDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeletePost"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"postId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletePost"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"postId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]} as unknown as DocumentNode<DeletePostMutation, DeletePostMutationVariables>;
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
    "test/generated/graphql.ts": Operations
  }
}

/** Handlers scoped to https://api.posts.test/graphql, typed by Operations: names autocomplete, unknown ones do not compile. */
export const postsApi: TypedGraphQLLinkHandlers<Operations> = graphql.link<Operations>("https://api.posts.test/graphql")

/**
 * Answers the query `ListPostCards` wherever it is sent. No variables.
 * @example mockListPostCardsQuery(({ variables }) => HttpResponse.json({ data: { posts: … } }))
 */
export const mockListPostCardsQuery = (
  resolver: GraphQLResponseResolver<ListPostCardsQuery, ListPostCardsQueryVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<ListPostCardsQuery, ListPostCardsQueryVariables> => graphql.query<ListPostCardsQuery, ListPostCardsQueryVariables>('ListPostCards', resolver, options)

/**
 * Answers the query `ListPostCards` sent to https://api.posts.test/graphql (link `postsApi`). No variables.
 * @example mockListPostCardsQueryPostsApi(({ variables }) => HttpResponse.json({ data: { posts: … } }))
 */
export const mockListPostCardsQueryPostsApi = (
  resolver: GraphQLResponseResolver<ListPostCardsQuery, ListPostCardsQueryVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<ListPostCardsQuery, ListPostCardsQueryVariables> => postsApi.query('ListPostCards', resolver, options)

/**
 * Answers the query `ListPosts` wherever it is sent. No variables.
 * @example mockListPostsQuery(({ variables }) => HttpResponse.json({ data: { posts: … } }))
 */
export const mockListPostsQuery = (
  resolver: GraphQLResponseResolver<ListPostsQuery, ListPostsQueryVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<ListPostsQuery, ListPostsQueryVariables> => graphql.query<ListPostsQuery, ListPostsQueryVariables>('ListPosts', resolver, options)

/**
 * Answers the query `ListPosts` sent to https://api.posts.test/graphql (link `postsApi`). No variables.
 * @example mockListPostsQueryPostsApi(({ variables }) => HttpResponse.json({ data: { posts: … } }))
 */
export const mockListPostsQueryPostsApi = (
  resolver: GraphQLResponseResolver<ListPostsQuery, ListPostsQueryVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<ListPostsQuery, ListPostsQueryVariables> => postsApi.query('ListPosts', resolver, options)

/**
 * Answers the mutation `CreatePost` wherever it is sent. Variables: `post`.
 * @example mockCreatePostMutation(({ variables }) => HttpResponse.json({ data: { createPost: … } }))
 */
export const mockCreatePostMutation = (
  resolver: GraphQLResponseResolver<CreatePostMutation, CreatePostMutationVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<CreatePostMutation, CreatePostMutationVariables> => graphql.mutation<CreatePostMutation, CreatePostMutationVariables>('CreatePost', resolver, options)

/**
 * Answers the mutation `CreatePost` sent to https://api.posts.test/graphql (link `postsApi`). Variables: `post`.
 * @example mockCreatePostMutationPostsApi(({ variables }) => HttpResponse.json({ data: { createPost: … } }))
 */
export const mockCreatePostMutationPostsApi = (
  resolver: GraphQLResponseResolver<CreatePostMutation, CreatePostMutationVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<CreatePostMutation, CreatePostMutationVariables> => postsApi.mutation('CreatePost', resolver, options)

/**
 * Answers the mutation `DeletePost` wherever it is sent. Variables: `postId`.
 * @example mockDeletePostMutation(({ variables }) => HttpResponse.json({ data: { deletePost: … } }))
 */
export const mockDeletePostMutation = (
  resolver: GraphQLResponseResolver<DeletePostMutation, DeletePostMutationVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<DeletePostMutation, DeletePostMutationVariables> => graphql.mutation<DeletePostMutation, DeletePostMutationVariables>('DeletePost', resolver, options)

/**
 * Answers the mutation `DeletePost` sent to https://api.posts.test/graphql (link `postsApi`). Variables: `postId`.
 * @example mockDeletePostMutationPostsApi(({ variables }) => HttpResponse.json({ data: { deletePost: … } }))
 */
export const mockDeletePostMutationPostsApi = (
  resolver: GraphQLResponseResolver<DeletePostMutation, DeletePostMutationVariables>,
  options?: RequestHandlerOptions,
): GraphQLHandler<DeletePostMutation, DeletePostMutationVariables> => postsApi.mutation('DeletePost', resolver, options)
