// The transport a subprotocol layer builds on: a small graphql-transport-ws responder written
// on ws.link, driven by the real graphql-ws client (which checks the negotiated subprotocol,
// parses JSON frames and reacts to close codes).
import { ws, type WebSocketClientConnectionProtocol } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createClient, type Client } from 'graphql-ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const api = ws.link('wss://api.test/graphql')
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

type Message = { type: string; id?: string; payload?: Record<string, unknown> }

/** Answers the graphql-transport-ws handshake and each subscription with `count` events. */
function transportWs(onSubscribe: (client: WebSocketClientConnectionProtocol, message: Message) => void) {
  return api.addEventListener('connection', ({ client, info }) => {
    const protocols = Array.isArray(info.protocols) ? info.protocols : [info.protocols]
    if (!protocols.includes('graphql-transport-ws')) return client.close(4406, 'Subprotocol not acceptable')
    client.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as Message
      if (message.type === 'connection_init') client.send(JSON.stringify({ type: 'connection_ack' }))
      else if (message.type === 'ping') client.send(JSON.stringify({ type: 'pong' }))
      else if (message.type === 'subscribe') onSubscribe(client, message)
    })
  })
}

function collect(client: Client, query: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const results: unknown[] = []
    client.subscribe(
      { query },
      { next: (value) => results.push(value), error: reject, complete: () => resolve(results) },
    )
  })
}

describe('graphql-ws over ws.link', () => {
  it('subscribes, receives next messages and completes', async () => {
    server.use(
      transportWs((client, { id }) => {
        for (const n of [1, 2, 3]) client.send(JSON.stringify({ id, type: 'next', payload: { data: { count: n } } }))
        client.send(JSON.stringify({ id, type: 'complete' }))
      }),
    )
    const client = createClient({ url: 'wss://api.test/graphql', retryAttempts: 0 })
    const results = await collect(client, 'subscription { count }')
    await client.dispose()
    expect(results).toEqual([{ data: { count: 1 } }, { data: { count: 2 } }, { data: { count: 3 } }])
  })

  it('a close code from the handler (4403 Forbidden) reaches the client as the error it reports', async () => {
    server.use(
      api.addEventListener('connection', ({ client }) =>
        client.addEventListener('message', () => client.close(4403, 'Forbidden')),
      ),
    )
    const client = createClient({ url: 'wss://api.test/graphql', retryAttempts: 0 })
    const error = await collect(client, 'subscription { count }').then(
      () => undefined,
      (reason: unknown) => reason,
    )
    await client.dispose()
    expect(error).toMatchObject({ code: 4403, reason: 'Forbidden' })
  })
})
