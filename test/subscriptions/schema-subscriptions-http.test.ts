// Schema-backed subscriptions over HTTP: the same `api.handler(url)` serves GraphQL over SSE
// (the real graphql-sse client, both modes) and Apollo multipart subscriptions (Apollo Client 4
// HttpLink), with the transport code of src/subscriptions and none of its own.
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { setupServer } from 'mocklib/node'
import { createClient, type Client } from 'graphql-sse'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFeedExecutor } from '../executor/fixtures/feed-executor'

const URL_ = 'https://api.test/graphql'
const { api, ticksEnded } = createFeedExecutor()
const server = setupServer(api.handler(URL_))
const clients: Client[] = []

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose()
  server.resetHandlers()
  api.reset()
})
afterAll(() => server.close())

/** A client's results once the server completes, or what it failed with. */
type Subscribe = (
  query: string,
  variables?: Record<string, unknown>,
  next?: (value: unknown) => void,
) => Promise<unknown[]>

function sseClient(singleConnection: boolean): Subscribe {
  // Created per test, after listen(): the client captures fetch when it is created.
  const client = createClient({ url: URL_, singleConnection, retryAttempts: 0 })
  clients.push(client)
  return (query, variables, next) =>
    new Promise((resolve, reject) => {
      const results: unknown[] = []
      client.subscribe(
        { query, variables },
        {
          next: (value) => {
            results.push(value)
            next?.(value)
          },
          error: reject,
          complete: () => resolve(results),
        },
      )
    })
}

function apolloClient(): Subscribe {
  const client = new ApolloClient({ link: new HttpLink({ uri: URL_ }), cache: new InMemoryCache() })
  return (query, variables, next) =>
    new Promise((resolve, reject) => {
      const results: unknown[] = []
      client.subscribe({ query: gql(query), variables, fetchPolicy: 'no-cache' }).subscribe({
        next: (value) => {
          results.push(value)
          next?.(value)
        },
        error: reject,
        complete: () => resolve(results),
      })
    })
}

describe.each([
  ['GraphQL over SSE, distinct connections', () => sseClient(false)],
  ['GraphQL over SSE, single connection', () => sseClient(true)],
  ['Apollo multipart subscriptions', apolloClient],
])('schema-backed subscriptions over %s', (_transport, client) => {
  // The documents select __typename where Apollo Client adds it, so every client gets the same results.
  it('delivers published events in order, each executed with the subscriber’s selection set and variables', async () => {
    const subscribe = client()
    const titles = subscribe('subscription Titles { postAdded { __typename title } }')
    const authors = subscribe(
      'subscription Authors($feed: String) { postAdded(feed: $feed) { __typename id author { __typename name } } }',
      { feed: 'news' },
    )
    await api.subscribed('postAdded', 2)
    api.publish('postAdded', { id: '1', title: 'First', author: { name: 'Ada' } })
    api.publish('postAdded', { id: '2', title: 'Second', author: { name: 'Grace' } })
    api.reset()
    expect(await titles).toEqual([
      { data: { postAdded: { __typename: 'Post', title: 'First' } } },
      { data: { postAdded: { __typename: 'Post', title: 'Second' } } },
    ])
    expect(await authors).toEqual([
      { data: { postAdded: { __typename: 'Post', id: '1', author: { __typename: 'Author', name: 'Ada' } } } },
      { data: { postAdded: { __typename: 'Post', id: '2', author: { __typename: 'Author', name: 'Grace' } } } },
    ])
  })

  it('completes when the Subscription field’s own event source ends', async () => {
    const results = await client()('subscription Countdown($from: Int!) { countdown(from: $from) }', { from: 1 })
    expect(results).toEqual([{ data: { countdown: 1 } }, { data: { countdown: 0 } }])
  })

  it('applies overrides the request passed in the handler list', async () => {
    server.use(api.override({ Post: { title: 'Pinned' } }))
    const results = client()('subscription { postAdded { __typename id title } }')
    await api.subscribed('postAdded')
    api.publish('postAdded', { id: '1', title: 'Own' })
    api.reset()
    expect(await results).toEqual([{ data: { postAdded: { __typename: 'Post', id: '1', title: 'Pinned' } } }])
  })

  it('reports a document the schema rejects with its GraphQL errors', async () => {
    const outcome = await client()('subscription Bad { postAdded { nope } }').then(
      (results) => results,
      (reason: unknown) => reason,
    )
    expect(JSON.stringify(outcome)).toMatch(/Cannot query field \\"nope\\" on type \\"Post\\"/)
  })
})

describe('schema-backed subscriptions over GraphQL over SSE: the client leaves', () => {
  it('ends the schema’s event source when the graphql-sse client unsubscribes', async () => {
    const sse = createClient({ url: URL_, retryAttempts: 0 })
    clients.push(sse)
    let first!: () => void
    const arrived = new Promise<void>((resolve) => (first = resolve))
    const unsubscribe = sse.subscribe(
      { query: 'subscription { ticks }' },
      { next: () => first(), error: () => {}, complete: () => {} },
    )
    await arrived
    unsubscribe()
    await ticksEnded()
  })
})
