import { createHash } from 'node:crypto'
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { BatchHttpLink } from '@apollo/client/link/batch-http'
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createPostsApi, CREATE_POST, DELETE_POST, LIST_POSTS } from './fixtures/posts'

const URI = 'https://api.test/graphql'
const api = createPostsApi()
const server = setupServer(...api.handlers)
// Bodies of the requests Apollo sent, read from the lifecycle events.
let seen: Array<Promise<string>> = []
server.events.on('request:start', ({ request }) => {
  seen.push(request.clone().text())
})
const sent = () => Promise.all(seen)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  api.reset()
  seen = []
})
afterAll(() => server.close())

function client(link: ApolloLink) {
  return new ApolloClient({ link, cache: new InMemoryCache() })
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('HttpLink', () => {
  const apollo = () => client(new HttpLink({ uri: URI }))

  it('runs the SPEC 4.2 tutorial: list, create, list again, delete, delete unknown', async () => {
    const c = apollo()
    const listed = await c.query({ query: gql(LIST_POSTS) })
    expect(listed.data).toEqual({
      posts: [
        { __typename: 'Post', id: '1', title: 'Hello' },
        { __typename: 'Post', id: '2', title: 'World' },
      ],
    })

    const created = await c.mutate({ mutation: gql(CREATE_POST), variables: { post: { id: '3', title: 'New' } } })
    expect(created.data).toEqual({ createPost: { __typename: 'Post', id: '3' } })

    const again = await c.query({ query: gql(LIST_POSTS), fetchPolicy: 'network-only' })
    expect((again.data as { posts: unknown[] }).posts).toHaveLength(3)

    const deleted = await c.mutate({ mutation: gql(DELETE_POST), variables: { postId: '3' } })
    expect(deleted.data).toEqual({ deletePost: { __typename: 'Post', id: '3', title: 'New' } })

    const failure = await c
      .mutate({ mutation: gql(DELETE_POST), variables: { postId: '3' } })
      .catch((error: unknown) => error)
    expect(CombinedGraphQLErrors.is(failure)).toBe(true)
    expect((failure as CombinedGraphQLErrors).errors[0].message).toContain('"3"')
  })

  it('sends __typename in every selection, so the mock must answer it (SPEC 2.5)', async () => {
    await apollo().query({ query: gql(LIST_POSTS) })
    expect(JSON.parse((await sent())[0]).query).toContain('__typename')
  })

  it('Apollo accepts application/graphql-response+json, and mocklib answers with it', async () => {
    let contentType: string | null = null
    const spy = new HttpLink({
      uri: URI,
      fetch: async (input, init) => {
        const response = await fetch(input, init)
        contentType = response.headers.get('content-type')
        return response
      },
    })
    await client(spy).query({ query: gql(LIST_POSTS) })
    expect(contentType).toBe('application/graphql-response+json')
  })
})

describe('BatchHttpLink', () => {
  it('answers a batch of operations, each through the handler list, in order', async () => {
    const c = client(new BatchHttpLink({ uri: URI, batchMax: 10, batchInterval: 20 }))
    const [listed, deleted] = await Promise.all([
      c.query({ query: gql(LIST_POSTS) }),
      c.mutate({ mutation: gql(DELETE_POST), variables: { postId: '2' } }),
    ])
    expect(JSON.parse((await sent())[0])).toHaveLength(2)
    expect((listed.data as { posts: unknown[] }).posts.length).toBeGreaterThanOrEqual(1)
    expect(deleted.data).toEqual({ deletePost: { __typename: 'Post', id: '2', title: 'World' } })
  })
})

describe('persisted queries (APQ)', () => {
  it('asks for the full query on an unknown hash, learns it, then answers the hash alone', async () => {
    const query = gql(/* GraphQL */ `
      query ListPostsApq {
        posts {
          id
          title
        }
      }
    `)
    server.use(graphql.query('ListPostsApq', () => HttpResponse.json({ data: { posts: [...api.posts.values()] } })))
    const link = () => new PersistedQueryLink({ sha256 }).concat(new HttpLink({ uri: URI }))

    const first = await client(link()).query({ query })
    expect((first.data as { posts: unknown[] }).posts).toHaveLength(2)
    const bodies = (await sent()).map((body) => JSON.parse(body))
    expect(bodies).toHaveLength(2)
    expect(bodies[0].query).toBeUndefined()
    expect(bodies[0].extensions.persistedQuery.sha256Hash).toMatch(/^[0-9a-f]{64}$/)
    expect(bodies[1].query).toContain('ListPostsApq')

    // A new client (no memory of the miss) sends the hash only, and is answered at once.
    seen = []
    const second = await client(link()).query({ query })
    expect((second.data as { posts: unknown[] }).posts).toHaveLength(2)
    const again = await sent()
    expect(again).toHaveLength(1)
    expect(JSON.parse(again[0]).query).toBeUndefined()
  })
})
