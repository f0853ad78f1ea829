// The global WebSocket while the undici source is on too: the patched global answers its
// connections, and its passthrough (made with the platform's WebSocket, which is undici in Node)
// goes to the network through undici's global dispatcher without being answered a second time.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { WebSocket as UndiciWebSocket } from 'undici'
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRealServer, type RealServer } from './real-server'
import { openSocket } from './socket'

// Captured before listen(), as a module that keeps the class would: the patch never sees it,
// but Node's WebSocket is undici, whose handshake reaches the dispatcher source.
const Native = globalThis.WebSocket
const server = setupServer()
let real: RealServer
const connections: string[] = []
beforeAll(async () => {
  real = await startRealServer()
  server.listen({ sources: ['interceptors', 'undici'], onUnhandledRequest: 'bypass' })
  server.events.on('connection', ({ url }) => connections.push(url.href))
})
afterEach(() => {
  server.resetHandlers()
  connections.length = 0
})
afterAll(async () => {
  server.close()
  await real.close()
})

it("server.connect() from a handler opens one real connection, and the pipeline sees the client's once", async () => {
  server.use(ws.link(`${real.url}/live`).addEventListener('connection', ({ server: origin }) => origin.connect()))
  const accepted = real.nextConnection()
  const { socket, nextMessage } = openSocket(`${real.url}/live`)
  expect((await nextMessage()).data).toBe('hello from the real server')
  await accepted
  socket.send('hi')
  expect((await nextMessage()).data).toBe('real: hi')
  socket.close()
  expect(real.connections).toHaveLength(1)
  expect(connections).toEqual([`${real.url}/live`])
})

it('an unhandled connection goes to the real server once', async () => {
  const before = real.connections.length
  const { socket, nextMessage } = openSocket(`${real.url}/plain`)
  expect((await nextMessage()).data).toBe('hello from the real server')
  socket.close()
  expect(real.connections.length - before).toBe(1)
  expect(connections).toEqual([`${real.url}/plain`])
})

it("Node's own WebSocket captured before listen() is answered through the undici source", async () => {
  server.use(
    ws.link('wss://chat.test/echo').addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => client.send(`echo: ${String(event.data)}`))
    }),
  )
  const socket = new Native('wss://chat.test/echo')
  await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
  socket.send('hi')
  const reply = await new Promise<MessageEvent>((resolve) =>
    socket.addEventListener('message', resolve, { once: true }),
  )
  expect(reply.data).toBe('echo: hi')
  socket.close()
  expect(connections).toEqual(['wss://chat.test/echo'])
})

it("an undici package WebSocket nothing handles goes to the real server once, through mocklib's own client", async () => {
  const before = real.connections.length
  const socket = new UndiciWebSocket(`${real.url}/undici`)
  const messages: unknown[] = []
  const greeted = new Promise<void>((resolve) =>
    socket.addEventListener('message', (event) => {
      messages.push(event.data)
      if (messages.length === 2) resolve()
    }),
  )
  await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
  socket.send('from undici')
  await greeted
  expect(messages).toEqual(['hello from the real server', 'real: from undici'])
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener('close', resolve, { once: true }),
  )
  socket.close(4000, 'done')
  expect(await closed).toMatchObject({ code: 4000, reason: 'done' })
  expect(real.connections.length - before).toBe(1)
  expect(connections).toEqual([`${real.url}/undici`])
})
