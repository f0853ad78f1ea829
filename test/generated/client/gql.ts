/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment PostCard on Post {\n  title\n}\n\nquery ListPostCards {\n  posts {\n    id\n    ...PostCard\n  }\n}": typeof types.PostCardFragmentDoc,
    "query ListPosts {\n  posts {\n    id\n    title\n  }\n}\n\nmutation CreatePost($post: PostInput!) {\n  createPost(post: $post) {\n    id\n  }\n}\n\nmutation DeletePost($postId: ID!) {\n  deletePost(id: $postId) {\n    id\n    title\n  }\n}": typeof types.ListPostsDocument,
};
const documents: Documents = {
    "fragment PostCard on Post {\n  title\n}\n\nquery ListPostCards {\n  posts {\n    id\n    ...PostCard\n  }\n}": types.PostCardFragmentDoc,
    "query ListPosts {\n  posts {\n    id\n    title\n  }\n}\n\nmutation CreatePost($post: PostInput!) {\n  createPost(post: $post) {\n    id\n  }\n}\n\nmutation DeletePost($postId: ID!) {\n  deletePost(id: $postId) {\n    id\n    title\n  }\n}": types.ListPostsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PostCard on Post {\n  title\n}\n\nquery ListPostCards {\n  posts {\n    id\n    ...PostCard\n  }\n}"): typeof import('./graphql').PostCardFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ListPosts {\n  posts {\n    id\n    title\n  }\n}\n\nmutation CreatePost($post: PostInput!) {\n  createPost(post: $post) {\n    id\n  }\n}\n\nmutation DeletePost($postId: ID!) {\n  deletePost(id: $postId) {\n    id\n    title\n  }\n}"): typeof import('./graphql').ListPostsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
