// subscription.passthrough(): a real graphql-ws server (the `ws` package + graphql-ws/use/ws)
// on 127.0.0.1 serves the subscriptions a handler passes through, beside mocked ones on the
// same socket.
import { graphql } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { useServer } from 'graphql-ws/use/ws'
import { buildSchema } from 'graphql'
import { createServer, type Server } from 'node:http'
import { WebSocketServer } from 'ws'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { collect, failure, useGraphQLWsClients } from './graphql-ws-clients'
import { deferred } from '../ws/socket'

const schema = buildSchema(`
  type Query { ok: Boolean }
  type Subscription { count(to: Int!): Int, whoAmI: String, forever: Int }
`)
/** Root resolvers for graphql-js's default subscribe: each field is an async generator of results. */
/** The real server's `forever` subscription ended (its generator's finally ran). */
let foreverEnded = deferred()
let foreverStarted = deferred()
const roots = {
  // One result, then nothing until the server calls return() (a generator could not be
  // returned while it awaits).
  forever(): AsyncIterableIterator<{ forever: number }> {
    let sent = false
    foreverStarted.resolve()
    return {
      [Symbol.asyncIterator]() {
        return this
      },
      next: () =>
        sent ? new Promise(() => {}) : ((sent = true), Promise.resolve({ value: { forever: 1 }, done: false })),
      return: () => {
        foreverEnded.resolve()
        return Promise.resolve({ value: undefined, done: true })
      },
    }
  },
  async *count({ to }: { to: number }) {
    for (let n = 1; n <= to; n++) yield { count: n }
  },
  async *whoAmI(_args: unknown, context: { connectionParams?: Record<string, unknown> }) {
    yield { whoAmI: String(context.connectionParams?.user) }
  },
}

let http: Server
let wss: WebSocketServer
let url: string
const server = setupServer()
// Each test passes the real server's URL (known once it listens).
const client = useGraphQLWsClients(server, 'ws://127.0.0.1:1/unused')

beforeAll(async () => {
  http = createServer()
  wss = new WebSocketServer({ server: http, path: '/graphql' })
  useServer(
    { schema, roots: { subscription: roots }, context: (ctx) => ({ connectionParams: ctx.connectionParams }) },
    wss,
  )
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()))
  url = `ws://127.0.0.1:${(http.address() as { port: number }).port}/graphql`
})
afterAll(async () => {
  for (const socket of wss.clients) socket.terminate()
  wss.close()
  http.closeAllConnections()
  await new Promise((resolve) => http.close(resolve))
})

it('opens the real subscription with the client’s connection params and relays it; mocked ones share the socket', async () => {
  const api = graphql.link(url)
  server.use(
    api.subscription(/^Real/, ({ subscription }) => subscription.passthrough()),
    api.subscription('Mocked', ({ subscription }) => subscription.from([{ data: { count: 42 } }])),
  )
  const target = client({ url, connectionParams: { user: 'ada' } })
  const [real, mocked, who] = await Promise.all([
    collect(target, 'subscription RealCount($to: Int!) { count(to: $to) }', { to: 3 }),
    collect(target, 'subscription Mocked { count(to: 1) }'),
    collect(target, 'subscription RealWho { whoAmI }'),
  ])
  expect(real).toEqual([{ data: { count: 1 } }, { data: { count: 2 } }, { data: { count: 3 } }])
  expect(mocked).toEqual([{ data: { count: 42 } }])
  expect(who).toEqual([{ data: { whoAmI: 'ada' } }])
  // The real server saw one connection: mocklib's, on behalf of the client.
  expect(wss.clients.size).toBe(1)
})

it('relays the real server’s errors', async () => {
  server.use(graphql.link(url).subscription('RealBroken', ({ subscription }) => subscription.passthrough()))
  const errors = await failure(collect(client({ url }), 'subscription RealBroken { nope }'))
  expect(errors).toEqual([expect.objectContaining({ message: 'Cannot query field "nope" on type "Subscription".' })])
})

it('stops the real subscription when the client unsubscribes', async () => {
  foreverStarted = deferred()
  foreverEnded = deferred()
  server.use(graphql.link(url).subscription('RealForever', ({ subscription }) => subscription.passthrough()))
  const first = deferred<unknown>()
  const unsubscribe = client({ url }).subscribe(
    { query: 'subscription RealForever { forever }' },
    { next: first.resolve, error: () => {}, complete: () => {} },
  )
  expect(await first.promise).toEqual({ data: { forever: 1 } })
  await foreverStarted.promise
  unsubscribe()
  await foreverEnded.promise
})

it('ends a passed-through subscription with an error saying so when the real server cannot be reached', async () => {
  const nowhere = 'ws://127.0.0.1:9/graphql'
  server.use(graphql.link(nowhere).subscription('RealCount', ({ subscription }) => subscription.passthrough()))
  const errors = (await failure(
    collect(client({ url: nowhere }), 'subscription RealCount { count(to: 1) }'),
  )) as Array<{ message: string }>
  expect(errors).toEqual([
    {
      message: `subscription.passthrough(): the real server at ${nowhere} could not be reached, so the subscription ended.`,
    },
  ])
})

it('passthrough() returns the real subscription: listeners hear the ack and each result, and may patch what the client gets', async () => {
  const seen: string[] = []
  server.use(
    graphql.link(url).subscription('RealCount', ({ subscription }) => {
      const real = subscription.passthrough()
      real.addEventListener('connection_ack', (event) =>
        seen.push(`${event.type} ${JSON.stringify(event.data ?? null)}`),
      )
      real.addEventListener('next', (event) => {
        seen.push(
          `${event.data.type} ${event.data.id === subscription.id ? 'same id' : event.data.id} ${JSON.stringify(event.data.payload)}`,
        )
        // Keep the real result from the client and send a patched one.
        event.preventDefault()
        subscription.publish({ data: { count: Number(event.data.payload.data?.count) * 10 } })
      })
      real.addEventListener('complete', (event) => seen.push(`complete prevented=${event.defaultPrevented}`))
    }),
  )
  const results = await collect(client({ url }), 'subscription RealCount($to: Int!) { count(to: $to) }', { to: 2 })
  expect(results).toEqual([{ data: { count: 10 } }, { data: { count: 20 } }])
  expect(seen).toEqual([
    'connection_ack {"type":"connection_ack"}',
    'next same id {"data":{"count":1}}',
    'next same id {"data":{"count":2}}',
    'complete prevented=false',
  ])
})

it('unsubscribe() stops the real subscription and leaves the client’s open for the handler; errors reach listeners first', async () => {
  foreverStarted = deferred()
  foreverEnded = deferred()
  const errors: unknown[] = []
  const api = graphql.link(url)
  server.use(
    api.subscription('RealForever', ({ subscription }) => {
      const real = subscription.passthrough()
      real.addEventListener('next', (event) => {
        // The first real result stops the real subscription; the handler answers from here.
        event.preventDefault()
        real.unsubscribe()
        subscription.publish({ data: { forever: `mocked after ${JSON.stringify(event.data.payload.data)}` } })
        subscription.complete()
      })
    }),
    api.subscription('RealBroken', ({ subscription }) => {
      subscription.passthrough().addEventListener('error', (event) => errors.push(...event.data.payload))
    }),
  )
  const target = client({ url })
  expect(await collect(target, 'subscription RealForever { forever }')).toEqual([
    { data: { forever: 'mocked after {"forever":1}' } },
  ])
  await foreverEnded.promise
  const failed = (await failure(collect(target, 'subscription RealBroken { nope }'))) as unknown[]
  expect(failed).toEqual([expect.objectContaining({ message: 'Cannot query field "nope" on type "Subscription".' })])
  expect(errors).toEqual(failed)
})
