// graphql-transport-ws connections: the onConnect hook (ack payload, refusal 4403, a throw
// 4500), the init timeout (4408), active subscriptions reached from the test (handler.publish,
// link.subscriptions), resetHandlers() and server.boundary(). Driven by the graphql-ws client.
import { graphql, type GraphQLSubscriptionHandle, type GraphQLSubscriptionResolver } from 'mocklib'
import { setupServer } from 'mocklib/node'
import type { Client } from 'graphql-ws'
import { describe, expect, it } from 'vitest'
import { useGraphQLWsClients, failure } from './graphql-ws-clients'
import { deferred } from '../ws/socket'

const URL_ = 'wss://api.test/graphql'
// An initial handler, so that resetHandlers() has one that stays (each test sets what it does).
let onStay: GraphQLSubscriptionResolver = () => {}
const stayHandler = graphql.subscription('OnStay', (info) => onStay(info))
const server = setupServer(stayHandler)
const newClient = useGraphQLWsClients(server, URL_)

function client(
  options: { connectionParams?: Record<string, unknown>; onAck?: (payload: unknown) => void } = {},
): Client {
  return newClient({
    connectionParams: options.connectionParams,
    on: { connected: (_socket, payload) => options.onAck?.(payload) },
  })
}

/** Subscribes; `values` fills as results arrive, `done` settles on complete or rejects on error. */
function subscribe(target: Client, query: string, variables?: Record<string, unknown>) {
  const values: unknown[] = []
  let stop = () => {}
  const done = new Promise<unknown[]>((resolve, reject) => {
    stop = target.subscribe(
      { query, variables },
      { next: (value) => values.push(value), error: reject, complete: () => resolve(values) },
    )
  })
  return { values, done, stop: () => stop() }
}

describe('onConnect', () => {
  it('sees the connection_init payload, acks with what it returns, and resolvers get the payload', async () => {
    const seen: unknown[] = []
    const api = graphql.link('https://api.test/graphql', {
      onConnect(payload, { request }) {
        seen.push([payload, new URL(request.url).host])
        return { server: 'mocked' }
      },
    })
    server.use(
      api.subscription('OnTick', ({ connectionParams, subscription }) =>
        subscription.from([{ data: { token: connectionParams.token } }]),
      ),
    )
    const ack = deferred<unknown>()
    const target = client({ connectionParams: { token: 't1' }, onAck: ack.resolve })
    expect(await subscribe(target, 'subscription OnTick { token }').done).toEqual([{ data: { token: 't1' } }])
    expect(await ack.promise).toEqual({ server: 'mocked' })
    expect(seen).toEqual([[{ token: 't1' }, 'api.test']])
  })

  it('refuses with close 4403 when it returns false (async too)', async () => {
    const api = graphql.link('https://api.test/graphql', { onConnect: async (payload) => payload.token === 'good' })
    server.use(api.subscription('OnTick', ({ subscription }) => subscription.complete()))
    expect(
      await failure(subscribe(client({ connectionParams: { token: 'bad' } }), 'subscription OnTick { n }').done),
    ).toMatchObject({
      code: 4403,
      reason: 'Forbidden',
    })
    expect(await subscribe(client({ connectionParams: { token: 'good' } }), 'subscription OnTick { n }').done).toEqual(
      [],
    )
  })

  it('takes the hook of the first handler on the connection that has one; a throw closes with 4500', async () => {
    const errorLog = console.error
    const logged: string[] = []
    console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '))
    try {
      server.use(
        graphql.subscription('OnTick', () => {}, {
          onConnect() {
            throw new Error('no tokens today')
          },
        }),
        graphql.subscription('OnOther', () => {}, { onConnect: () => true }),
      )
      expect(await failure(subscribe(client(), 'subscription OnTick { n }').done)).toMatchObject({
        code: 4500,
        reason: 'no tokens today',
      })
    } finally {
      console.error = errorLog
    }
    expect(logged.join('\n')).toContain('The onConnect hook of "subscription OnTick (origin: *)" threw')
  })
})

describe('connection_init timeout', () => {
  it('closes with 4408 when no connection_init arrives in connectionInitWaitTimeout', async () => {
    server.use(
      graphql.link('https://api.test/graphql', { connectionInitWaitTimeout: 1 }).subscription('OnTick', () => {}),
    )
    const socket = new WebSocket(URL_, 'graphql-transport-ws')
    const closed = await new Promise<CloseEvent>((resolve) => socket.addEventListener('close', resolve))
    expect([closed.code, closed.reason]).toEqual([4408, 'Connection initialisation timeout'])
  })
})

describe('active subscriptions', () => {
  it('handler.publish() reaches every active subscription of the handler; link.subscriptions lists them', async () => {
    const api = graphql.link('https://api.test/graphql')
    const started = [deferred(), deferred()]
    let count = 0
    const onTick = api.subscription<{ tick: number }, { room: string }>('OnTick', () => started[count++]?.resolve())
    server.use(
      onTick,
      api.subscription('OnOther', () => {}),
    )
    const target = client()
    const first = subscribe(target, 'subscription OnTick($room: ID!) { tick }', { room: 'a' })
    const second = subscribe(target, 'subscription OnTick($room: ID!) { tick }', { room: 'b' })
    await Promise.all(started.map((entry) => entry.promise))
    expect([...onTick.subscriptions].map((handle) => handle.variables.room)).toEqual(['a', 'b'])
    expect([...api.subscriptions].map((handle) => handle.operationName)).toEqual(['OnTick', 'OnTick'])
    onTick.publish({ data: { tick: 1 } })
    for (const handle of onTick.subscriptions) if (handle.variables.room === 'b') handle.publish({ data: { tick: 2 } })
    for (const handle of api.subscriptions) handle.complete()
    expect(await first.done).toEqual([{ data: { tick: 1 } }])
    expect(await second.done).toEqual([{ data: { tick: 1 } }, { data: { tick: 2 } }])
    expect(onTick.subscriptions.size).toBe(0)
    expect(api.subscriptions.size).toBe(0)
  })

  it('resetHandlers() leaves subscriptions of handlers that stay open and completes those whose handler left', async () => {
    const staying = deferred<GraphQLSubscriptionHandle>()
    const leaving = deferred<GraphQLSubscriptionHandle>()
    const finalized: string[] = []
    onStay = ({ subscription, finalize }) => {
      finalize(() => finalized.push('stay'))
      staying.resolve(subscription)
    }
    server.use(
      graphql.subscription('OnLeave', ({ subscription, finalize }) => {
        finalize(() => finalized.push('leave'))
        leaving.resolve(subscription)
      }),
    )
    const target = client()
    const stay = subscribe(target, 'subscription OnStay { n }')
    const leave = subscribe(target, 'subscription OnLeave { n }')
    const [stayHandle, leaveHandle] = await Promise.all([staying.promise, leaving.promise])
    server.resetHandlers()
    expect(await leave.done).toEqual([])
    expect([leaveHandle.active, stayHandle.active]).toEqual([false, true])
    expect(finalized).toEqual(['leave'])
    stayHandle.publish({ data: { n: 1 } })
    stayHandle.complete()
    expect(await stay.done).toEqual([{ data: { n: 1 } }])
    expect(finalized).toEqual(['leave', 'stay'])
  })

  it('server.boundary() keeps parallel tests apart: each client gets only its own handler’s events', async () => {
    const run = (label: string) =>
      server.boundary(async () => {
        const ready = deferred()
        const handler = graphql.subscription('OnTick', () => ready.resolve())
        server.use(handler)
        const target = client()
        const sub = subscribe(target, 'subscription OnTick { label }')
        await ready.promise
        handler.publish({ data: { label } })
        handler.subscriptions.forEach((handle) => handle.complete())
        return sub.done
      })()
    const [a, b] = await Promise.all([run('a'), run('b')])
    expect(a).toEqual([{ data: { label: 'a' } }])
    expect(b).toEqual([{ data: { label: 'b' } }])
    expect(server.listHandlers()).toEqual([stayHandler])
  })

  it('one handler shared by parallel boundaries: handler.publish() and .subscriptions reach only the calling boundary’s subscriptions', async () => {
    const started = { a: deferred(), b: deferred() }
    const shared = graphql.subscription<{ label: string }, { who: 'a' | 'b' }>('OnShared', ({ variables }) =>
      started[variables.who].resolve(),
    )
    const bothStarted = Promise.all([started.a.promise, started.b.promise])
    const run = (who: 'a' | 'b') =>
      server.boundary(async () => {
        server.use(shared)
        const sub = subscribe(client(), 'subscription OnShared($who: String) { label }', { who })
        // Both are live before either publishes, so an unscoped publish would reach both.
        await bothStarted
        expect(shared.subscriptions.size).toBe(1)
        shared.publish({ data: { label: who } })
        shared.subscriptions.forEach((handle) => handle.complete())
        return sub.done
      })()
    const [a, b] = await Promise.all([run('a'), run('b')])
    expect(a).toEqual([{ data: { label: 'a' } }])
    expect(b).toEqual([{ data: { label: 'b' } }])
  })
})
