// MSW 3's realtime entries under msw@3.0.5 and mocklib: msw/ws (the WebSocketConnectionEvent a
// listener gets), msw/sse, and msw/graphql's subscription handler with a real graphql-ws client.
import { once } from 'node:events'
import { createClient } from 'graphql-ws'
import { describe, expect, it } from 'vitest'
import { WebSocketExtension, type WebSocketData } from 'mocklib/ws'
import { runBoth3 } from './harness'
import { withServer } from '../parity/harness'

describe('msw/ws', () => {
  it('a connection listener gets client, server, params and info; messages flow both ways', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const chat = lib.ws.ws.link('wss://chat.test/rooms/:room')
      const seen: unknown[] = []
      const handler = chat.addEventListener('connection', (event) => {
        const { client, params, info } = event
        seen.push({ params, protocols: info.protocols, id: typeof client.id, url: client.url.href })
        client.addEventListener('message', (message) => client.send(`echo ${String(message.data)}`))
      })
      return withServer(lib, [handler], { onUnhandledFrame: 'error' }, async () => {
        const socket = new WebSocket('wss://chat.test/rooms/7', 'chat')
        await once(socket, 'open')
        socket.send('ping')
        const [message] = await once(socket, 'message')
        socket.close()
        return { seen, reply: (message as MessageEvent).data }
      })
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib.reply).toBe('echo ping')
  })
})

describe('msw/sse', () => {
  it('sends the same event stream', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const handler = lib.sse.sse<{ message: string; update: { n: number } }>(
        'https://api.test/stream',
        ({ client }) => {
          client.send({ data: 'plain' })
          client.send({ id: '2', event: 'update', data: { n: 1 } })
          client.close()
        },
      )
      return withServer(lib, [handler], { onUnhandledFrame: 'error' }, async () => {
        const response = await fetch('https://api.test/stream', { headers: { accept: 'text/event-stream' } })
        return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
      })
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib.body).toContain('event:update')
  })
})

describe('msw/graphql subscriptions', () => {
  it('createGraphQLSubscriptionHandler(url) serves a graphql-ws client', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const { createGraphQLSubscriptionHandler } = lib.graphql
      const handler = createGraphQLSubscriptionHandler('https://api.test/graphql')('OnPost', ({ subscription }) => {
        subscription.publish({ data: { onPost: { id: '1' } } })
        subscription.publish({ data: { onPost: { id: '2' } } })
        subscription.complete()
      })
      return withServer(lib, [handler], { onUnhandledFrame: 'error' }, async () => {
        const client = createClient({ url: 'wss://api.test/graphql', retryAttempts: 0, webSocketImpl: WebSocket })
        try {
          return await new Promise<unknown[]>((resolve, reject) => {
            const results: unknown[] = []
            client.subscribe(
              { query: 'subscription OnPost { onPost { id } }' },
              { next: (value) => results.push(value), error: reject, complete: () => resolve(results) },
            )
          })
        } finally {
          await client.dispose()
        }
      })
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib).toEqual([{ data: { onPost: { id: '1' } } }, { data: { onPost: { id: '2' } } }])
  })
})

describe('msw/ws extensions', () => {
  it('ws.link(url, { extensions }) with an extension of its own: handshake, replies to control frames, messages', async () => {
    const outcomes = await runBoth3(async (lib) => {
      type Envelope = { type: string; n?: number }
      // Written once against mocklib's types; under msw3 it extends msw/ws's own base class.
      const Base = lib.ws.WebSocketExtension as unknown as typeof WebSocketExtension
      class JsonEnvelope extends Base<Envelope> {
        override encode(message: Envelope): string {
          return JSON.stringify(message)
        }
        override decode(data: WebSocketData): Envelope | undefined {
          return typeof data === 'string' && data.startsWith('{') ? (JSON.parse(data) as Envelope) : undefined
        }
        override connect(): string {
          return 'handshake'
        }
        override receive(data: WebSocketData): string | undefined {
          return data === 'ping' ? 'pong' : undefined
        }
      }
      const link = lib.ws.ws.link('wss://envelope.test', { extensions: [new JsonEnvelope()] })
      const decoded: Envelope[] = []
      const handler = link.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          decoded.push(event.data)
          client.send({ type: 'echo', n: event.data.n })
        })
      })
      return withServer(lib, [handler], { onUnhandledFrame: 'error' }, async () => {
        const socket = new WebSocket('wss://envelope.test')
        const frames: string[] = []
        const echoed = new Promise<void>((resolve) =>
          socket.addEventListener('message', (event) => {
            frames.push(String(event.data))
            if (String(event.data).includes('echo')) resolve()
          }),
        )
        await once(socket, 'open')
        socket.send('ping')
        socket.send(JSON.stringify({ type: 'hello', n: 1 }))
        await echoed
        socket.close()
        return { frames, decoded }
      })
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib).toEqual({
      frames: ['handshake', 'pong', '{"type":"echo","n":1}'],
      decoded: [{ type: 'hello', n: 1 }],
    })
  })
})
