import { ws, type UnhandledRequestStrategy } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startRealServer, type RealServer } from './real-server'
import { openSocket } from './socket'

let real: RealServer
const server = setupServer()

beforeAll(async () => {
  real = await startRealServer({ protocols: ['chat.v2'] })
})
afterEach(() => {
  server.close()
  vi.restoreAllMocks()
})
afterAll(() => real.close())

function listen(onUnhandledRequest: UnhandledRequestStrategy) {
  server.listen({ onUnhandledRequest })
  return {
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
  }
}

/** The real server sees a new connection, opened directly (the ones before it never arrived if this is first). */
async function realConnectionsBefore(): Promise<number> {
  server.close()
  const before = real.connections.length
  const accepted = real.nextConnection()
  const direct = openSocket(real.url)
  await accepted
  direct.socket.close()
  return real.connections.length - 1 - before
}

describe('unhandled WebSocket connections', () => {
  it("'warn' prints a warning naming the socket and passes it to the real server, with the subprotocol it chose", async () => {
    const { warn } = listen('warn')
    const { socket, opened, nextMessage } = openSocket(real.url, ['chat.v1', 'chat.v2'])
    await opened
    expect(socket.protocol).toBe('chat.v2')
    expect((await nextMessage()).data).toBe('hello from the real server')
    expect(warn).toHaveBeenCalledTimes(1)
    const message = String(warn.mock.calls[0][0])
    expect(message).toContain(`no handler matched WebSocket ${real.url}/`)
    expect(message).toContain(`ws.link('${real.url}/').addEventListener('connection'`)
    socket.close()
  })

  it("'bypass' passes it through silently", async () => {
    const { warn, error } = listen('bypass')
    const { socket, nextMessage } = openSocket(real.url)
    expect((await nextMessage()).data).toBe('hello from the real server')
    expect(warn).not.toHaveBeenCalled()
    expect(error).not.toHaveBeenCalled()
    socket.close()
  })

  it("'error' prints an error and fails the connection: an error event, then close 1006, never open", async () => {
    const { error } = listen('error')
    const { socket, errored, closed } = openSocket(real.url)
    const opened = vi.fn()
    socket.addEventListener('open', opened)
    const errorEvent = await errored
    expect(String((errorEvent as Event & { cause?: unknown }).cause)).toContain("onUnhandledRequest is 'error'")
    expect((await closed).code).toBe(1006)
    expect(opened).not.toHaveBeenCalled()
    expect(String(error.mock.calls[0][0])).toContain(`no handler matched WebSocket ${real.url}/`)
    expect(await realConnectionsBefore()).toBe(0)
  })

  it('a callback receives the handshake as a Request and decides; print.warning() prints the default warning', async () => {
    const seen: Array<{ url: string; upgrade: string | null; protocol: string | null }> = []
    const { warn } = listen((request, print) => {
      seen.push({
        url: request.url,
        upgrade: request.headers.get('upgrade'),
        protocol: request.headers.get('sec-websocket-protocol'),
      })
      print.warning()
    })
    const { socket, nextMessage } = openSocket(real.url, 'chat.v2')
    expect((await nextMessage()).data).toBe('hello from the real server')
    expect(seen).toEqual([{ url: `${real.url}/`, upgrade: 'websocket', protocol: 'chat.v2' }])
    expect(warn).toHaveBeenCalledTimes(1)
    socket.close()
  })

  it('a callback that throws fails the connection like the error strategy', async () => {
    listen(() => {
      throw new Error('no sockets in tests')
    })
    const { errored, closed } = openSocket(real.url)
    expect(String(((await errored) as Event & { cause?: unknown }).cause)).toContain('no sockets in tests')
    expect((await closed).code).toBe(1006)
  })

  it('a passthrough the real server refuses fails the client as the refusal would: one error, then close 1006, never open', async () => {
    listen('bypass')
    const { socket, errored, closed } = openSocket('ws://127.0.0.1:9/refused')
    const opened = vi.fn()
    const errors = vi.fn()
    socket.addEventListener('open', opened)
    socket.addEventListener('error', errors)
    await errored
    expect((await closed).code).toBe(1006)
    // Closing the refused real socket used to send the closed client a second error.
    await Promise.resolve()
    expect(errors).toHaveBeenCalledTimes(1)
    expect(opened).not.toHaveBeenCalled()
  })

  it('a handled connection prints nothing, whatever the strategy', async () => {
    const { warn, error } = listen('error')
    server.use(ws.link(real.url).addEventListener('connection', ({ client }) => client.send('mocked')))
    const { socket, nextMessage } = openSocket(real.url)
    expect((await nextMessage()).data).toBe('mocked')
    expect(warn).not.toHaveBeenCalled()
    expect(error).not.toHaveBeenCalled()
    socket.close()
  })
})
