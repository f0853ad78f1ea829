// Connections opened and closed leave nothing behind: no mocked socket stays reachable from
// mocklib (link.clients, listeners, the frame sender), however many came and went.
import v8 from 'node:v8'
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

const chat = ws.link('wss://chat.test/rooms/:room')
const server = setupServer(
  chat.addEventListener('connection', ({ client, server: real }) => {
    real.addEventListener('message', () => {})
    client.addEventListener('message', (event) => client.send(event.data))
    client.addEventListener('close', () => {})
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

async function roundTrip(index: number): Promise<WebSocket> {
  const socket = new WebSocket(`wss://chat.test/rooms/${index % 7}`)
  socket.binaryType = 'arraybuffer'
  await new Promise((resolve) => (socket.onopen = resolve))
  const echoed = new Promise<unknown>((resolve) => (socket.onmessage = (event) => resolve(event.data)))
  socket.send(`frame ${index}`)
  expect(await echoed).toBe(`frame ${index}`)
  const closed = new Promise((resolve) => (socket.onclose = resolve))
  socket.close()
  await closed
  return socket
}

it('keeps no mocked socket of 10,000 connections opened, used and closed', async () => {
  const MockSocket = (await roundTrip(0)).constructor as new () => object
  const live = () => v8.queryObjects(MockSocket, { format: 'count' }) as number
  const before = live()
  for (let index = 1; index <= 10_000; index++) await roundTrip(index)
  expect(chat.clients.size).toBe(0)
  // queryObjects collects garbage before counting; a few may still be held by pending microtasks.
  await vi.waitFor(() => expect(live() - before).toBeLessThan(20), { timeout: 10_000, interval: 50 })
}, 60_000)
