// The `ws` package's client (and graphql-ws given it as webSocketImpl): its handshake goes
// through http.request, and a handshake a ws handler takes is answered by mocklib, which then
// speaks RFC 6455 frames with the client (sources/node/ws-package-upgrades.ts). This suite runs
// without --experimental-websocket (vitest.config.ts): on Node 20 there is no global WebSocket.
import http from 'node:http'
import { fault, graphql, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createClient } from 'graphql-ws'
import WS from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { collect } from '../subscriptions/graphql-ws-clients'
import { startRealServer, type RealServer } from './real-server'
import { deferred } from './socket'

const server = setupServer()
let real: RealServer

beforeAll(async () => {
  real = await startRealServer()
})
afterEach(() => {
  server.resetHandlers()
  server.close()
  vi.restoreAllMocks()
})
afterAll(() => real.close())

/** Resolves once the client opens; rejects with its error. */
function opened(socket: WS): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
}

function nextMessage(socket: WS): Promise<{ data: Buffer; isBinary: boolean }> {
  return new Promise((resolve) =>
    socket.once('message', (data, isBinary) => resolve({ data: data as Buffer, isBinary })),
  )
}

function closed(socket: WS): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })))
}

/** A link whose handler echoes every frame back as it came. */
function useEcho(url: string) {
  const closes: Array<{ code: number; reason: string }> = []
  server.use(
    ws.link(url).addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => client.send(event.data as string | ArrayBuffer))
      client.addEventListener('close', (event) => closes.push({ code: event.code, reason: event.reason }))
    }),
  )
  return closes
}

describe('the `ws` package against ws.link() handlers', () => {
  it('echoes text and binary frames byte for byte, and the handler sees the client close with its code and reason', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const closes = useEcho('ws://echo.test/socket')
    const socket = new WS('ws://echo.test/socket')
    await opened(socket)
    socket.send('héllo ✓')
    const text = await nextMessage(socket)
    expect([text.data.toString('utf8'), text.isBinary]).toEqual(['héllo ✓', false])
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 256))
    socket.send(bytes)
    const binary = await nextMessage(socket)
    expect(binary.isBinary).toBe(true)
    expect(Buffer.compare(binary.data, bytes)).toBe(0)
    const end = closed(socket)
    socket.close(4001, 'client leaves')
    expect(await end).toEqual({ code: 4001, reason: 'client leaves' })
    expect(closes).toEqual([{ code: 4001, reason: 'client leaves' }])
  })

  it('fault.drop(client, n): the socket is destroyed after n messages, as a real server that terminates it', async () => {
    const seen = (url: string) =>
      new Promise<string[]>((resolve) => {
        const events: string[] = []
        const socket = new WS(url)
        socket.on('message', (data) => events.push(`message ${String(data)}`))
        socket.on('error', (error) => events.push(`error ${error.message}`))
        socket.on('close', (code, reason) => resolve([...events, `close ${code} '${String(reason)}'`]))
      })
    real.nextConnection().then((socket) => socket.terminate())
    // The real server greets, then its connection is lost.
    const fromReal = await seen(real.url)
    server.listen({ onUnhandledRequest: 'error' })
    server.use(
      ws.link('ws://drop.test/socket').addEventListener('connection', ({ client }) => {
        fault.drop(client, 1)
        client.send('hello from the real server')
        client.send('never delivered')
      }),
    )
    expect(await seen('ws://drop.test/socket')).toEqual(fromReal)
    expect(fromReal.at(-1)).toBe("close 1006 ''")
  })

  it('a handler that closes the client: the client gets its code and reason', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    server.use(
      ws.link('wss://live.test/feed').addEventListener('connection', ({ client }) => {
        client.addEventListener('message', () => {
          client.send('last words')
          client.close(4002, 'server done')
        })
      }),
    )
    const socket = new WS('wss://live.test/feed')
    const message = nextMessage(socket)
    const end = closed(socket)
    await opened(socket)
    socket.send('done?')
    expect((await message).data.toString()).toBe('last words')
    expect(await end).toEqual({ code: 4002, reason: 'server done' })
  })

  it('agrees on the first subprotocol offered, and the handler sees the ones offered', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const offered = deferred<unknown>()
    server.use(
      ws
        .link('ws://chat.test/room/:id')
        .addEventListener('connection', ({ info, params }) => offered.resolve({ protocols: info.protocols, params })),
    )
    const socket = new WS('ws://chat.test/room/7', ['chat.v2', 'chat.v1'])
    await opened(socket)
    expect(socket.protocol).toBe('chat.v2')
    expect(await offered.promise).toEqual({ protocols: ['chat.v2', 'chat.v1'], params: { id: '7' } })
    const end = closed(socket)
    socket.close()
    expect((await end).code).toBe(1005)
  })

  it('server.connect() reaches the real server through the platform WebSocket, or says that this Node has none', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.listen({ onUnhandledRequest: 'error' })
    server.use(ws.link(real.url).addEventListener('connection', ({ server: upstream }) => upstream.connect()))
    const socket = new WS(real.url)
    const first = nextMessage(socket)
    const end = closed(socket)
    if (typeof globalThis.WebSocket === 'function') {
      expect((await first).data.toString()).toBe('hello from the real server')
      socket.close()
      await end
    } else {
      // Node 20 without the flag: the listener threw, so the handshake fails, saying why.
      const error = await new Promise<Error>((resolve) => socket.once('error', resolve))
      expect(error.message).toContain("server.connect() needs the platform's WebSocket to reach")
      expect((await end).code).toBe(1006)
      expect(errors).toHaveBeenCalled()
    }
  })

  it('a handshake no handler takes behaves as before: the unhandled strategy, then the real server', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.listen({ onUnhandledRequest: 'warn' })
    useEcho('ws://elsewhere.test/socket')
    const socket = new WS(real.url)
    const first = nextMessage(socket)
    await opened(socket)
    expect((await first).data.toString()).toBe('hello from the real server')
    socket.close()
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      `no handler matched WebSocket http://127.0.0.1:${new URL(real.url).port}/`,
    )
  })

  it("under 'error', an unhandled handshake still fails instead of reaching the network", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.listen({ onUnhandledRequest: 'error' })
    const before = real.connections.length
    const socket = new WS(real.url)
    const error = await new Promise<Error>((resolve) => socket.once('error', resolve))
    expect(error).toBeInstanceOf(Error)
    expect(real.connections.length).toBe(before)
  })

  it('a handshake sent with http.request(url, options) is answered 101 with the accept key (as MSW does), and the handler gets the connection', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const seen = deferred<string>()
    server.use(ws.link(real.url).addEventListener('connection', ({ client }) => seen.resolve(client.socket.url)))
    const before = real.connections.length
    const upgraded = deferred<http.IncomingMessage>()
    const headers = {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    }
    const request = http.request(real.url.replace('ws:', 'http:'), { headers })
    request.on('upgrade', (response, socket) => {
      socket.destroy()
      upgraded.resolve(response)
    })
    request.end()
    const response = await upgraded.promise
    // RFC 6455's own example key and its accept value.
    expect([response.statusCode, response.headers.upgrade, response.headers['sec-websocket-accept']]).toEqual([
      101,
      'websocket',
      's3pPLMBiTxaQ9kYGzzhZRbK+xOo=',
    ])
    expect(await seen.promise).toBe(`${real.url}/`)
    expect(real.connections.length).toBe(before)
  })
})

describe('graphql-ws with the `ws` package as webSocketImpl', () => {
  it('receives a graphql.subscription() handler results, then completes', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    server.use(
      graphql.link('wss://api.test/graphql').subscription('OnTick', ({ variables, subscription }) => {
        for (let n = 1; n <= 2; n++) subscription.publish({ data: { tick: { n, room: variables.room } } })
        subscription.complete()
      }),
    )
    const client = createClient({ url: 'wss://api.test/graphql', webSocketImpl: WS, retryAttempts: 0 })
    try {
      const results = await collect(client, 'subscription OnTick($room: ID!) { tick(room: $room) { n room } }', {
        room: 'r1',
      })
      expect(results).toEqual([{ data: { tick: { n: 1, room: 'r1' } } }, { data: { tick: { n: 2, room: 'r1' } } }])
    } finally {
      await client.dispose()
    }
  })

  it("closing leaves no timer behind: the socket ends at once, not after ws's 30-second closeTimeout", async () => {
    server.listen({ onUnhandledRequest: 'error' })
    server.use(
      graphql.link('wss://api.test/graphql').subscription('OnTick', ({ subscription }) => subscription.complete()),
    )
    // The close timers ws arms (its closeTimeout, 30 s) and those it clears: a leaked one keeps the process up.
    const armed = new Set<unknown>()
    const setTimer = globalThis.setTimeout
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
      const timer = setTimer(callback, ms)
      if (ms === 30_000) armed.add(timer)
      return timer
    }) as typeof setTimeout)
    const clearTimer = globalThis.clearTimeout
    vi.spyOn(globalThis, 'clearTimeout').mockImplementation((timer) => {
      armed.delete(timer)
      clearTimer(timer)
    })
    let socket: WS | undefined
    const Tracked = class extends WS {
      constructor(...args: ConstructorParameters<typeof WS>) {
        super(...args)
        socket = this
      }
    }
    const client = createClient({ url: 'wss://api.test/graphql', webSocketImpl: Tracked, retryAttempts: 0 })
    await collect(client, 'subscription OnTick { tick { n } }')
    const socketClosed = closed(socket!)
    await client.dispose()
    expect(await socketClosed).toEqual({ code: 1000, reason: 'Normal Closure' })
    expect(armed.size).toBe(0)
  })
})
