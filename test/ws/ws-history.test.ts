// WebSocket connections in the history: one entry per connection (its handshake as the request,
// 101 as the answer), a call per `ws` handler that took it (`handler.calls` and the matchers count
// connections), and the messages both ways as frames, in the shape the mock server uses.
import 'mocklib/vitest'
import { ws } from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openSocket } from './socket'

let open: SetupServer | undefined
afterEach(() => {
  open?.close()
  open = undefined
  vi.restoreAllMocks()
})

function start(...handlers: Parameters<typeof setupServer>): SetupServer {
  open = setupServer(...handlers)
  open.listen({ onUnhandledRequest: 'error' })
  return open
}

/** A link whose connections answer text with "ack <text>", bytes with the bytes reversed, a Blob with "blob". */
function echo(url: string) {
  return ws.link(url).addEventListener('connection', ({ client }) => {
    client.send('hello')
    client.addEventListener('message', (event) => {
      if (typeof event.data === 'string') client.send(`ack ${event.data}`)
      else if (event.data instanceof Blob) client.send('blob')
      else client.send(new Uint8Array(event.data as ArrayBuffer).reverse())
    })
  })
}

describe('WebSocket connections in the history', () => {
  it('records a connection as an entry with its messages both ways, in order', async () => {
    const chat = echo('wss://chat.test/rooms/:room')
    const server = start(chat)
    const socket = openSocket('wss://chat.test/rooms/lobby', 'chat.v1', 'arraybuffer')
    await socket.opened
    expect((await socket.nextMessage()).data).toBe('hello')
    socket.socket.send('one')
    expect((await socket.nextMessage()).data).toBe('ack one')
    socket.socket.send(new Uint8Array([1, 2, 3]))
    expect([...new Uint8Array((await socket.nextMessage()).data as ArrayBuffer)]).toEqual([3, 2, 1])
    socket.socket.close()
    await socket.closed

    const [entry] = server.history
    expect(server.history).toHaveLength(1)
    expect([entry.method, entry.url, entry.handler, entry.reason]).toEqual([
      'GET',
      'wss://chat.test/rooms/lobby',
      chat,
      undefined,
    ])
    expect(entry.response?.status).toBe(101)
    expect(entry.request.headers.get('sec-websocket-protocol')).toBe('chat.v1')
    expect(entry.frames.map(({ direction, data, encoding }) => [direction, data, encoding])).toEqual([
      ['out', 'hello', undefined],
      ['in', 'one', undefined],
      ['out', 'ack one', undefined],
      ['in', 'AQID', 'base64'],
      ['out', 'AwIB', 'base64'],
    ])
    expect(entry.calls).toHaveLength(1)
    expect(chat.calls[0].params).toEqual({ room: 'lobby' })
    expect(chat.calls[0].info).toEqual({ protocols: 'chat.v1' })
  })

  it('keeps frames growing while the connection is open, and a Blob message in its place', async () => {
    const chat = echo('wss://chat.test/live')
    const server = start(chat)
    const socket = openSocket('wss://chat.test/live')
    await socket.opened
    await socket.nextMessage()
    const [entry] = server.history
    expect(entry.frames.map((frame) => frame.data)).toEqual(['hello'])
    socket.socket.send(new Blob([new Uint8Array([9, 8])]))
    await socket.nextMessage()
    socket.socket.send('after')
    await socket.nextMessage()
    expect(entry.frames.map((frame) => [frame.direction, frame.data])).toEqual([
      ['out', 'hello'],
      ['in', 'CQg='],
      ['out', 'blob'],
      ['in', 'after'],
      ['out', 'ack after'],
    ])
  })

  it('counts connections in handler.calls and the matchers', async () => {
    const chat = echo('wss://chat.test/rooms/:room')
    start(chat)
    expect(chat).not.toHaveBeenRequested()
    for (const room of ['a', 'b']) {
      const socket = openSocket(`wss://chat.test/rooms/${room}`)
      await socket.opened
      socket.socket.close()
      await socket.closed
    }
    expect(chat).toHaveBeenRequestedTimes(2)
    expect(chat).toHaveBeenLastRequestedWith({ params: { room: 'b' } })
    expect(chat).toHaveBeenRequestedWith({ params: { room: 'a' }, headers: { upgrade: 'websocket' } })
    expect(() => expect(chat).toHaveBeenRequestedWith({ params: { room: 'c' } })).toThrow(/room/)
  })

  it('belongs to the boundary it happened in, is cleared by resetHandlers() and dropped by close()', async () => {
    const chat = echo('wss://chat.test/rooms/:room')
    const server = start(chat)
    const rooms = await Promise.all(
      ['a', 'b'].map((room) =>
        server.boundary(async () => {
          const socket = openSocket(`wss://chat.test/rooms/${room}`)
          await socket.opened
          await socket.nextMessage()
          socket.socket.close()
          await socket.closed
          return chat.calls.map((call) => call.params.room)
        })(),
      ),
    )
    expect(rooms).toEqual([['a'], ['b']])
    expect(server.history).toEqual([])

    const socket = openSocket('wss://chat.test/rooms/c')
    await socket.opened
    expect(chat.calls).toHaveLength(1)
    server.resetHandlers()
    expect(server.history).toEqual([])
    expect(chat.calls).toEqual([])
    socket.socket.close()
    await socket.closed

    const again = openSocket('wss://chat.test/rooms/d')
    await again.opened
    expect(chat.calls).toHaveLength(1)
    server.close()
    expect(server.history).toEqual([])
    expect(chat.calls).toEqual([])
  })

  it('says why no handler answered: none took it, or its listener threw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = ws.link('wss://chat.test/broken').addEventListener('connection', () => {
      throw new Error('listener failed')
    })
    const server = start(broken)
    const refused = openSocket('wss://nobody.test/socket')
    await refused.closed
    const failed = openSocket('wss://chat.test/broken')
    await failed.closed

    expect(server.history.map((entry) => [entry.url, entry.handler, entry.reason])).toEqual([
      ['wss://nobody.test/socket', undefined, 'unhandled'],
      ['wss://chat.test/broken', broken, 'exception'],
    ])
    expect(broken.calls).toHaveLength(1)
  })

  it('leaves a ws handler out of pendingHandlers() once a client connected', async () => {
    const chat = echo('wss://chat.test/rooms/:room')
    const never = echo('wss://chat.test/never')
    const server = start(chat, never)
    expect(server.pendingHandlers()).toEqual([chat, never])
    const socket = openSocket('wss://chat.test/rooms/a')
    await socket.opened
    expect(server.pendingHandlers()).toEqual([never])
  })

  it('resolves server.waitForRequest() with the next connection', async () => {
    const chat = echo('wss://chat.test/rooms/:room')
    const server = start(chat)
    const next = server.waitForRequest(chat)
    const socket = openSocket('wss://chat.test/rooms/x')
    const call = await next
    expect(call.params).toEqual({ room: 'x' })
    await socket.opened
  })
})
