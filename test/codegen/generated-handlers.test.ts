// The generated documents and factories at runtime: setupServer answering real fetch and
// Apollo Client requests that send the generated documents.
import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache } from '@apollo/client'
import { readFileSync } from 'node:fs'
import { parse, print } from 'graphql'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { CREATE_POST, DELETE_POST, LIST_POSTS } from '../graphql/fixtures/posts'
import * as client from '../generated/client/graphql'
import * as clientMocks from '../generated/client/mocks'
import {
  CreatePostDocument,
  DeletePostDocument,
  ListPostsDocument,
  mockCreatePostMutation,
  mockDeletePostMutation,
  mockListPostsQuery,
  mockListPostsQueryPostsApi,
  postsApi,
  type ListPostsQuery,
} from '../generated/graphql'

const POSTS_API = 'https://api.posts.test/graphql'
const OTHER_API = 'https://other.test/graphql'

type Post = ListPostsQuery['posts'][number] & { __typename: 'Post' }
const posts = new Map<string, Post>()
function reset() {
  posts.clear()
  posts.set('1', { __typename: 'Post', id: '1', title: 'Hello' })
  posts.set('2', { __typename: 'Post', id: '2', title: 'World' })
}

// The SPEC 4.2 tutorial, written with the generated factories only.
const server = setupServer(
  mockListPostsQuery(() => HttpResponse.json({ data: { posts: [...posts.values()] } })),
  mockCreatePostMutation(({ variables }) => {
    const id = String(variables.post.id ?? posts.size + 1)
    posts.set(id, { __typename: 'Post', id, title: variables.post.title })
    return HttpResponse.json({ data: { createPost: { __typename: 'Post', id } } })
  }),
  mockDeletePostMutation(({ variables }) => {
    const post = posts.get(String(variables.postId))
    if (post === undefined)
      return HttpResponse.json({ errors: [{ message: `There is no post with the id "${variables.postId}".` }] })
    posts.delete(post.id)
    return HttpResponse.json({ data: { deletePost: post } })
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeAll(reset)
afterEach(() => {
  server.resetHandlers()
  reset()
})
afterAll(() => server.close())

async function send(url: string, query: string, variables?: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  })
  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string }> },
  }
}

describe('generated factories with fetch', () => {
  it('answer the printed TypedDocumentNode documents: list, create, delete, delete unknown', async () => {
    expect(await send(OTHER_API, print(ListPostsDocument))).toEqual({
      status: 200,
      body: {
        data: {
          posts: [
            { __typename: 'Post', id: '1', title: 'Hello' },
            { __typename: 'Post', id: '2', title: 'World' },
          ],
        },
      },
    })
    const created = await send(OTHER_API, print(CreatePostDocument), { post: { title: 'New' } })
    expect(created.body).toEqual({ data: { createPost: { __typename: 'Post', id: '3' } } })
    const deleted = await send(OTHER_API, print(DeletePostDocument), { postId: '3' })
    expect(deleted.body).toEqual({ data: { deletePost: { __typename: 'Post', id: '3', title: 'New' } } })
    const missing = await send(OTHER_API, print(DeletePostDocument), { postId: '3' })
    expect(missing.body).toEqual({ errors: [{ message: 'There is no post with the id "3".' }] })
  })

  it('answer the client preset string documents (TypedDocumentString)', async () => {
    const listed = await send(OTHER_API, client.ListPostsDocument.toString())
    expect(listed.body.data).toEqual({ posts: [...posts.values()] })
    // Fragment masking hides PostCard's title in the type; the factory takes it unmasked.
    server.use(
      clientMocks.mockListPostCardsQuery(() =>
        HttpResponse.json({ data: { posts: [{ id: '1', title: 'Unmasked' }] } }),
      ),
    )
    const carded = await send(OTHER_API, client.ListPostCardsDocument.toString())
    expect(carded.body).toEqual({ data: { posts: [{ id: '1', title: 'Unmasked' }] } })
  })

  it('pass options on: a once handler answers one request, then the next handler does', async () => {
    server.use(mockListPostsQuery(() => HttpResponse.json({ data: { posts: [] } }), { once: true }))
    expect((await send(OTHER_API, print(ListPostsDocument))).body).toEqual({ data: { posts: [] } })
    expect((await send(OTHER_API, print(ListPostsDocument))).body.data).toEqual({ posts: [...posts.values()] })
  })
})

describe('link-scoped factories and the typed link', () => {
  it('answer only requests to their endpoint', async () => {
    server.use(
      mockListPostsQueryPostsApi(() =>
        HttpResponse.json({ data: { posts: [{ id: 'api', title: 'From the posts API' }] } }),
      ),
    )
    expect((await send(POSTS_API, print(ListPostsDocument))).body).toEqual({
      data: { posts: [{ id: 'api', title: 'From the posts API' }] },
    })
    // Another endpoint gets the unscoped handler.
    expect((await send(OTHER_API, print(ListPostsDocument))).body.data).toEqual({ posts: [...posts.values()] })
  })

  it('the exported link is a working graphql.link() for names and documents', async () => {
    server.use(
      postsApi.query('ListPostCards', () => HttpResponse.json({ data: { posts: [] } })),
      postsApi.mutation(client.CreatePostDocument, ({ variables }) =>
        HttpResponse.json({ data: { createPost: { id: `new:${variables.post.title}` } } }),
      ),
    )
    expect((await send(POSTS_API, client.ListPostCardsDocument.toString())).body).toEqual({ data: { posts: [] } })
    expect((await send(POSTS_API, print(CreatePostDocument), { post: { title: 'T' } })).body).toEqual({
      data: { createPost: { id: 'new:T' } },
    })
    // Scoped: the same operation sent elsewhere is unhandled ('error' fails the request).
    await expect(send(OTHER_API, client.ListPostCardsDocument.toString())).rejects.toThrow()
  })
})

describe('generated documents as handler predicates', () => {
  it('TypedDocumentNode and TypedDocumentString documents match their operation', async () => {
    server.use(
      graphql.query(ListPostsDocument, () => HttpResponse.json({ data: { posts: [{ id: 'tdn', title: 'a' }] } }), {
        once: true,
      }),
      graphql.mutation(client.DeletePostDocument, ({ variables }) =>
        HttpResponse.json({ data: { deletePost: { id: String(variables.postId), title: 'string mode' } } }),
      ),
    )
    expect((await send(OTHER_API, client.ListPostsDocument.toString())).body).toEqual({
      data: { posts: [{ id: 'tdn', title: 'a' }] },
    })
    expect((await send(OTHER_API, print(DeletePostDocument), { postId: 7 })).body).toEqual({
      data: { deletePost: { id: '7', title: 'string mode' } },
    })
  })

  it('a mutation document given to graphql.query() also fails at runtime, naming the fix', () => {
    // Compiles only with a cast: the type error is tested in test/codegen/types.
    const query = graphql.query as (document: unknown, resolver: () => undefined) => unknown
    expect(() => query(CreatePostDocument, () => undefined)).toThrow(/mutation/)
    expect(() => query(client.CreatePostDocument, () => undefined)).toThrow(/mutation/)
  })
})

describe('Apollo Client 4 with the generated documents', () => {
  const apollo = () => new ApolloClient({ link: new HttpLink({ uri: POSTS_API }), cache: new InMemoryCache() })

  it('runs the tutorial through the generated factories', async () => {
    const c = apollo()
    const listed = await c.query({ query: ListPostsDocument })
    expect(listed.data?.posts.map((post) => post.title)).toEqual(['Hello', 'World'])

    const created = await c.mutate({ mutation: CreatePostDocument, variables: { post: { id: '9', title: 'Nine' } } })
    expect(created.data?.createPost.id).toBe('9')

    const deleted = await c.mutate({ mutation: DeletePostDocument, variables: { postId: '9' } })
    expect(deleted.data?.deletePost).toEqual({ __typename: 'Post', id: '9', title: 'Nine' })

    const failure = await c
      .mutate({ mutation: DeletePostDocument, variables: { postId: '9' } })
      .catch((error: unknown) => error)
    expect(CombinedGraphQLErrors.is(failure)).toBe(true)
    expect((failure as CombinedGraphQLErrors).errors[0].message).toBe('There is no post with the id "9".')
  })

  it('gets the link-scoped answer at the link endpoint', async () => {
    server.use(
      mockListPostsQueryPostsApi(() =>
        HttpResponse.json({ data: { posts: [{ __typename: 'Post', id: 'scoped', title: 'Scoped' }] } }),
      ),
    )
    const listed = await apollo().query({ query: ListPostsDocument })
    expect(listed.data?.posts).toEqual([{ __typename: 'Post', id: 'scoped', title: 'Scoped' }])
  })
})

describe('schema/operations covers the operations tests and the demo send', () => {
  // The generated types describe these operations only if they are the same documents.
  const generated = {
    ListPosts: print(ListPostsDocument),
    CreatePost: print(CreatePostDocument),
    DeletePost: print(DeletePostDocument),
  }

  it('the GraphQL test fixtures send exactly the generated documents', () => {
    expect({
      ListPosts: print(parse(LIST_POSTS)),
      CreatePost: print(parse(CREATE_POST)),
      DeletePost: print(parse(DELETE_POST)),
    }).toEqual(generated)
  })

  it('the demo sends exactly the generated documents', () => {
    const demo = readFileSync(new URL('../../examples/demo/graphql.mjs', import.meta.url), 'utf8')
    const operations = [...demo.matchAll(/'((?:query|mutation) (\w+)[^']*)'/g)].map(([, text, name]) => [
      name,
      print(parse(text)),
    ])
    expect(Object.fromEntries(operations)).toEqual(generated)
  })
})
