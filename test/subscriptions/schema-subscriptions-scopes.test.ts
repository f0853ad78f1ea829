// Schema-backed subscriptions and the handler list: overrides apply to subscription fields,
// boundaries keep parallel tests' subscriptions and events apart, and resetHandlers() completes
// the subscriptions of an executor handler that left the list. Real graphql-ws clients.
import { setupServer } from 'mocklib/node'
import { createSchemaExecutor } from 'mocklib/schema'
import { createClient, type Client } from 'graphql-ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const api = createSchemaExecutor<{ postAdded: { id: string; title: string } }>({
  typeDefs: /* GraphQL */ `
    type Post { id: ID!  title: String! }
    type Query { posts: [Post!]! }
    type Subscription { postAdded: Post! }
  `,
})

const server = setupServer(api.handler('https://api.test/graphql'))
const clients: Client[] = []

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()))
  server.resetHandlers()
  api.reset()
})
afterAll(() => server.close())

function client(url = 'wss://api.test/graphql'): Client {
  const created = createClient({ url, retryAttempts: 0, webSocketImpl: WebSocket })
  clients.push(created)
  return created
}

/** Settles with every result once the server completes; rejects with an `error` message's errors. */
function collect(target: Client, query: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const results: unknown[] = []
    target.subscribe(
      { query },
      { next: (value) => results.push(value), error: reject, complete: () => resolve(results) },
    )
  })
}

const QUERY = 'subscription { postAdded { id title } }'

describe('schema-backed subscriptions and the handler list', () => {
  it('applies overrides in the list when the subscription starts, to the Subscription field and to nested types', async () => {
    server.use(
      api.override({
        Subscription: { postAdded: (event: { postAdded: { id: string } }) => ({ id: `${event.postAdded.id}!` }) },
      }),
      api.override({ Post: { title: 'Pinned' } }),
    )
    const results = collect(client(), QUERY)
    await api.subscribed('postAdded')
    api.publish('postAdded', { id: '1', title: 'Ignored' })
    api.reset()
    expect(await results).toEqual([{ data: { postAdded: { id: '1!', title: 'Pinned' } } }])
  })

  it('applies no override once resetHandlers() removed it', async () => {
    server.use(api.override({ Post: { title: 'Pinned' } }))
    server.resetHandlers()
    const results = collect(client(), QUERY)
    await api.subscribed('postAdded')
    api.publish('postAdded', { id: '1', title: 'Own' })
    api.reset()
    expect(await results).toEqual([{ data: { postAdded: { id: '1', title: 'Own' } } }])
  })

  it('keeps two parallel boundaries apart: each test’s publish() reaches its own subscriptions only', async () => {
    let arrived = 0
    let bothSubscribed!: () => void
    const barrier = new Promise<void>((resolve) => (bothSubscribed = resolve))
    const run = (id: string, title: string) =>
      server.boundary(async () => {
        server.use(api.override({ Post: { title } }))
        const results = collect(client(), QUERY)
        await api.subscribed('postAdded')
        if (++arrived === 2) bothSubscribed()
        await barrier
        expect(api.publish('postAdded', { id })).toBe(1)
        return { results } // not the promise itself: it settles only after reset()
      })()
    const [first, second] = await Promise.all([run('a', 'From A'), run('b', 'From B')])
    api.reset()
    expect(await first.results).toEqual([{ data: { postAdded: { id: 'a', title: 'From A' } } }])
    expect(await second.results).toEqual([{ data: { postAdded: { id: 'b', title: 'From B' } } }])
  })

  it('completes the subscriptions of an executor handler that resetHandlers() removed', async () => {
    server.use(api.handler('https://other.test/graphql'))
    const results: unknown[] = []
    let firstArrived!: () => void
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve))
    const completed = new Promise<void>((resolve, reject) => {
      client('wss://other.test/graphql').subscribe(
        { query: QUERY },
        {
          next: (value) => {
            results.push(value)
            firstArrived()
          },
          error: reject,
          complete: resolve,
        },
      )
    })
    await api.subscribed('postAdded')
    api.publish('postAdded', { id: '1', title: 'Before' })
    await arrived
    server.resetHandlers()
    await completed
    expect(results).toEqual([{ data: { postAdded: { id: '1', title: 'Before' } } }])
    expect(api.publish('postAdded', { id: '2' })).toBe(0)
  })
})
