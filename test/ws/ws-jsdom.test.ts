// @vitest-environment jsdom
// Under a jsdom environment the global WebSocket is jsdom's own class: it is the one mocked.
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openSocket } from './socket'

const jsdomWebSocket = globalThis.WebSocket
const server = setupServer(
  ws.link('wss://jsdom.test').addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => client.send(event.data))
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it("mocks jsdom's WebSocket: text and binary echo, and jsdom's class is back after close()", async () => {
  expect(String(jsdomWebSocket)).toContain('globalObject.EventTarget')
  const { socket, opened, nextMessage } = openSocket('wss://jsdom.test', undefined, 'arraybuffer')
  await opened
  socket.send('hello jsdom')
  expect((await nextMessage()).data).toBe('hello jsdom')
  socket.send(new Uint8Array([7, 8, 9]))
  const binary = (await nextMessage()).data as ArrayBuffer
  expect([...new Uint8Array(binary)]).toEqual([7, 8, 9])
  socket.close()
  server.close()
  expect(globalThis.WebSocket).toBe(jsdomWebSocket)
})
