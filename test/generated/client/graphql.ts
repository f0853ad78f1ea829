/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** What a client sends to create a post. */
export type PostInput = {
  id?: string | number | null | undefined;
  title: string;
};

export type PostCardFragment = { title: string } & { ' $fragmentName'?: 'PostCardFragment' };

export type ListPostCardsQueryVariables = Exact<{ [key: string]: never; }>;


export type ListPostCardsQuery = { posts: Array<(
    { id: string }
    & { ' $fragmentRefs'?: { 'PostCardFragment': PostCardFragment } }
  )> };

export type ListPostsQueryVariables = Exact<{ [key: string]: never; }>;


export type ListPostsQuery = { posts: Array<{ id: string, title: string }> };

export type CreatePostMutationVariables = Exact<{
  post: PostInput;
}>;


export type CreatePostMutation = { createPost: { id: string } };

export type DeletePostMutationVariables = Exact<{
  postId: string | number;
}>;


export type DeletePostMutation = { deletePost: { id: string, title: string } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const PostCardFragmentDoc = new TypedDocumentString(`
    fragment PostCard on Post {
  title
}
    `, {"fragmentName":"PostCard"}) as unknown as TypedDocumentString<PostCardFragment, unknown>;
export const ListPostCardsDocument = new TypedDocumentString(`
    query ListPostCards {
  posts {
    id
    ...PostCard
  }
}
    fragment PostCard on Post {
  title
}`) as unknown as TypedDocumentString<ListPostCardsQuery, ListPostCardsQueryVariables>;
export const ListPostsDocument = new TypedDocumentString(`
    query ListPosts {
  posts {
    id
    title
  }
}
    `) as unknown as TypedDocumentString<ListPostsQuery, ListPostsQueryVariables>;
export const CreatePostDocument = new TypedDocumentString(`
    mutation CreatePost($post: PostInput!) {
  createPost(post: $post) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreatePostMutation, CreatePostMutationVariables>;
export const DeletePostDocument = new TypedDocumentString(`
    mutation DeletePost($postId: ID!) {
  deletePost(id: $postId) {
    id
    title
  }
}
    `) as unknown as TypedDocumentString<DeletePostMutation, DeletePostMutationVariables>;