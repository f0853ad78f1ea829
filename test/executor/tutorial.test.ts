// The posts API served entirely by the schema executor: no hand-written bodies.
import { ApolloClient, CombinedGraphQLErrors, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import {
  createPostsExecutor,
  CREATE_POST,
  DELETE_POST,
  LIST_POSTS,
  MODERN_ACCEPT,
  postGraphQL,
} from './fixtures/posts-executor'

const URI = 'https://api.test/graphql'
const api = createPostsExecutor()
const server = setupServer(api.handler(URI))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  api.reset()
})
afterAll(() => server.close())

const apollo = () => new ApolloClient({ link: new HttpLink({ uri: URI }), cache: new InMemoryCache() })

interface ListedPost {
  __typename?: string
  id: string
  title: string
}

describe('Apollo Client 4 (asks for __typename everywhere)', () => {
  it('ListPosts: posts with __typename, ids and titles from the schema', async () => {
    const { data } = await apollo().query<{ posts: ListedPost[] }>({ query: gql(LIST_POSTS) })
    expect(data!.posts).toHaveLength(2)
    for (const post of data!.posts) {
      expect(post.__typename).toBe('Post')
      expect(typeof post.id).toBe('string')
      expect(typeof post.title).toBe('string')
    }
    expect(new Set(data!.posts.map((post) => post.id)).size).toBe(2)
  })

  it('CreatePost, then ListPosts sees the new post (state kept across requests)', async () => {
    const client = apollo()
    const created = await client.mutate<{ createPost: { __typename: string; id: string } }>({
      mutation: gql(CREATE_POST),
      variables: { post: { id: 'p-new', title: 'Written in a test' } },
    })
    expect(created.data).toEqual({ createPost: { __typename: 'Post', id: 'p-new' } })

    const { data } = await client.query<{ posts: ListedPost[] }>({
      query: gql(LIST_POSTS),
      fetchPolicy: 'network-only',
    })
    expect(data!.posts).toHaveLength(3)
    expect(data!.posts[2]).toEqual({ __typename: 'Post', id: 'p-new', title: 'Written in a test' })
  })

  it('DeletePost removes a post; an unknown id gives an errors body', async () => {
    const client = apollo()
    const { data: listed } = await client.query<{ posts: ListedPost[] }>({ query: gql(LIST_POSTS) })
    const victim = listed!.posts[0]
    const deleted = await client.mutate<{ deletePost: ListedPost }>({
      mutation: gql(DELETE_POST),
      variables: { postId: victim.id },
    })
    expect(deleted.data!.deletePost).toEqual(victim)

    const failure = await client
      .mutate({ mutation: gql(DELETE_POST), variables: { postId: 'no-such-post' } })
      .catch((error: unknown) => error)
    expect(CombinedGraphQLErrors.is(failure)).toBe(true)
    expect((failure as CombinedGraphQLErrors).errors[0].message).toBe('There is no post with the id "no-such-post".')
    expect((failure as CombinedGraphQLErrors).errors[0].path).toEqual(['deletePost'])
  })

  it('answers with application/graphql-response+json, which Apollo asks for', async () => {
    let contentType: string | null = null
    const link = new HttpLink({
      uri: URI,
      fetch: async (input, init) => {
        const response = await fetch(input, init)
        contentType = response.headers.get('content-type')
        return response
      },
    })
    await new ApolloClient({ link, cache: new InMemoryCache() }).query({ query: gql(LIST_POSTS) })
    expect(contentType).toBe('application/graphql-response+json')
  })
})

describe('fetch', () => {
  it('runs the tutorial: list, create, list again, delete, delete unknown', async () => {
    const listed = await postGraphQL(URI, { query: LIST_POSTS, operationName: 'ListPosts' })
    expect(listed.status).toBe(200)
    expect(listed.contentType).toBe('application/json')
    const posts = (listed.body.data as { posts: ListedPost[] }).posts
    expect(posts).toHaveLength(2)
    // The query did not ask for __typename, so the body has none.
    expect(Object.keys(posts[0]).sort()).toEqual(['id', 'title'])

    const created = await postGraphQL(URI, { query: CREATE_POST, variables: { post: { id: '42', title: 'Hello' } } })
    expect(created.body).toEqual({ data: { createPost: { id: '42' } } })

    const again = await postGraphQL(URI, { query: LIST_POSTS })
    expect((again.body.data as { posts: ListedPost[] }).posts.map((post) => post.id)).toEqual([
      posts[0].id,
      posts[1].id,
      '42',
    ])

    const deleted = await postGraphQL(URI, { query: DELETE_POST, variables: { postId: '42' } })
    expect(deleted.body).toEqual({ data: { deletePost: { id: '42', title: 'Hello' } } })

    const unknown = await postGraphQL(URI, { query: DELETE_POST, variables: { postId: '42' } })
    expect(unknown.status).toBe(200)
    expect(unknown.body.data).toEqual({ deletePost: null })
    expect(unknown.body.errors).toEqual([
      { message: 'There is no post with the id "42".', locations: [{ line: 3, column: 5 }], path: ['deletePost'] },
    ])
  })

  it('a query that omits a field gets a body without it (compare SPEC section 7, last row)', async () => {
    const { body } = await postGraphQL(URI, { query: 'query ListPosts { posts { title } }' })
    const posts = (body.data as { posts: Array<Record<string, unknown>> }).posts
    expect(posts).toHaveLength(2)
    for (const post of posts) expect(post).toEqual({ title: expect.any(String) })
  })

  it('coerces variables: an Int given for ID! arrives as the string "7"', async () => {
    const { body } = await postGraphQL(URI, { query: CREATE_POST, variables: { post: { id: 7, title: 'Seven' } } })
    expect(body).toEqual({ data: { createPost: { id: '7' } } })
  })

  it('state resets with api.reset(): the post created in the test before is gone', async () => {
    await postGraphQL(URI, { query: CREATE_POST, variables: { post: { id: 'temp', title: 'Temporary' } } })
    const before = await postGraphQL(URI, { query: LIST_POSTS })
    api.reset()
    const after = await postGraphQL(URI, { query: LIST_POSTS })
    expect((before.body.data as { posts: unknown[] }).posts).toHaveLength(3)
    expect((after.body.data as { posts: ListedPost[] }).posts.map((post) => post.id)).not.toContain('temp')
    expect((after.body.data as { posts: unknown[] }).posts).toHaveLength(2)
  })

  it('does not answer other endpoints: handler(url) is scoped like graphql.link(url)', async () => {
    // Unhandled, and the server's strategy is 'error': the request fails.
    const response = await fetch('https://elsewhere.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: MODERN_ACCEPT },
      body: JSON.stringify({ query: LIST_POSTS }),
    }).catch((error: unknown) => error)
    expect(response).toBeInstanceOf(Error)
    expect(String((response as Error).message)).toContain('elsewhere.test')
  })
})
