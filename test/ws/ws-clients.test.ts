// Real WebSocket clients other than a bare `new WebSocket()`: a reconnecting client
// (partysocket), and the client mocklib documents as not mocked (a WebSocket class captured
// before listen()). The `ws` package's client: ws-package.test.ts.
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import ReconnectingWebSocket from 'partysocket/ws'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startRealServer, type RealServer } from './real-server'
import { deferred } from './socket'

let real: RealServer
const server = setupServer()

beforeAll(async () => {
  real = await startRealServer()
})
afterEach(() => {
  server.close()
  vi.restoreAllMocks()
})
afterAll(() => real.close())

describe('partysocket (reconnecting client over the global WebSocket)', () => {
  it('reconnects after the mock closes it, and the handler sees the new connection', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const link = ws.link('wss://live.test/feed')
    let connections = 0
    server.use(
      link.addEventListener('connection', ({ client }) => {
        connections++
        client.send(`connection ${connections}`)
        client.addEventListener('message', (event) => {
          if (event.data === 'drop me') client.close(4000, 'try again')
          else client.send(`ack ${String(event.data)}`)
        })
      }),
    )
    // Reconnect delays are the client's own settings, not waits in the test.
    const socket = new ReconnectingWebSocket('wss://live.test/feed', [], {
      minReconnectionDelay: 1,
      maxReconnectionDelay: 5,
      maxRetries: 3,
    })
    const frames: string[] = []
    const secondConnection = deferred()
    const acked = deferred()
    socket.addEventListener('message', (event) => {
      frames.push(String(event.data))
      if (event.data === 'connection 1') socket.send('drop me')
      if (event.data === 'connection 2') {
        secondConnection.resolve()
        socket.send('still here')
      }
      if (event.data === 'ack still here') acked.resolve()
    })
    await secondConnection.promise
    await acked.promise
    socket.close()
    expect(frames).toEqual(['connection 1', 'connection 2', 'ack still here'])
  })
})

describe('clients mocklib does not mock', () => {
  it('a WebSocket class captured before listen() talks to the network: handlers never see it', async () => {
    const Captured = globalThis.WebSocket
    server.listen({ onUnhandledRequest: 'error' })
    const handler = vi.fn()
    server.use(ws.link(real.url).addEventListener('connection', handler))
    const socket = new Captured(real.url)
    const first = await new Promise<string>((resolve) =>
      socket.addEventListener('message', (event) => resolve(String(event.data))),
    )
    socket.close()
    expect(first).toBe('hello from the real server')
    expect(handler).not.toHaveBeenCalled()
  })
})
