// MSW 3's WebSocket names on mocklib: the 'websocket:connection' and 'websocket:error' events,
// onUnhandledFrame's 'ws' frames, and the listener's WebSocketConnectionEvent.
import { ws, WebSocketConnectionEvent } from 'mocklib/ws'
import { setupServer } from 'mocklib/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openSocket } from './socket'

const chat = ws.link('wss://chat.test/rooms/:room')
const server = setupServer()
afterEach(() => {
  server.close()
  server.events.removeAllListeners()
  server.resetHandlers()
  vi.restoreAllMocks()
})

describe("MSW 3's WebSocket events", () => {
  it("'websocket:connection' announces each intercepted connection, as 'connection' does", async () => {
    const seen: Array<{ url: string; protocols: unknown }> = []
    server.events.on('websocket:connection', ({ url, protocols }) => seen.push({ url: url.href, protocols }))
    server.use(chat.addEventListener('connection', () => {}))
    server.listen()
    const { socket, opened } = openSocket('wss://chat.test/rooms/1', ['v1'])
    await opened
    expect(seen).toEqual([{ url: 'wss://chat.test/rooms/1', protocols: ['v1'] }])
    socket.close()
  })

  it("'websocket:error' reports a listener that threw, with the error, as the client gets its error event", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const failure = new Error('listener failed')
    const errors: Array<{ url: string; error: unknown; requestId: string }> = []
    server.events.on('websocket:error', ({ url, error, requestId }) => errors.push({ url: url.href, error, requestId }))
    server.use(
      chat.addEventListener('connection', () => {
        throw failure
      }),
    )
    server.listen()
    const { errored, closed } = openSocket('wss://chat.test/rooms/2')
    await errored
    expect((await closed).code).toBe(1011)
    expect(errors).toEqual([{ url: 'wss://chat.test/rooms/2', error: failure, requestId: expect.any(String) }])
  })

  it("onUnhandledFrame gets a 'ws' frame for an unhandled connection; 'error' refuses it and 'websocket:error' says so", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const frames: Array<{ protocol: string; url?: string; protocols?: unknown }> = []
    const errors: string[] = []
    server.events.on('websocket:error', ({ url }) => errors.push(url.href))
    server.listen({
      onUnhandledFrame({ frame, defaults }) {
        if (frame.protocol === 'ws') {
          frames.push({
            protocol: 'ws',
            url: frame.data.connection.client.url.href,
            protocols: frame.data.connection.info.protocols,
          })
        }
        defaults.error()
        throw new Error('no unhandled sockets')
      },
    })
    const { errored, closed } = openSocket('wss://unknown.test/socket', ['a', 'b'])
    await errored
    expect((await closed).code).toBe(1006)
    expect(frames).toEqual([{ protocol: 'ws', url: 'wss://unknown.test/socket', protocols: ['a', 'b'] }])
    expect(errors).toEqual(['wss://unknown.test/socket'])
  })

  it('a connection listener receives a WebSocketConnectionEvent with the handshake and client id', async () => {
    const events: WebSocketConnectionEvent[] = []
    server.use(chat.addEventListener('connection', (event) => events.push(event)))
    server.listen()
    const { socket, opened } = openSocket('wss://chat.test/rooms/3')
    await opened
    const [event] = events
    expect(event).toBeInstanceOf(WebSocketConnectionEvent)
    expect(event.type).toBe('connection')
    expect(event.params).toEqual({ room: '3' })
    expect(event.requestId).toBe(event.client.id)
    expect(event.request.headers.get('upgrade')).toBe('websocket')
    socket.close()
  })
})
