// Schema-backed subscriptions: `api.handler(url)` executes subscriptions against the schema with
// graphql-js `subscribe`, driven by the real graphql-ws client over graphql-transport-ws (and
// subscriptions-transport-ws's SubscriptionClient over the legacy protocol).
import { setupServer } from 'mocklib/node'
import { SubscriptionClient } from 'subscriptions-transport-ws'
import { createFeedExecutor } from '../executor/fixtures/feed-executor'
import { createClient, type Client } from 'graphql-ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deferred } from '../helpers/deferred'

const { api, ticksEnded } = createFeedExecutor()
const server = setupServer(api.handler('https://api.test/graphql'))
const clients: Client[] = []

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()))
  server.resetHandlers()
  api.reset()
})
afterAll(() => server.close())

function client(): Client {
  const created = createClient({ url: 'wss://api.test/graphql', retryAttempts: 0, webSocketImpl: WebSocket })
  clients.push(created)
  return created
}

interface Subscriber {
  results: unknown[]
  /** Settles with every result once the server completes; rejects with an `error` message's errors. */
  done: Promise<unknown[]>
  unsubscribe: () => void
}

function subscribe(target: Client, query: string, variables?: Record<string, unknown>): Subscriber {
  const results: unknown[] = []
  let unsubscribe = () => {}
  const done = new Promise<unknown[]>((resolve, reject) => {
    unsubscribe = target.subscribe(
      { query, variables },
      { next: (value) => results.push(value), error: reject, complete: () => resolve(results) },
    )
  })
  return { results, done, unsubscribe }
}

const POST_ADDED = 'subscription OnPostAdded { postAdded { id title } }'

describe('schema-backed subscriptions over graphql-transport-ws', () => {
  it('delivers published events in order, each executed with the selection set, until reset() completes it', async () => {
    const subscriber = subscribe(client(), POST_ADDED)
    await api.subscribed('postAdded')
    expect(api.publish('postAdded', { id: '1', title: 'First' })).toBe(1)
    api.publish('postAdded', { id: '2', title: 'Second', author: { name: 'Ada' } })
    api.publish('postAdded', { id: '3', title: 'Third' })
    api.reset()
    expect(await subscriber.done).toEqual([
      { data: { postAdded: { id: '1', title: 'First' } } },
      { data: { postAdded: { id: '2', title: 'Second' } } },
      { data: { postAdded: { id: '3', title: 'Third' } } },
    ])
  })

  it('runs a Subscription field’s own subscribe resolver, with variables, and completes when its events end', async () => {
    const { done } = subscribe(client(), 'subscription Countdown($from: Int!) { countdown(from: $from) }', { from: 2 })
    expect(await done).toEqual([{ data: { countdown: 2 } }, { data: { countdown: 1 } }, { data: { countdown: 0 } }])
  })

  it('executes each subscriber’s own selection set and variables on the same event; mocks fill what the payload leaves out', async () => {
    const target = client()
    const titles = subscribe(target, 'subscription Titles { postAdded { title } }')
    const authors = subscribe(
      target,
      'subscription Authors($feed: String) { postAdded(feed: $feed) { id author { name } } }',
      { feed: 'news' },
    )
    await api.subscribed('postAdded', 2)
    expect(api.publish('postAdded', { id: '7', title: 'Shared' })).toBe(2)
    api.reset()
    const [[titleResult], [authorResult]] = await Promise.all([titles.done, authors.done])
    expect(titleResult).toEqual({ data: { postAdded: { title: 'Shared' } } })
    expect(authorResult).toEqual({ data: { postAdded: { id: '7', author: { name: expect.any(String) } } } })
  })

  it('reports a document the schema rejects as an `error` message with the GraphQL errors', async () => {
    const { done } = subscribe(client(), 'subscription Bad { postAdded { id nope } }')
    const errors = await done.then(
      () => [],
      (reason: unknown) => reason,
    )
    expect(errors).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/Cannot query field "nope" on type "Post"/) }),
    ])
  })

  it('answers variables that do not coerce with one result carrying the errors, then completes (as graphql-ws servers do)', async () => {
    const { done } = subscribe(client(), 'subscription Countdown($from: Int!) { countdown(from: $from) }', {
      from: 'ten',
    })
    const [result] = await done
    expect(result).toEqual({ errors: [expect.objectContaining({ message: expect.stringMatching(/\$from/) })] })
  })

  it('ends the schema’s event source when the client unsubscribes', async () => {
    const target = client()
    const firstTick = deferred<void>()
    const results: unknown[] = []
    const unsubscribe = target.subscribe(
      { query: 'subscription { ticks }' },
      {
        next: (value) => {
          results.push(value)
          firstTick.resolve()
        },
        error: () => {},
        complete: () => {},
      },
    )
    await firstTick.promise
    unsubscribe()
    await ticksEnded()
    expect(results[0]).toEqual({ data: { ticks: 1 } })
  })

  it('ends a subscription the client unsubscribed from: publish() no longer reaches it', async () => {
    const target = client()
    const first = subscribe(target, POST_ADDED)
    await api.subscribed('postAdded')
    first.unsubscribe()
    // The socket carries messages in order: once a later subscription is served, the complete was handled.
    await subscribe(target, 'subscription { countdown(from: 0) }').done
    expect(api.publish('postAdded', { id: '9' })).toBe(0)
    expect(first.results).toEqual([])
  })

  it('ends the subscription with an error when the field’s own event source throws', async () => {
    const { done, results } = subscribe(client(), 'subscription { broken }')
    const errors = await done.then(
      () => [],
      (reason: unknown) => reason,
    )
    expect(results).toEqual([{ data: { broken: 1 } }])
    expect(errors).toEqual([expect.objectContaining({ message: 'The feed broke.' })])
  })

  it('api.handler() without a URL serves subscriptions at any URL', async () => {
    server.use(api.handler())
    const anywhere = createClient({ url: 'wss://elsewhere.test/graphql', retryAttempts: 0, webSocketImpl: WebSocket })
    clients.push(anywhere)
    const { done } = subscribe(anywhere, 'subscription { countdown(from: 0) }')
    expect(await done).toEqual([{ data: { countdown: 0 } }])
  })

  it('names the Subscription fields when publish() gets an unknown one', async () => {
    await api.ready()
    expect(() => api.publish('postRemoved' as 'postAdded', {})).toThrow(
      /no such field\. Its fields: postAdded, countdown, ticks, broken/,
    )
  })
})

describe('schema-backed subscriptions over the legacy subscriptions-transport-ws protocol', () => {
  it('serves SubscriptionClient: published events with its selection set, then reset() completes', async () => {
    const legacy = new SubscriptionClient('wss://api.test/graphql', { reconnect: false, lazy: true }, WebSocket)
    const results: unknown[] = []
    const done = new Promise<unknown[]>((resolve, reject) => {
      legacy
        .request({ query: 'subscription { postAdded { title } }' })
        .subscribe({ next: (value) => results.push(value), error: reject, complete: () => resolve(results) })
    })
    try {
      await api.subscribed('postAdded')
      api.publish('postAdded', { id: '1', title: 'Legacy' })
      api.reset()
      expect(await done).toEqual([{ data: { postAdded: { title: 'Legacy' } } }])
    } finally {
      legacy.close()
    }
  })
})
