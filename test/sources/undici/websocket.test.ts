// The undici package's own WebSocket (what Node 20 users without --experimental-websocket use,
// and what libraries are handed as their WebSocket implementation), undici 6 and 7, against
// ws handlers through the dispatcher source: mocklib answers the handshake and speaks frames.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as undici7 from 'undici'
import * as undici6 from 'undici6'
import { createClient } from 'graphql-ws'
import { graphql, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { deferred } from '../../helpers/deferred'
import { startRealServer, type RealServer } from '../../ws/real-server'

const chat = ws.link('wss://chat.test/rooms/:room')
const server = setupServer()
beforeAll(() => server.listen({ sources: ['undici'], onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

interface UndiciSocket {
  binaryType: string
  readonly protocol: string
  readonly readyState: number
  send(data: string | ArrayBuffer | Uint8Array): void
  close(code?: number, reason?: string): void
  addEventListener(type: string, listener: (event: never) => void): void
}
type SocketClass = new (url: string, protocols?: string | string[]) => UndiciSocket
interface Close {
  code: number
  reason: string
  wasClean: boolean
}

/** A socket whose events are promises and a queue of messages. */
function open(Class: SocketClass, url: string, protocols?: string[]) {
  const socket = new Class(url, protocols)
  socket.binaryType = 'arraybuffer'
  const messages: unknown[] = []
  const waiting: Array<(data: unknown) => void> = []
  socket.addEventListener('message', (event: { data: unknown }) => {
    const next = waiting.shift()
    if (next !== undefined) next(event.data)
    else messages.push(event.data)
  })
  const opened = deferred<void>()
  const closed = deferred<Close>()
  const errored = deferred<void>()
  socket.addEventListener('open', () => opened.resolve())
  socket.addEventListener('error', () => errored.resolve())
  socket.addEventListener('close', (event: Close) =>
    closed.resolve({ code: event.code, reason: event.reason, wasClean: event.wasClean }),
  )
  const next = () =>
    messages.length > 0 ? Promise.resolve(messages.shift()) : new Promise<unknown>((resolve) => waiting.push(resolve))
  return { socket, opened: opened.promise, closed: closed.promise, errored: errored.promise, next }
}

const echo = chat.addEventListener('connection', ({ client }) => {
  client.addEventListener('message', (event) => client.send(event.data))
})

const classes: Array<[string, SocketClass]> = [
  ['undici 7', undici7.WebSocket as unknown as SocketClass],
  ['undici 6', undici6.WebSocket as unknown as SocketClass],
]

describe.each(classes)('%s WebSocket', (_, WebSocket) => {
  it('echoes text, and binary byte for byte (every byte value; 70 KB, past the 16-bit frame length)', async () => {
    server.use(echo)
    const { socket, opened, next } = open(WebSocket, 'wss://chat.test/rooms/1')
    await opened
    socket.send('héllo ✓')
    expect(await next()).toBe('héllo ✓')
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index)
    socket.send(bytes)
    expect(new Uint8Array((await next()) as ArrayBuffer)).toEqual(bytes)
    const large = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 31) % 251)
    socket.send(large)
    expect(Buffer.from((await next()) as ArrayBuffer).equals(Buffer.from(large))).toBe(true)
    const text = 'x'.repeat(70_000)
    socket.send(text)
    expect(await next()).toBe(text)
    socket.close()
  })

  it('a client close reaches the handler with its code and reason, and closes cleanly', async () => {
    const seen = deferred<Close>()
    server.use(
      chat.addEventListener('connection', ({ client }) =>
        client.addEventListener('close', (event) => seen.resolve(event)),
      ),
    )
    const { socket, opened, closed } = open(WebSocket, 'wss://chat.test/rooms/1')
    await opened
    socket.close(4001, 'leaving')
    expect(await seen.promise).toMatchObject({ code: 4001, reason: 'leaving' })
    expect(await closed).toEqual({ code: 4001, reason: 'leaving', wasClean: true })
  })

  it("the handler's client.close() reaches the client with its code and reason, after the frames sent before it", async () => {
    server.use(
      chat.addEventListener('connection', ({ client, params }) => {
        client.addEventListener('message', () => {
          client.send(`bye from ${String(params.room)}`)
          client.close(4002, 'room closed')
        })
      }),
    )
    const { socket, opened, next, closed } = open(WebSocket, 'wss://chat.test/rooms/7')
    await opened
    socket.send('hi')
    expect(await next()).toBe('bye from 7')
    expect(await closed).toEqual({ code: 4002, reason: 'room closed', wasClean: true })
  })

  it('a handler that closes in its connection listener: the client opens, then gets that close (as from a real server)', async () => {
    server.use(chat.addEventListener('connection', ({ client }) => client.close(1011, 'server error')))
    const { closed } = open(WebSocket, 'wss://chat.test/rooms/7')
    expect(await closed).toEqual({ code: 1011, reason: 'server error', wasClean: true })
  })

  it('opens with the first subprotocol the client offered', async () => {
    const offered = deferred<unknown>()
    server.use(chat.addEventListener('connection', ({ info }) => offered.resolve(info.protocols)))
    const { socket, opened } = open(WebSocket, 'wss://chat.test/rooms/1', ['chat.v2', 'chat.v1'])
    await opened
    expect(socket.protocol).toBe('chat.v2')
    expect(await offered.promise).toEqual(['chat.v2', 'chat.v1'])
    socket.close()
  })

  it("an unhandled connection under onUnhandledRequest: 'error' fails the socket", async () => {
    const { errored, closed } = open(WebSocket, 'wss://elsewhere.test/socket')
    await errored
    // undici 6 reports a failed handshake with the error event alone.
    if (WebSocket === classes[0]![1]) expect(await closed).toMatchObject({ code: 1006, wasClean: false })
  })

  it('a graphql-ws client given this WebSocket reaches a graphql.subscription handler', async () => {
    server.use(
      graphql.link('https://api.test/graphql').subscription('OnTick', ({ subscription }) => {
        for (const n of [1, 2, 3]) subscription.publish({ data: { tick: n } })
        subscription.complete()
      }),
    )
    const client = createClient({ url: 'wss://api.test/graphql', webSocketImpl: WebSocket, retryAttempts: 0 })
    const results: unknown[] = []
    await new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription OnTick { tick }' },
        { next: (value) => results.push(value), error: reject, complete: resolve },
      )
    })
    await client.dispose()
    expect(results).toEqual([1, 2, 3].map((tick) => ({ data: { tick } })))
  })
})

describe.each([
  ['undici 7', undici7],
  ['undici 6', undici6],
] as const)('%s WebSocket: scopes and dispatchers', (_, undici) => {
  const WebSocket = undici.WebSocket as unknown as SocketClass

  it('a handler used inside server.boundary() answers sockets made there', async () => {
    await server.boundary(async () => {
      server.use(chat.addEventListener('connection', ({ client }) => client.send('inside')))
      const { next, socket } = open(WebSocket, 'wss://chat.test/rooms/b')
      expect(await next()).toBe('inside')
      socket.close()
    })()
  })

  it('a WebSocket given a dispatcher wrapped by server.dispatcher() is answered too', async () => {
    server.use(echo)
    const agent = new undici.Agent()
    const socket = new undici.WebSocket('wss://chat.test/rooms/d', { dispatcher: server.dispatcher(agent) as never })
    socket.binaryType = 'arraybuffer'
    await new Promise((resolve) => socket.addEventListener('open', resolve))
    socket.send('through my agent')
    const reply = await new Promise<unknown>((resolve) =>
      socket.addEventListener('message', (event) => resolve((event as MessageEvent).data)),
    )
    expect(reply).toBe('through my agent')
    socket.close()
    await agent.close()
  })

  it('a socket closed while it connects fails as undici makes it fail, and never opens', async () => {
    server.use(echo)
    const { socket, closed, errored } = open(WebSocket, 'wss://chat.test/rooms/c')
    let opened = false
    socket.addEventListener('open', () => (opened = true))
    socket.close()
    await errored
    // undici 6 reports it with the error event alone.
    if (undici === undici7) expect((await closed).code).toBe(1006)
    expect(opened).toBe(false)
  })
})

describe('server.connect() to a real server', () => {
  let real: RealServer
  beforeAll(async () => {
    real = await startRealServer()
  })
  afterAll(() => real.close())

  it.each(classes)('%s: frames flow both ways through the handler', async (_, WebSocket) => {
    const link = ws.link(`${real.url}/live`)
    server.use(
      link.addEventListener('connection', ({ client, server: origin }) => {
        origin.connect()
        client.addEventListener('message', (event) => {
          if (event.data === 'secret') event.preventDefault()
        })
      }),
    )
    const before = real.received.length
    const { socket, next, closed } = open(WebSocket, `${real.url}/live`)
    expect(await next()).toBe('hello from the real server')
    socket.send('secret')
    socket.send('hi')
    expect(await next()).toBe('real: hi')
    expect(real.received.slice(before)).toEqual(['hi'])
    socket.close(1000, 'done')
    expect(await closed).toMatchObject({ code: 1000, reason: 'done' })
  })
})

// Frames a real client seldom sends (fragments, pings, protocol errors), written by hand on a
// socket from undici.upgrade(): what mocklib's side of the connection answers, byte for byte.
describe('the frames mocklib reads and writes (undici.upgrade and hand-made frames)', () => {
  /** A masked client frame (RFC 6455 section 5.2); payloads here are under 126 bytes. */
  function frame(opcode: number, payload: Buffer | string, fin = true): Buffer {
    const data = Buffer.from(payload)
    const key = Buffer.from([0x12, 0x34, 0x56, 0x78])
    const masked = data.map((byte, index) => byte ^ key[index % 4]!)
    return Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | data.length]), key, masked])
  }

  /** Reads the server's (unmasked) frames off the socket, in order. */
  async function handshake(path: string) {
    const { socket, headers } = await undici7.upgrade(`https://chat.test${path}`, {
      protocol: 'websocket',
      headers: { 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' },
    })
    let pending = Buffer.alloc(0)
    const frames: Array<{ opcode: number; payload: Buffer }> = []
    const waiting: Array<() => void> = []
    const ended = deferred<void>()
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk])
      while (pending.length >= 2 && pending.length >= 2 + (pending[1]! & 0x7f)) {
        const length = pending[1]! & 0x7f
        frames.push({ opcode: pending[0]! & 0x0f, payload: pending.subarray(2, 2 + length) })
        pending = pending.subarray(2 + length)
        waiting.shift()?.()
      }
    })
    socket.on('end', () => ended.resolve())
    const next = async () => {
      if (frames.length === 0) await new Promise<void>((resolve) => waiting.push(resolve))
      return frames.shift()!
    }
    return { socket, headers, next, ended: ended.promise }
  }

  it('answers the handshake with the RFC 6455 accept key, joins fragments, answers pings, and echoes the close', async () => {
    server.use(echo)
    const { socket, headers, next, ended } = await handshake('/rooms/raw')
    // The example of RFC 6455 section 1.3.
    expect(headers['sec-websocket-accept']).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=')
    // A frame may arrive in pieces: here its first byte, then the rest.
    const first = frame(0x1, 'hel', false)
    socket.write(first.subarray(0, 1))
    socket.write(first.subarray(1))
    socket.write(frame(0x9, 'are you there'))
    socket.write(frame(0x0, 'lo', true))
    expect(await next()).toEqual({ opcode: 0xa, payload: Buffer.from('are you there') })
    expect(await next()).toEqual({ opcode: 0x1, payload: Buffer.from('hello') })
    socket.write(frame(0x8, Buffer.concat([Buffer.from([0x0f, 0xa0]), Buffer.from('bye')])))
    expect(await next()).toEqual({
      opcode: 0x8,
      payload: Buffer.concat([Buffer.from([0x0f, 0xa0]), Buffer.from('bye')]),
    })
    await ended
  })

  it("a handler of undici 7's controller API gets the upgrade through onRequestUpgrade", async () => {
    server.use(chat.addEventListener('connection', ({ client }) => client.send('hi')))
    const upgraded = deferred<{ status: number; headers: Record<string, unknown>; socket: NodeJS.ReadWriteStream }>()
    undici7.getGlobalDispatcher().dispatch(
      {
        origin: 'https://chat.test',
        path: '/rooms/v7',
        method: 'GET',
        headers: { 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' },
        upgrade: 'websocket',
      },
      {
        onRequestStart() {},
        onRequestUpgrade(_controller, status, headers, socket) {
          upgraded.resolve({ status, headers, socket: socket as unknown as NodeJS.ReadWriteStream })
        },
        onResponseError(_controller, error) {
          throw error
        },
      },
    )
    const { status, headers, socket } = await upgraded.promise
    expect([status, headers['sec-websocket-accept']]).toEqual([101, 's3pPLMBiTxaQ9kYGzzhZRbK+xOo='])
    const chunk = await new Promise<Buffer>((resolve) => socket.once('data', resolve))
    expect([...chunk]).toEqual([0x81, 2, ...Buffer.from('hi')])
  })

  it.each([
    ['invalid UTF-8 in a text frame', frame(0x1, Buffer.from([0xc3, 0x28])), 1007],
    ['an unmasked client frame', Buffer.from([0x81, 0x02, 0x68, 0x69]), 1002],
    ['a continuation with no message', frame(0x0, 'x'), 1002],
    ['an unknown opcode', frame(0x3, 'x'), 1002],
  ])('closes the connection on %s with code %s, and the handler sees it', async (_, bytes, code) => {
    const seen = deferred<number>()
    server.use(
      chat.addEventListener('connection', ({ client }) =>
        client.addEventListener('close', (event) => seen.resolve(event.code)),
      ),
    )
    const { socket, next, ended } = await handshake('/rooms/raw')
    socket.write(bytes)
    const close = await next()
    expect([close.opcode, close.payload.readUInt16BE(0)]).toEqual([0x8, code])
    expect(await seen.promise).toBe(code)
    await ended
  })
})
