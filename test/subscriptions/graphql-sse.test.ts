// graphql.subscription() served as GraphQL over SSE, driven by the real graphql-sse client in
// both of its modes: distinct connections (one POST event stream per operation) and single
// connection (PUT reservation, one GET stream, POSTed operations, DELETE to stop).
import { getResponse, graphql, HttpResponse, type GraphQLSubscriptionHandle } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { deferred, unsubscribeProbe } from './probes'
import { createClient, type Client } from 'graphql-sse'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const URL_ = 'https://api.test/graphql'
const api = graphql.link(URL_)
const server = setupServer()
const clients: Client[] = []

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose()
  server.resetHandlers()
})
afterAll(() => server.close())

/** Subscribes and settles with every result once the server completes, or rejects with the error. */
function collect(client: Client, query: string, variables?: Record<string, unknown>): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const results: unknown[] = []
    client.subscribe(
      { query, variables },
      { next: (value) => results.push(value), error: reject, complete: () => resolve(results) },
    )
  })
}

describe.each([
  ['distinct connections', false],
  ['single connection', true],
])('graphql.subscription() over GraphQL over SSE, %s mode', (_mode, singleConnection) => {
  // Created per test, after listen(): the client captures fetch when it is created.
  function client(): Client {
    const created = createClient({ url: URL_, singleConnection, retryAttempts: 0 })
    clients.push(created)
    return created
  }

  it('streams results in order with the variables the client sent, then completes', async () => {
    server.use(
      api.subscription('OnTick', ({ variables, operationName, subscription, request }) => {
        for (let n = 1; n <= 3; n++)
          subscription.publish({ data: { tick: { n, room: variables.room, op: operationName } } })
        subscription.complete()
        expect(request.url).toBe(URL_)
      }),
    )
    const results = await collect(client(), 'subscription OnTick($room: ID!) { tick(room: $room) { n } }', {
      room: 'r1',
    })
    expect(results).toEqual([1, 2, 3].map((n) => ({ data: { tick: { n, room: 'r1', op: 'OnTick' } } })))
  })

  it('keeps the handle usable after the resolver returns, and serves from(asyncIterable)', async () => {
    const handle = deferred<GraphQLSubscriptionHandle>()
    server.use(
      api.subscription('OnLater', ({ subscription }) => handle.resolve(subscription)),
      api.subscription('OnMany', ({ subscription }) =>
        subscription.from(
          (async function* () {
            yield { data: { n: 1 } }
            yield { data: { n: 2 } }
          })(),
        ),
      ),
    )
    const target = client()
    const later = collect(target, 'subscription OnLater { n }')
    const subscription = await handle.promise
    subscription.publish({ data: { n: 'pushed' } })
    subscription.complete()
    expect(await later).toEqual([{ data: { n: 'pushed' } }])
    expect(subscription.active).toBe(false)
    expect(await collect(target, 'subscription OnMany { n }')).toEqual([{ data: { n: 1 } }, { data: { n: 2 } }])
  })

  it('reports error() and a throwing resolver as a result with errors, then completes (the protocol has no error event)', async () => {
    server.use(
      api.subscription('OnFail', ({ subscription }) => {
        subscription.publish({ data: { n: 1 } })
        subscription.error([{ message: 'room closed', extensions: { code: 'GONE' } }])
      }),
      api.subscription('OnThrow', () => {
        throw new Error('resolver broke')
      }),
    )
    const target = client()
    expect(await collect(target, 'subscription OnFail { n }')).toEqual([
      { data: { n: 1 } },
      { errors: [{ message: 'room closed', extensions: { code: 'GONE' } }] },
    ])
    const logged: string[] = []
    const errorLog = console.error
    console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '))
    try {
      expect(await collect(target, 'subscription OnThrow { n }')).toEqual([{ errors: [{ message: 'resolver broke' }] }])
    } finally {
      console.error = errorLog
    }
    expect(logged.join('\n')).toContain(
      'The resolver of "subscription OnThrow (origin: https://api.test/graphql)" threw',
    )
  })

  it('runs finalize when the client unsubscribes', async () => {
    const probe = unsubscribeProbe(api)
    server.use(probe.handler)
    const first = deferred<unknown>()
    const unsubscribe = client().subscribe(
      { query: 'subscription OnTick { n }' },
      { next: (value) => first.resolve(value), error: () => {}, complete: () => {} },
    )
    expect(await first.promise).toEqual({ data: { n: 1 } })
    unsubscribe()
    expect(await probe.ended()).toBe(false)
  })

  it('resetHandlers() completes the subscriptions of a handler that left the list and leaves the others running', async () => {
    const kept = deferred<GraphQLSubscriptionHandle>()
    const goneStarted = deferred()
    const goneFinalized = deferred()
    const keptHandler = api.subscription('OnKept', ({ subscription }) => kept.resolve(subscription))
    server.use(
      keptHandler,
      api.subscription('OnGone', ({ subscription, finalize }) => {
        finalize(() => goneFinalized.resolve())
        subscription.publish({ data: { n: 1 } })
        goneStarted.resolve()
      }),
    )
    const target = client()
    const keptResults = collect(target, 'subscription OnKept { n }')
    const goneResults = collect(target, 'subscription OnGone { n }')
    const [handle] = await Promise.all([kept.promise, goneStarted.promise])
    server.resetHandlers(keptHandler)
    expect(await goneResults).toEqual([{ data: { n: 1 } }])
    await goneFinalized.promise
    expect(handle.active).toBe(true)
    handle.publish({ data: { n: 'still here' } })
    handle.complete()
    expect(await keptResults).toEqual([{ data: { n: 'still here' } }])
  })

  it("answers queries and mutations with the link's query and mutation handlers, as one next event then complete", async () => {
    server.use(
      // Listed first: a single-connection POST (it carries the stream token) is still not theirs to answer directly.
      api.query('Me', () => HttpResponse.json({ data: { me: 'ada' } })),
      api.mutation('Rename', ({ variables }) => HttpResponse.json({ data: { rename: variables.to } })),
      api.subscription('OnTick', () => {}),
    )
    const target = client()
    expect(await collect(target, 'query Me { me }')).toEqual([{ data: { me: 'ada' } }])
    expect(await collect(target, 'mutation Rename($to: String!) { rename(to: $to) }', { to: 'bob' })).toEqual([
      { data: { rename: 'bob' } },
    ])
  })

  it('keeps parallel boundaries apart: each stream is served by its own boundary’s handler', async () => {
    const inBoundary = (label: string) =>
      server.boundary(async () => {
        server.use(
          api.subscription('OnTick', ({ subscription }) => {
            subscription.publish({ data: { label } })
            subscription.complete()
          }),
        )
        return collect(client(), 'subscription OnTick { label }')
      })()
    const [a, b] = await Promise.all([inBoundary('a'), inBoundary('b')])
    expect(a).toEqual([{ data: { label: 'a' } }])
    expect(b).toEqual([{ data: { label: 'b' } }])
  })
})

describe('GraphQL over SSE, distinct connections mode: the wire', () => {
  it('sends the wire format of the protocol: next events, then complete with an empty data line', async () => {
    server.use(
      api.subscription('OnTick', ({ subscription }) => {
        subscription.publish({ data: { n: 1 } })
        subscription.complete()
      }),
    )
    const response = await fetch(URL_, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription OnTick { n }' }),
    })
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(await response.text()).toBe('event:next\ndata:{"data":{"n":1}}\n\nevent:complete\ndata:\n\n')
  })
})

describe('the stream token header', () => {
  it('is read once per request, however many GraphQL and subscription handlers look at it', async () => {
    const handlers = [
      ...Array.from({ length: 10 }, (_, index) => api.subscription(`OnTick${index}`, () => {})),
      ...Array.from({ length: 10 }, (_, index) =>
        api.query(`Other${index}`, () => HttpResponse.json({ data: { other: index } })),
      ),
      api.query('Me', () => HttpResponse.json({ data: { me: 'ada' } })),
    ]
    const request = new Request(URL_, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query Me { me }' }),
    })
    let tokenReads = 0
    const { get, has } = request.headers
    const counted = (name: string) => {
      if (name.toLowerCase() === 'x-graphql-event-stream-token') tokenReads++
    }
    Object.assign(request.headers, {
      get: (name: string) => (counted(name), get.call(request.headers, name)),
      has: (name: string) => (counted(name), has.call(request.headers, name)),
    })
    const response = await getResponse(handlers, request)
    expect(await response?.json()).toEqual({ data: { me: 'ada' } })
    expect(tokenReads).toBe(1)
  })
})
