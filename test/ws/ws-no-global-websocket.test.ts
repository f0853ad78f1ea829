import { http, HttpResponse, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterEach, expect, it, vi } from 'vitest'

const NativeWebSocket = globalThis.WebSocket

afterEach(() => {
  globalThis.WebSocket = NativeWebSocket
  vi.restoreAllMocks()
})

it('warns once, naming the handler and what to do, when a server listens with ws handlers and there is no global WebSocket (Node 20 without the flag)', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  delete (globalThis as { WebSocket?: unknown }).WebSocket
  const plain = setupServer(http.get('https://api.test/x', () => HttpResponse.text('x')))
  plain.listen()
  plain.close()
  expect(warn).not.toHaveBeenCalled()

  const server = setupServer()
  server.listen()
  server.use(ws.link('wss://chat.test').addEventListener('connection', () => {}))
  server.use(ws.link('wss://other.test').addEventListener('connection', () => {}))
  server.close()
  expect(warn).toHaveBeenCalledTimes(1)
  const message = String(warn.mock.calls[0][0])
  expect(message).toContain('"ws wss://chat.test": there is no global WebSocket here')
  expect(message).toContain("mocks only the `ws` package's client")
  expect(message).toContain('--experimental-websocket')
})
