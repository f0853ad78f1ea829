import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startRealServer, type RealServer } from './real-server'
import { deferred, openSocket } from './socket'

let real: RealServer
const server = setupServer()

beforeAll(async () => {
  real = await startRealServer()
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await real.close()
})

describe('server.connect()', () => {
  it('is not called by default: a matched connection never reaches the real server', async () => {
    const link = ws.link(real.url)
    server.use(link.addEventListener('connection', ({ client }) => client.send('mocked')))
    const mocked = openSocket(real.url)
    expect((await mocked.nextMessage()).data).toBe('mocked')
    mocked.socket.close()
    await mocked.closed
    server.resetHandlers()
    // The next connection is the first the real server ever sees.
    const before = real.connections.length
    const direct = openSocket(real.url)
    await real.nextConnection()
    expect(real.connections.length).toBe(before + 1)
    direct.socket.close()
  })

  it('forwards frames both ways once connected', async () => {
    const link = ws.link(real.url)
    server.use(link.addEventListener('connection', ({ server }) => server.connect()))
    const { socket, opened, nextMessage } = openSocket(real.url)
    await opened
    expect((await nextMessage()).data).toBe('hello from the real server')
    socket.send('ping')
    expect((await nextMessage()).data).toBe('real: ping')
    socket.close()
  })

  it('lets the handler keep a client frame from the real server with preventDefault()', async () => {
    const link = ws.link(real.url)
    server.use(
      link.addEventListener('connection', ({ client, server }) => {
        server.connect()
        client.addEventListener('message', (event) => {
          if (event.data === 'secret') {
            event.preventDefault()
            client.send('kept from the server')
          }
        })
      }),
    )
    const { socket, opened, nextMessage } = openSocket(real.url)
    await opened
    expect((await nextMessage()).data).toBe('hello from the real server')
    socket.send('secret')
    expect((await nextMessage()).data).toBe('kept from the server')
    socket.send('public')
    expect((await nextMessage()).data).toBe('real: public')
    expect(real.received).not.toContain('secret')
    socket.close()
  })

  it('lets the handler replace a server frame with preventDefault() and client.send()', async () => {
    const link = ws.link(real.url)
    server.use(
      link.addEventListener('connection', ({ client, server }) => {
        server.connect()
        server.addEventListener('message', (event) => {
          event.preventDefault()
          client.send(`patched(${String(event.data)})`)
        })
      }),
    )
    const { socket, nextMessage } = openSocket(real.url)
    expect((await nextMessage()).data).toBe('patched(hello from the real server)')
    socket.close()
  })

  it('server.send() talks to the real server; frames sent before it opens are queued', async () => {
    const link = ws.link(real.url)
    server.use(
      link.addEventListener('connection', ({ server }) => {
        server.connect()
        server.send('sent by the handler')
      }),
    )
    const received = real.nextMessage()
    const { socket } = openSocket(real.url)
    expect(await received).toBe('sent by the handler')
    socket.close()
  })

  it('a close from the real server reaches the client with its code', async () => {
    const link = ws.link(real.url)
    server.use(link.addEventListener('connection', ({ server }) => server.connect()))
    const accepted = real.nextConnection()
    const { closed } = openSocket(real.url)
    ;(await accepted).close(4002, 'server says bye')
    const event = await closed
    expect([event.code, event.reason]).toEqual([4002, 'server says bye'])
  })

  it('a handler can observe the real server opening', async () => {
    const link = ws.link(real.url)
    const open = deferred<string>()
    server.use(
      link.addEventListener('connection', ({ server }) => {
        server.addEventListener('open', (event) => open.resolve(event.type))
        server.connect()
      }),
    )
    const { socket } = openSocket(real.url)
    expect(await open.promise).toBe('open')
    socket.close()
  })
})
