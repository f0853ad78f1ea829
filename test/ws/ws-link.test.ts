import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deferred, openSocket } from './socket'

const chat = ws.link('wss://chat.test/rooms/:room')
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('ws.link: a mocked connection', () => {
  it('opens the client and echoes what it sends', async () => {
    server.use(
      chat.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => client.send(`echo: ${String(event.data)}`))
      }),
    )
    const { socket, opened, nextMessage } = openSocket('wss://chat.test/rooms/lobby')
    await opened
    expect(socket.readyState).toBe(WebSocket.OPEN)
    socket.send('hello')
    expect((await nextMessage()).data).toBe('echo: hello')
    socket.close()
  })

  it('gives the listener the client, its URL, the path params and the requested protocols', async () => {
    const seen = deferred<{ url: string; id: string; params: unknown; protocols: unknown }>()
    server.use(
      chat.addEventListener('connection', ({ client, params, info }) => {
        seen.resolve({ url: client.url.href, id: client.id, params, protocols: info.protocols })
      }),
    )
    const { socket } = openSocket('wss://chat.test/rooms/42', ['v2.chat', 'v1.chat'])
    const got = await seen.promise
    expect(got).toEqual({
      url: 'wss://chat.test/rooms/42',
      id: expect.any(String),
      params: { room: '42' },
      protocols: ['v2.chat', 'v1.chat'],
    })
    socket.close()
  })

  it('sends frames from the connection listener before the client has opened', async () => {
    server.use(chat.addEventListener('connection', ({ client }) => client.send('welcome')))
    const { socket, nextMessage } = openSocket('wss://chat.test/rooms/a')
    expect((await nextMessage()).data).toBe('welcome')
    socket.close()
  })

  it('closes the client with the code and reason the handler gives', async () => {
    server.use(
      chat.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', () => client.close(4001, 'kicked'))
      }),
    )
    const { socket, opened, closed } = openSocket('wss://chat.test/rooms/a')
    await opened
    socket.send('anything')
    const event = await closed
    expect([event.code, event.reason]).toEqual([4001, 'kicked'])
    expect(socket.readyState).toBe(WebSocket.CLOSED)
  })

  it('lets the handler close with a reserved code such as 1011 (the browser API itself refuses it)', async () => {
    server.use(chat.addEventListener('connection', ({ client }) => client.close(1011, 'server error')))
    const { closed } = openSocket('wss://chat.test/rooms/a')
    const event = await closed
    expect([event.code, event.reason]).toEqual([1011, 'server error'])
  })

  it('tells the handler when the client closes', async () => {
    const clientClosed = deferred<number>()
    server.use(
      chat.addEventListener('connection', ({ client }) => {
        client.addEventListener('close', (event) => clientClosed.resolve(event.code))
      }),
    )
    const { socket, opened } = openSocket('wss://chat.test/rooms/a')
    await opened
    socket.close(3000, 'bye')
    expect(await clientClosed.promise).toBe(3000)
  })

  it('refuses a close code outside 1000–4999 with an error naming the handler', async () => {
    const thrown = deferred<unknown>()
    server.use(
      chat.addEventListener('connection', ({ client }) => {
        try {
          client.close(5000)
        } catch (error) {
          thrown.resolve(error)
        }
      }),
    )
    const { socket } = openSocket('wss://chat.test/rooms/a')
    const error = await thrown.promise
    expect(error).toBeInstanceOf(RangeError)
    expect(String(error)).toContain('client.close(5000) in the handler "ws wss://chat.test/rooms/:room"')
    socket.close()
  })
})
