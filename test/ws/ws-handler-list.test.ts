import { ws, type WebSocketClientConnectionProtocol } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deferred, openSocket } from './socket'

const api = ws.link('wss://api.test/socket')
const initial = api.addEventListener('connection', ({ client }) => {
  client.send('initial')
  client.addEventListener('message', (event) => client.send(`initial got ${String(event.data)}`))
})
const server = setupServer(initial)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers(initial)
  server.restoreHandlers()
})
afterAll(() => server.close())

/** Opens a socket and returns its first frame. */
async function firstFrame(url = 'wss://api.test/socket'): Promise<{ data: unknown; close: () => void }> {
  const { socket, nextMessage } = openSocket(url)
  const { data } = await nextMessage()
  return { data, close: () => socket.close() }
}

describe('ws handlers in the handler list', () => {
  it('use() puts an override first; both handlers get the connection, in list order (as in MSW)', async () => {
    server.use(api.addEventListener('connection', ({ client }) => client.send('override')))
    const { socket, nextMessage } = openSocket('wss://api.test/socket')
    expect((await nextMessage()).data).toBe('override')
    expect((await nextMessage()).data).toBe('initial')
    socket.close()
  })

  it("stopPropagation() in the override's listener keeps a frame from the other handlers' listeners", async () => {
    server.use(
      api.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          event.stopPropagation()
          client.send(`override got ${String(event.data)}`)
        })
      }),
    )
    const { socket, opened, nextMessage, messages } = openSocket('wss://api.test/socket')
    await opened
    expect((await nextMessage()).data).toBe('initial')
    socket.send('a')
    socket.send('b')
    expect((await nextMessage()).data).toBe('override got a')
    expect((await nextMessage()).data).toBe('override got b')
    expect(messages.map((event) => event.data)).not.toContain('initial got a')
    socket.close()
  })

  it('resetHandlers() removes the override; resetHandlers(next) replaces the initial list', async () => {
    server.use(api.addEventListener('connection', ({ client }) => client.send('override')))
    server.resetHandlers()
    const first = await firstFrame()
    expect(first.data).toBe('initial')
    first.close()

    server.resetHandlers(api.addEventListener('connection', ({ client }) => client.send('replacement')))
    server.use(api.addEventListener('connection', ({ client }) => client.send('short-lived override')))
    server.resetHandlers()
    const second = await firstFrame()
    expect(second.data).toBe('replacement')
    second.close()
  })

  it('listHandlers() lists ws handlers with a readable header', () => {
    const override = api.addEventListener('connection', () => {})
    server.use(override)
    expect(server.listHandlers()).toEqual([override, initial])
    expect(server.listHandlers().map((handler) => handler.info.header)).toEqual([
      'ws wss://api.test/socket',
      'ws wss://api.test/socket',
    ])
  })

  it('a { once: true } handler takes one connection, until restoreHandlers()', async () => {
    server.resetHandlers(
      api.addEventListener('connection', ({ client }) => client.send('once'), { once: true }),
      api.addEventListener('connection', ({ client }) => client.send('fallback')),
    )
    const frames: unknown[] = []
    for (let round = 0; round < 2; round++) {
      const { socket, nextMessage } = openSocket('wss://api.test/socket')
      frames.push((await nextMessage()).data)
      socket.close()
    }
    server.restoreHandlers()
    const again = await firstFrame()
    frames.push(again.data)
    again.close()
    expect(frames).toEqual(['once', 'fallback', 'once'])
  })

  it('a connection opened inside a boundary uses that boundary’s handlers; parallel boundaries do not mix', async () => {
    const inBoundary = (label: string) =>
      server.boundary(async () => {
        server.use(api.addEventListener('connection', ({ client }) => client.send(label)))
        return (await firstFrame()).data
      })()
    const [a, b] = await Promise.all([inBoundary('boundary a'), inBoundary('boundary b')])
    expect([a, b]).toEqual(['boundary a', 'boundary b'])
    const outside = await firstFrame()
    expect(outside.data).toBe('initial')
    outside.close()
  })
})

describe('link.clients, broadcast and broadcastExcept', () => {
  it('tracks open clients and broadcasts to all of them, or all but some', async () => {
    const room = ws.link('wss://chat.test/room')
    const joined: WebSocketClientConnectionProtocol[] = []
    const allJoined = deferred()
    server.use(
      room.addEventListener('connection', ({ client }) => {
        joined.push(client)
        if (joined.length === 3) allJoined.resolve()
        client.addEventListener('message', (event) => room.broadcastExcept(client, `relay: ${String(event.data)}`))
      }),
    )
    const sockets = [
      openSocket('wss://chat.test/room'),
      openSocket('wss://chat.test/room'),
      openSocket('wss://chat.test/room'),
    ]
    await allJoined.promise
    await Promise.all(sockets.map((socket) => socket.opened))
    expect(room.clients.size).toBe(3)
    expect([...room.clients].map((client) => client.id).sort()).toEqual(joined.map((client) => client.id).sort())

    room.broadcast('to everyone')
    for (const socket of sockets) expect((await socket.nextMessage()).data).toBe('to everyone')

    sockets[0].socket.send('hi from 0')
    expect((await sockets[1].nextMessage()).data).toBe('relay: hi from 0')
    expect((await sockets[2].nextMessage()).data).toBe('relay: hi from 0')

    room.broadcastExcept([joined[1], joined[2]], 'only 0')
    expect((await sockets[0].nextMessage()).data).toBe('only 0')
    expect(sockets[1].messages.map((event) => event.data)).toEqual(['to everyone', 'relay: hi from 0'])

    sockets[0].socket.close()
    await sockets[0].closed
    await new Promise<void>((resolve) => queueMicrotask(resolve))
    expect(room.clients.size).toBe(2)
    for (const socket of sockets.slice(1)) socket.socket.close()
  })
})
