// A WebSocket handshake sent as a plain HTTP request (fetch with `Upgrade: websocket`) to a URL a
// ws.link() handler matches: answered 101 with the accept key, and the handler gets the
// connection (sources/node/handshake-requests.ts), as MSW 2.14 does (compared in ws-parity.test.ts).
import { bypass, http, HttpResponse, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { deferred } from './socket'

const link = ws.link('wss://handshake.test/live')
const server = setupServer()
// RFC 6455's example key and the accept value it gives.
const KEY = 'dGhlIHNhbXBsZSBub25jZQ=='
const ACCEPT = 's3pPLMBiTxaQ9kYGzzhZRbK+xOo='
const handshake = (extra: Record<string, string> = {}) => ({
  headers: { upgrade: 'websocket', connection: 'upgrade', 'sec-websocket-key': KEY, ...extra },
})

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

describe('a WebSocket handshake sent with fetch', () => {
  it('is answered 101 with the accept key once the handler took the connection, whose client socket has the ws URL', async () => {
    const seen = deferred<{ url: string; socketUrl: string; readyState: number }>()
    server.use(
      link.addEventListener('connection', ({ client }) => {
        seen.resolve({ url: client.url.href, socketUrl: client.socket.url, readyState: client.socket.readyState })
      }),
    )
    const response = await fetch(
      'https://handshake.test/live',
      handshake({ 'sec-websocket-protocol': 'chat.v1, chat.v2' }),
    )
    expect(response.status).toBe(101)
    expect(Object.fromEntries(response.headers)).toEqual({
      upgrade: 'websocket',
      connection: 'upgrade',
      'sec-websocket-accept': ACCEPT,
      'sec-websocket-protocol': 'chat.v1',
    })
    expect(await seen.promise).toEqual({
      url: 'wss://handshake.test/live',
      socketUrl: 'wss://handshake.test/live',
      readyState: WebSocket.CONNECTING,
    })
  })

  it('fails when the connection listener throws (the connection never opened), and prints which handler threw', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      link.addEventListener('connection', () => {
        throw new Error('no upgrade today')
      }),
    )
    await expect(fetch('https://handshake.test/live', handshake())).rejects.toThrow(
      'The WebSocket handshake to wss://handshake.test/live failed: no upgrade today',
    )
    expect(printed).toHaveBeenCalledWith(new Error('no upgrade today'))
  })

  it('is an ordinary request when no ws handler matches, when it has no key, is not a GET, or is sent with bypass()', async () => {
    const connected = vi.fn()
    server.use(
      link.addEventListener('connection', connected),
      http.all('https://handshake.test/*', ({ request }) => HttpResponse.text(`http ${request.method}`)),
    )
    const other = await fetch('https://handshake.test/elsewhere', handshake())
    const keyless = await fetch('https://handshake.test/live', {
      headers: { upgrade: 'websocket', connection: 'upgrade' },
    })
    const post = await fetch('https://handshake.test/live', { ...handshake(), method: 'POST', body: 'x' })
    const answers = [await other.text(), await keyless.text(), await post.text()]
    expect(answers).toEqual(['http GET', 'http GET', 'http POST'])
    // bypass() sends it to the network: this host does not exist.
    await expect(fetch(bypass('https://handshake.test/live', handshake()))).rejects.toThrow()
    expect(connected).not.toHaveBeenCalled()
  })

  it('one that mocklib does not answer (no key) is unhandled, and the message names the link that matches it', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(link.addEventListener('connection', () => {}))
    await expect(
      fetch('https://handshake.test/live', { headers: { upgrade: 'websocket', connection: 'upgrade' } }),
    ).rejects.toThrow()
    expect(String(printed.mock.calls[0]?.[0])).toContain(
      '"ws wss://handshake.test/live" matches this URL, but mocklib answers a WebSocket handshake sent as an HTTP request only when it is a GET with a Sec-WebSocket-Key header',
    )
  })
})
