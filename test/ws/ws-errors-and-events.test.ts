import { ws, type LifeCycleEventPayload } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { deferred, openSocket } from './socket'

const api = ws.link('wss://api.test/live')
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

describe('a listener that throws', () => {
  it('in the connection listener: the client gets an error event and close 1011 with the message, never open; a line names the handler, then the error itself is printed', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      api.addEventListener('connection', () => {
        throw new Error('boom in connection')
      }),
    )
    const { socket, errored, closed } = openSocket('wss://api.test/live')
    const opened = vi.fn()
    socket.addEventListener('open', opened)
    await errored
    const event = await closed
    expect([event.code, event.reason]).toEqual([1011, 'boom in connection'])
    expect(opened).not.toHaveBeenCalled()
    // First which handler threw, then the error itself on its own (as MSW prints it).
    expect(printed).toHaveBeenCalledTimes(2)
    expect(printed.mock.calls[0]).toHaveLength(1)
    expect(String(printed.mock.calls[0][0])).toContain(
      'The handler "ws wss://api.test/live" threw while handling the WebSocket connection to wss://api.test/live',
    )
    expect(printed).toHaveBeenNthCalledWith(2, new Error('boom in connection'))
  })

  it('in a message listener: the open client gets an error event and close 1011', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      api.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', () => {
          throw new Error('boom in message')
        })
      }),
    )
    const { socket, opened, errored, closed } = openSocket('wss://api.test/live')
    await opened
    socket.send('trigger')
    await errored
    const event = await closed
    expect([event.code, event.reason]).toEqual([1011, 'boom in message'])
  })

  it('with an unhandledException listener: it gets the error and the handshake, and nothing is printed', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const reported = deferred<LifeCycleEventPayload<'unhandledException'>>()
    server.events.on('unhandledException', reported.resolve)
    server.use(
      api.addEventListener('connection', () => {
        throw new Error('reported')
      }),
    )
    const { closed } = openSocket('wss://api.test/live')
    const payload = await reported.promise
    expect(payload.error.message).toBe('reported')
    expect(payload.request.url).toBe('wss://api.test/live')
    expect(payload.request.headers.get('upgrade')).toBe('websocket')
    expect((await closed).code).toBe(1011)
    expect(printed).not.toHaveBeenCalled()
  })

  it('stops the handlers after the one that threw from getting the connection', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const later = vi.fn()
    server.use(
      api.addEventListener('connection', () => {
        throw new Error('first fails')
      }),
      api.addEventListener('connection', later),
    )
    const { closed } = openSocket('wss://api.test/live')
    expect((await closed).code).toBe(1011)
    expect(later).not.toHaveBeenCalled()
  })
})

describe('the connection lifecycle event', () => {
  it('announces every intercepted connection, handled or not, with its URL, protocols, handshake and client id', async () => {
    const events: Array<LifeCycleEventPayload<'connection'>> = []
    server.events.on('connection', (payload) => events.push(payload))
    const clientId = deferred<string>()
    server.use(api.addEventListener('connection', ({ client }) => clientId.resolve(client.id)))
    const handled = openSocket('wss://api.test/live', 'v1')
    await handled.opened
    expect(events).toHaveLength(1)
    expect(events[0].url.href).toBe('wss://api.test/live')
    expect(events[0].protocols).toBe('v1')
    expect(events[0].request.headers.get('sec-websocket-protocol')).toBe('v1')
    expect(events[0].requestId).toBe(await clientId.promise)
    handled.socket.close()

    // Unhandled (bypassed to a host that does not exist): announced too.
    const unhandled = openSocket('ws://127.0.0.1:9/nothing-here')
    await unhandled.closed
    expect(events.map((event) => event.url.href)).toEqual(['wss://api.test/live', 'ws://127.0.0.1:9/nothing-here'])
  })
})
