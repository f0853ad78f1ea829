// The WebSocket class mocklib puts in place of the global one speaks the platform's API to the
// application: states, binaryType, bufferedAmount, event handler attributes, close-code rules,
// subprotocols, URL rules, and the events' classes.
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startRealServer, type RealServer } from './real-server'
import { deferred, openSocket } from './socket'

const echo = ws.link('wss://api-shape.test/:path?')
const server = setupServer(
  echo.addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => client.send(event.data))
  }),
)
let real: RealServer

beforeAll(async () => {
  real = await startRealServer({ protocols: ['chat.v2'] })
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await real.close()
})

describe('the intercepted WebSocket', () => {
  it('goes CONNECTING → OPEN → CLOSING → CLOSED, and counts unsent bytes in bufferedAmount until they leave', async () => {
    const socket = new WebSocket('wss://api-shape.test/states')
    const states = [socket.readyState]
    await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
    states.push(socket.readyState)
    socket.send('12345')
    socket.send(new Uint8Array(3))
    const buffered = socket.bufferedAmount
    await new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }))
    const closed = new Promise<CloseEvent>((resolve) => socket.addEventListener('close', resolve, { once: true }))
    socket.close(1000, 'done')
    states.push(socket.readyState)
    const event = await closed
    states.push(socket.readyState)
    expect(states).toEqual([WebSocket.CONNECTING, WebSocket.OPEN, WebSocket.CLOSING, WebSocket.CLOSED])
    expect([socket.CONNECTING, socket.OPEN, socket.CLOSING, socket.CLOSED]).toEqual([0, 1, 2, 3])
    expect(buffered).toBe(8)
    expect(socket.bufferedAmount).toBe(0)
    expect([event.code, event.reason, event.wasClean]).toEqual([1000, 'done', true])
  })

  it('delivers frames as MessageEvents with the origin, to listeners and to the onmessage attribute', async () => {
    const { socket, opened } = openSocket('wss://api-shape.test/events')
    await opened
    const attribute = deferred<MessageEvent>()
    socket.onmessage = attribute.resolve
    expect(socket.onmessage).toBe(attribute.resolve)
    socket.send('hi')
    const event = await attribute.promise
    expect(event).toBeInstanceOf(MessageEvent)
    expect(event).toBeInstanceOf(Event)
    expect([event.type, event.data, event.origin, event.lastEventId, event.source, event.ports]).toEqual([
      'message',
      'hi',
      'wss://api-shape.test',
      '',
      null,
      [],
    ])
    expect(event.target).toBe(socket)
    expect(socket).toBeInstanceOf(EventTarget)
    socket.close()
  })

  it('refuses what the platform refuses: send() before open, reserved close codes, long reasons, bad URLs and subprotocols', async () => {
    const socket = new WebSocket('wss://api-shape.test/rules')
    expect(() => socket.send('early')).toThrow(expect.objectContaining({ name: 'InvalidStateError' }))
    await new Promise((resolve) => (socket.onopen = resolve))
    expect(() => socket.close(1011)).toThrow(expect.objectContaining({ name: 'InvalidAccessError' }))
    expect(() => socket.close(1000, 'x'.repeat(124))).toThrow(expect.objectContaining({ name: 'SyntaxError' }))
    expect(() => new WebSocket('ftp://api-shape.test/')).toThrow(expect.objectContaining({ name: 'SyntaxError' }))
    expect(() => new WebSocket('wss://api-shape.test/#part')).toThrow(expect.objectContaining({ name: 'SyntaxError' }))
    expect(() => new WebSocket('wss://api-shape.test/', ['a', 'a'])).toThrow(
      expect.objectContaining({ name: 'SyntaxError' }),
    )
    socket.binaryType = 'nonsense' as BinaryType
    expect(socket.binaryType).toBe('blob')
    socket.close()
  })

  it('takes http(s) URLs as ws(s), as the platform does', async () => {
    const { socket, opened } = openSocket('https://api-shape.test/plain')
    await opened
    expect(socket.url).toBe('wss://api-shape.test/plain')
    socket.close()
  })

  it('closing while CONNECTING fails the connection as the platform does: error, then close 1006, never open', async () => {
    const { socket, errored, closed } = openSocket('wss://api-shape.test/early-close')
    let opened = false
    socket.onopen = () => (opened = true)
    socket.close()
    await errored
    const event = await closed
    expect([event.code, event.wasClean, opened]).toEqual([1006, false, false])
  })

  it('a mocked connection reports the first subprotocol asked for; a passthrough the one the real server chose', async () => {
    const mocked = openSocket('wss://api-shape.test/protocols', ['chat.v1', 'chat.v2'])
    await mocked.opened
    expect(mocked.socket.protocol).toBe('chat.v1')
    mocked.socket.close()
    const passed = openSocket(real.url, ['chat.v1', 'chat.v2'])
    await passed.opened
    expect([passed.socket.protocol, passed.socket.extensions]).toEqual(['chat.v2', ''])
    passed.socket.close()
  })

  it("is named WebSocketOverride (as MSW's) while a server listens, with or without ws handlers; the platform's class before", async () => {
    server.close()
    const bare = setupServer()
    try {
      const accepted = real.nextConnection()
      const before = new WebSocket(real.url)
      expect(before.constructor.name).toBe('WebSocket')
      await accepted
      before.close()
      bare.listen({ onUnhandledRequest: 'error' })
      vi.spyOn(console, 'error').mockImplementation(() => {})
      const patched = new WebSocket('wss://api-shape.test/named')
      const closed = new Promise((resolve) => patched.addEventListener('close', resolve))
      expect(patched.constructor.name).toBe('WebSocketOverride')
      expect(patched).toBeInstanceOf(EventTarget)
      await closed
    } finally {
      vi.restoreAllMocks()
      bare.close()
      server.listen({ onUnhandledRequest: 'bypass' })
    }
  })

  it('a copy of the class kept after close() makes real sockets: nothing is intercepted any more', async () => {
    const local = setupServer()
    local.listen({ onUnhandledRequest: 'error' })
    const Kept = globalThis.WebSocket
    local.close()
    server.close()
    try {
      const accepted = real.nextConnection()
      const socket = new Kept(real.url)
      await accepted
      expect(socket.constructor).not.toBe(Kept)
      socket.close()
    } finally {
      server.listen({ onUnhandledRequest: 'bypass' })
    }
  })
})
