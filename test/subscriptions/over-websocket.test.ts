// graphql.subscription() served over graphql-transport-ws, driven by the real graphql-ws client
// (and, for the protocol's close codes, by a bare global WebSocket speaking the subprotocol).
import { graphql, HttpResponse, type GraphQLSubscriptionHandle } from 'mocklib'
import { setupServer } from 'mocklib/node'
import type { Client } from 'graphql-ws'
import { parse } from 'graphql'
import { describe, expect, it, vi } from 'vitest'
import { collect, failure, useGraphQLWsClients } from './graphql-ws-clients'
import { deferred } from '../ws/socket'

const URL_ = 'wss://api.test/graphql'
const api = graphql.link('https://api.test/graphql')
const server = setupServer()
const newClient = useGraphQLWsClients(server, URL_)

function client(url = URL_): Client {
  return newClient({ url })
}

describe('graphql.subscription() over graphql-transport-ws', () => {
  it('publishes results in order with the variables the client sent, then completes', async () => {
    server.use(
      api.subscription('OnTick', ({ variables, operationName, subscription }) => {
        for (let n = 1; n <= 3; n++)
          subscription.publish({ data: { tick: { n, of: variables.room, op: operationName } } })
        subscription.complete()
      }),
    )
    const results = await collect(client(), 'subscription OnTick($room: ID!) { tick(room: $room) { n } }', {
      room: 'r1',
    })
    expect(results).toEqual([1, 2, 3].map((n) => ({ data: { tick: { n, of: 'r1', op: 'OnTick' } } })))
  })

  it('keeps the handle usable after the resolver returns, and serves from(asyncIterable)', async () => {
    const handle = deferred<GraphQLSubscriptionHandle>()
    server.use(
      api.subscription(/^OnLater$/, ({ subscription }) => handle.resolve(subscription)),
      api.subscription('OnStream', ({ subscription }) =>
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
    subscription.publish({ data: { n: 10 } })
    subscription.publish({ data: { n: 20 } })
    subscription.complete()
    expect(subscription.active).toBe(false)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    subscription.publish({ data: { n: 30 } }) // after the end: nothing is sent, and the console says so
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        'Failed to publish to the GraphQL subscription "OnLater": the subscription is no longer active',
      ),
    )
    warn.mockRestore()
    expect(await later).toEqual([{ data: { n: 10 } }, { data: { n: 20 } }])
    expect(await collect(target, 'subscription OnStream { n }')).toEqual([{ data: { n: 1 } }, { data: { n: 2 } }])
  })

  it('runs finalize callbacks, last first, when the client unsubscribes', async () => {
    const order: string[] = []
    const finalized = deferred<void>()
    let handle: GraphQLSubscriptionHandle | undefined
    server.use(
      graphql.subscription('OnPing', ({ subscription, finalize }) => {
        handle = subscription
        finalize(() => {
          order.push('first registered')
          finalized.resolve()
        })
        finalize(() => order.push('second registered'))
        subscription.publish({ data: { ping: 1 } })
      }),
    )
    const first = deferred<unknown>()
    const unsubscribe = client('wss://any.test/socket').subscribe(
      { query: 'subscription OnPing { ping }' },
      {
        next: first.resolve,
        error: () => {},
        complete: () => {},
      },
    )
    expect(await first.promise).toEqual({ data: { ping: 1 } })
    unsubscribe()
    await finalized.promise
    expect(order).toEqual(['second registered', 'first registered'])
    expect(handle?.active).toBe(false)
  })

  it('reports error(), a throwing resolver and a predicate miss as GraphQL errors', async () => {
    server.use(
      api.subscription('OnFail', ({ subscription }) =>
        subscription.error([{ message: 'room closed', extensions: { code: 'GONE' } }]),
      ),
      api.subscription('OnThrow', () => {
        throw new Error('resolver broke')
      }),
    )
    const target = client()
    expect(await failure(collect(target, 'subscription OnFail { n }'))).toEqual([
      { message: 'room closed', extensions: { code: 'GONE' } },
    ])
    const errorLog = console.error
    console.error = () => {}
    try {
      expect(await failure(collect(target, 'subscription OnThrow { n }'))).toEqual([{ message: 'resolver broke' }])
    } finally {
      console.error = errorLog
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const [miss] = (await failure(collect(target, 'subscription OnOther { n }'))) as Array<{ message: string }>
    expect(miss.message).toContain(
      'No graphql.subscription() handler matches the subscription "OnOther" at wss://api.test/graphql',
    )
    expect(miss.message).toContain('"subscription OnFail (origin: https://api.test/graphql)"')
    // The console says so too, in MSW 3.0's words.
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        'Intercepted a GraphQL subscription "OnOther" to "wss://api.test/graphql" that has no matching subscription handler',
      ),
    )
    warn.mockRestore()
  })

  it("answers queries and mutations sent over the socket with the link's query and mutation handlers", async () => {
    server.use(
      api.subscription('OnTick', () => {}),
      api.query('Me', () => HttpResponse.json({ data: { me: 'ada' } })),
      api.mutation('Rename', ({ variables }) =>
        HttpResponse.json({ data: { rename: variables.to }, extensions: { took: 1 } }),
      ),
    )
    const target = client()
    expect(await collect(target, 'query Me { me }')).toEqual([{ data: { me: 'ada' } }])
    expect(await collect(target, 'mutation Rename($to: String!) { rename(to: $to) }', { to: 'bob' })).toEqual([
      { data: { rename: 'bob' }, extensions: { took: 1 } },
    ])
    const logged: string[] = []
    const errorLog = console.error
    console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '))
    try {
      const [missing] = (await failure(collect(target, 'query Other { other }'))) as Array<{ message: string }>
      expect(missing.message).toContain(
        'The operation "Other" sent over graphql-transport-ws to wss://api.test/graphql failed',
      )
    } finally {
      console.error = errorLog
    }
    expect(logged.join('\n')).toContain('https://api.test/graphql')
  })

  it('matches by document and by custom predicate', async () => {
    server.use(
      api.subscription(parse('subscription OnDoc { n }'), ({ subscription }) =>
        subscription.from([{ data: { n: 'doc' } }]),
      ),
      api.subscription(
        ({ variables }) => variables.pick === true,
        ({ subscription }) => subscription.complete(),
      ),
    )
    const target = client()
    expect(await collect(target, 'subscription OnDoc { n }')).toEqual([{ data: { n: 'doc' } }])
    expect(await collect(target, 'subscription Anything { n }', { pick: true })).toEqual([])
  })

  it('follows the handler list: the latest use() wins, listHandlers() names it, resetHandlers() removes it', async () => {
    const tick = (label: string) =>
      api.subscription('OnTick', ({ subscription }) => {
        subscription.publish({ data: { label } })
        subscription.complete()
      })
    server.use(tick('first'))
    server.use(tick('override'))
    expect(server.listHandlers().map((handler) => handler.info.header)).toEqual([
      'subscription OnTick (origin: https://api.test/graphql)',
      'subscription OnTick (origin: https://api.test/graphql)',
    ])
    expect(await collect(client(), 'subscription OnTick { label }')).toEqual([{ data: { label: 'override' } }])
    server.resetHandlers()
    expect(server.listHandlers()).toEqual([])
  })

  it('claims only connections that ask for graphql-transport-ws, at the link URL', async () => {
    server.use(api.subscription('OnTick', ({ subscription }) => subscription.complete()))
    const logged: string[] = []
    const errorLog = console.error
    console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '))
    try {
      expect(await failure(collect(client('wss://other.test/graphql'), 'subscription OnTick { n }'))).toMatchObject({
        type: 'error',
      })
      const closed = deferred<number>()
      const plain = new WebSocket(URL_)
      plain.addEventListener('close', (event) => closed.resolve(event.code))
      expect(await closed.promise).toBe(1006)
    } finally {
      console.error = errorLog
    }
    expect(logged).toEqual([
      expect.stringContaining('no handler matched WebSocket wss://other.test/graphql'),
      expect.stringContaining('no handler matched WebSocket wss://api.test/graphql'),
    ])
  })
})

describe('MSW 3.0 subscription semantics', () => {
  it("gives the resolver the link URL's path params", async () => {
    const params = deferred<unknown>()
    server.use(
      graphql.link('https://api.test/:service/graphql').subscription('OnTick', ({ params: got, subscription }) => {
        params.resolve(got)
        subscription.complete()
      }),
    )
    await collect(client('wss://api.test/billing/graphql'), 'subscription OnTick { n }')
    expect(await params.promise).toEqual({ service: 'billing' })
  })

  it('from() resolves when its source ends, so a resolver may await it and then complete (as MSW 3.0.5)', async () => {
    const settled: string[] = []
    const bothSettled = deferred()
    const settle = (line: string) => settled.push(line) === 2 && bothSettled.resolve()
    server.use(
      api.subscription('OnAwaited', async ({ subscription }) => {
        await subscription.from(
          (async function* () {
            yield { n: 1 }
            yield { n: 2 }
          })(),
        )
        settle(`after the source, active: ${subscription.active}`)
        subscription.complete()
      }),
      api.subscription('OnFailing', async ({ subscription }) => {
        await subscription.from(
          (async function* () {
            yield { n: 1 }
            throw new Error('source broke')
          })(),
        )
        settle(`after the failing source, active: ${subscription.active}`)
      }),
    )
    const target = client()
    expect(await collect(target, 'subscription OnAwaited { n }')).toEqual([{ data: { n: 1 } }, { data: { n: 2 } }])
    expect(await failure(collect(target, 'subscription OnFailing { n }'))).toEqual([{ message: 'source broke' }])
    await bothSettled.promise
    expect(settled).toEqual(['after the source, active: false', 'after the failing source, active: false'])
  })

  it("from() publishes a pub/sub's payloads as the results' data, and whole results as they are", async () => {
    server.use(
      api.subscription('OnPayloads', ({ subscription }) =>
        subscription.from(
          (async function* () {
            yield { commentAdded: { text: 'a' } } // a pub/sub payload: the result's data
            yield { data: { commentAdded: { text: 'b' } }, extensions: { seq: 2 } } // whole results
            yield { errors: [{ message: 'c' }] }
          })(),
        ),
      ),
    )
    expect(await collect(client(), 'subscription OnPayloads { commentAdded { text } }')).toEqual([
      { data: { commentAdded: { text: 'a' } } },
      { data: { commentAdded: { text: 'b' } }, extensions: { seq: 2 } },
      { errors: [{ message: 'c' }] },
    ])
  })

  it('a once handler serves one subscription, then the next one on the same socket goes to the handler after it', async () => {
    const reply =
      (n: string) =>
      ({ subscription }: { subscription: GraphQLSubscriptionHandle }) => {
        subscription.publish({ data: { n } })
        subscription.complete()
      }
    const once = api.subscription('OnTick', reply('once'), { once: true })
    server.use(once, api.subscription('OnTick', reply('after')))
    const target = client()
    expect(await collect(target, 'subscription OnTick { n }')).toEqual([{ data: { n: 'once' } }])
    expect(once.isUsed).toBe(true)
    expect(await collect(target, 'subscription OnTick { n }')).toEqual([{ data: { n: 'after' } }])
  })

  it('emits graphql:subscription once a handler took the subscription, and not for one no handler takes', async () => {
    const seen: Array<{
      operationName: string
      variables: unknown
      url: string
      upgrade: string | null
      subscriptionId: string
    }> = []
    server.events.on('graphql:subscription', ({ operationName, variables, request, subscriptionId }) => {
      seen.push({ operationName, variables, url: request.url, upgrade: request.headers.get('upgrade'), subscriptionId })
    })
    server.use(api.subscription('OnTick', ({ subscription }) => subscription.complete()))
    const target = client()
    await collect(target, 'subscription OnTick($room: ID) { n }', { room: 'r1' })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await failure(collect(target, 'subscription OnUnknown { n }'))
    warn.mockRestore()
    server.events.removeAllListeners()
    expect(seen).toEqual([
      {
        operationName: 'OnTick',
        variables: { room: 'r1' },
        url: URL_,
        upgrade: 'websocket',
        subscriptionId: expect.any(String),
      },
    ])
  })
})

describe('graphql-transport-ws close codes', () => {
  /** Opens a socket, sends the frames once open, and settles with the close code. */
  function closeCode(frames: string[]): Promise<number> {
    return new Promise((resolve) => {
      const socket = new WebSocket(URL_, 'graphql-transport-ws')
      socket.addEventListener('open', () => frames.forEach((frame) => socket.send(frame)))
      socket.addEventListener('close', (event) => resolve(event.code))
    })
  }
  const init = JSON.stringify({ type: 'connection_init' })
  const subscribe = JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription OnTick { n }' } })

  it('closes with 4400, 4401, 4409 and 4429 as the protocol says', async () => {
    server.use(api.subscription('OnTick', () => {}))
    expect(await closeCode(['{not json'])).toBe(4400)
    expect(await closeCode([JSON.stringify({ type: 'subscribe', payload: { query: '{ n }' } })])).toBe(4400)
    expect(await closeCode([subscribe])).toBe(4401)
    expect(await closeCode([init, subscribe, subscribe])).toBe(4409)
    expect(await closeCode([init, init])).toBe(4429)
  })

  it('answers ping with pong', async () => {
    server.use(api.subscription('OnTick', () => {}))
    const socket = new WebSocket(URL_, 'graphql-transport-ws')
    const pong = deferred<string>()
    socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'ping' })))
    socket.addEventListener('message', (event) => pong.resolve(String(event.data)))
    expect(JSON.parse(await pong.promise)).toEqual({ type: 'pong' })
    socket.close()
  })
})
