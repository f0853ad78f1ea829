// ws.link(url, { extensions: [new SocketIo()] }) against the real socket.io-client (its Node
// build opens the connection with the `ws` package): the handshake, events both ways, acks both
// ways, namespaces, rooms and broadcasts, as MSW 3's extension option has them.
import { SocketIo, ws, type SocketIoMessage, type WebSocketClientConnectionProtocol } from 'mocklib'
import { setupServer } from 'mocklib/node'
import http from 'node:http'
import { Server } from 'socket.io'
import { io, type Socket } from 'socket.io-client'
import WS from 'ws'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { deferred } from './socket'
import { listenLocally } from '../helpers/local-origins'

const server = setupServer()
afterEach(() => {
  server.resetHandlers()
  server.close()
  vi.restoreAllMocks()
})

/** A socket.io-client socket over the WebSocket transport (mocklib does not mock long-polling), closed after the test. */
function connect(url: string): Socket {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true })
  onTestFinished(() => void socket.disconnect())
  return socket
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
}

function nextEvent(socket: Socket, event: string): Promise<unknown[]> {
  return new Promise((resolve) => socket.once(event, (...args: unknown[]) => resolve(args)))
}

describe('the Socket.IO extension with socket.io-client', () => {
  it('connects, and events go both ways as { event, args, namespace } messages', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const chat = ws.link('ws://chat.test', { extensions: [new SocketIo()] })
    const received: SocketIoMessage[] = []
    server.use(
      chat.addEventListener('connection', ({ client }) => {
        client.send({ event: 'welcome', args: ['hello', { users: 2 }] })
        client.addEventListener('message', (event) => {
          received.push(event.data)
          client.send({ event: 'echo', args: event.data.args })
        })
      }),
    )
    const socket = connect('http://chat.test')
    const welcome = nextEvent(socket, 'welcome')
    await connected(socket)
    expect(socket.connected).toBe(true)
    expect(await welcome).toEqual(['hello', { users: 2 }])
    const echo = nextEvent(socket, 'echo')
    socket.emit('say', 'hi', 42, { nested: [true, null] })
    expect(await echo).toEqual(['hi', 42, { nested: [true, null] }])
    expect(received).toEqual([{ event: 'say', args: ['hi', 42, { nested: [true, null] }], namespace: '/' }])
  })

  it('acknowledgements both ways: message.ack() answers the client, and a sent ack gets the client answer', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const chat = ws.link('ws://acks.test', { extensions: [new SocketIo()] })
    const answered = deferred<unknown[]>()
    server.use(
      chat.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          if (event.data.event === 'add') {
            const [a, b] = event.data.args as [number, number]
            event.data.ack?.(a + b, 'sum')
          }
          if (event.data.event === 'ready') {
            client.send({ event: 'double', args: [21], ack: (...args) => answered.resolve(args) })
          }
        })
      }),
    )
    const socket = connect('http://acks.test')
    socket.on('double', (value: number, callback: (...args: unknown[]) => void) => callback(value * 2, 'done'))
    await connected(socket)
    expect(await socket.emitWithAck('add', 2, 3)).toBe(5)
    const both = await new Promise((resolve) => socket.emit('add', 4, 5, (...args: unknown[]) => resolve(args)))
    expect(both).toEqual([9, 'sum'])
    socket.emit('ready')
    expect(await answered.promise).toEqual([42, 'done'])
  })

  it('namespaces: a socket of /admin connects, its events carry the namespace, and replies reach it', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const app = ws.link('ws://ns.test', { extensions: [new SocketIo()] })
    const namespaces: Array<string | undefined> = []
    server.use(
      app.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          namespaces.push(event.data.namespace)
          client.send({ event: 'pong', args: [event.data.namespace], namespace: event.data.namespace })
        })
      }),
    )
    const main = connect('http://ns.test')
    const admin = main.io.socket('/admin')
    onTestFinished(() => void admin.disconnect())
    await Promise.all([connected(main), connected(admin)])
    const mainPong = nextEvent(main, 'pong')
    const adminPong = nextEvent(admin, 'pong')
    admin.emit('ping')
    expect(await adminPong).toEqual(['/admin'])
    main.emit('ping')
    expect(await mainPong).toEqual(['/'])
    expect(namespaces).toEqual(['/admin', '/'])
  })

  it('rooms and broadcasts: rooms.to(room) reaches the other members once, link.broadcast() every client', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const chat = ws.link('ws://rooms.test', { extensions: [new SocketIo()] })
    const joined: string[][] = []
    server.use(
      chat.addEventListener('connection', ({ client, rooms }) => {
        client.addEventListener('message', (event) => {
          const { event: name, args } = event.data
          if (name === 'join') {
            rooms.join(args as string[])
            joined.push(rooms.list())
            event.data.ack?.()
          }
          if (name === 'say') rooms.to(['lobby', 'vip']).send({ event: 'said', args })
          if (name === 'announce') chat.broadcast({ event: 'news', args })
        })
      }),
    )
    const [alice, bob, carol] = [
      connect('http://rooms.test'),
      connect('http://rooms.test'),
      connect('http://rooms.test'),
    ]
    await Promise.all([connected(alice), connected(bob), connected(carol)])
    await alice.emitWithAck('join', 'lobby', 'vip')
    await bob.emitWithAck('join', 'lobby', 'vip')
    expect(joined).toEqual([
      ['lobby', 'vip'],
      ['lobby', 'vip'],
    ])
    const heard: Array<[string, unknown[]]> = []
    for (const [name, socket] of [
      ['alice', alice],
      ['bob', bob],
      ['carol', carol],
    ] as const) {
      socket.on('said', (...args: unknown[]) => heard.push([name, args]))
    }
    const bobHeard = nextEvent(bob, 'said')
    alice.emit('say', 'hi room')
    await bobHeard
    const news = Promise.all([alice, bob, carol].map((socket) => nextEvent(socket, 'news')))
    carol.emit('announce', 'to all')
    // rooms.to() sent to every target in one go, before the news: a socket that got the news got
    // any 'said' meant for it (events of one connection arrive in order).
    expect(await news).toEqual([['to all'], ['to all'], ['to all']])
    expect(heard).toEqual([['bob', ['hi room']]])
    expect(chat.clients.size).toBe(3)
  })

  it('server.connect(): the real Socket.IO server speaks for itself, and handlers read and rewrite its events', async () => {
    const httpServer = http.createServer()
    const real = new Server(httpServer, { transports: ['websocket'] })
    real.on('connection', (socket) => {
      socket.emit('hello', 'from the real server')
      socket.emit('secret', 'token-123')
      socket.on('ping', (value: number, callback: (answer: string) => void) => callback(`real pong ${value}`))
    })
    const origin = new URL(await listenLocally(httpServer)).host
    onTestFinished(() => new Promise<void>((resolve) => void real.close(() => resolve())))

    server.listen({ onUnhandledRequest: 'error' })
    const seen: string[] = []
    server.use(
      ws
        .link(`ws://${origin}`, { extensions: [new SocketIo()] })
        .addEventListener('connection', ({ client, server }) => {
          server.connect()
          client.addEventListener('message', (event) => seen.push(`client: ${event.data.event}`))
          server.addEventListener('message', (event) => {
            seen.push(`server: ${event.data.event} ${JSON.stringify(event.data.args)}`)
            if (event.data.event === 'secret') {
              event.preventDefault()
              client.send({ event: 'secret', args: ['redacted'] })
            }
          })
        }),
    )
    const socket = connect(`http://${origin}`)
    const hello = nextEvent(socket, 'hello')
    const secret = nextEvent(socket, 'secret')
    await connected(socket)
    expect(await hello).toEqual(['from the real server'])
    expect(await secret).toEqual(['redacted'])
    expect(await socket.emitWithAck('ping', 7)).toBe('real pong 7')
    expect(seen).toEqual(['server: hello ["from the real server"]', 'server: secret ["token-123"]', 'client: ping'])
  })

  it('a plain WebSocket client of the same link is not Socket.IO: it speaks raw frames', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const link = ws.link('ws://mixed.test/socket', { extensions: [new SocketIo()] })
    server.use(
      link.addEventListener('connection', ({ client }) => {
        // The link's types assume its extension applies; on this connection it does not.
        const raw = client as unknown as WebSocketClientConnectionProtocol
        raw.addEventListener('message', (event) => raw.send(`raw: ${String(event.data)}`))
      }),
    )
    const socket = new WS('ws://mixed.test/socket')
    onTestFinished(() => socket.close())
    await new Promise((resolve) => socket.once('open', resolve))
    const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))))
    socket.send('42["not","parsed"]')
    expect(await reply).toBe('raw: 42["not","parsed"]')
  })

  it('binary arguments are refused with an error that says what to do instead', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const link = ws.link('ws://binary.test', { extensions: [new SocketIo()] })
    const refused = deferred<unknown>()
    server.use(
      link.addEventListener('connection', ({ client }) => {
        try {
          client.send({ event: 'file', args: [new Uint8Array([1, 2, 3])] })
        } catch (error) {
          refused.resolve(error)
        }
      }),
    )
    const socket = connect('http://binary.test')
    await connected(socket)
    const error = (await refused.promise) as Error
    expect(error.message).toMatch(/binary data \(the "file" event\).*Send the bytes as base64 text/)
  })

  it('refuses extensions that are not extension objects, naming the link', () => {
    expect(() => ws.link('ws://bad.test', { extensions: [{}] as never })).toThrow(
      /ws\.link\(ws:\/\/bad\.test, \{ extensions \}\) needs an array of extensions, each with encode\(\) and decode\(\)/,
    )
  })
})
