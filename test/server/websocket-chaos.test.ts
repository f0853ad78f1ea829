// Chaos on the mock server's WebSocket connections, over a real socket: `listen({ chaos })` and
// chaos.wrap() drop the same connections after the same messages for the same seed, and the
// `ws` package's client sees each drop as a lost connection (1006), as from a real server.
import { createChaos, ws, type ChaosOptions } from 'mocklib'
import { createMockServer, type MockServer } from 'mocklib/node'
import WebSocket from 'ws'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

let info: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => {})
})
afterEach(() => info.mockRestore())

const ticker = ws.link('/ticks').addEventListener('connection', ({ client }) => {
  for (let tick = 1; tick <= 4; tick++) client.send(`tick ${tick}`)
  client.close(1000, 'all ticks')
})
const options: ChaosOptions = { rate: 0.5, faults: ['drop'], dropAfter: { min: 0, max: 3 }, seed: 9 }
// One port for every run: a connection's URL is part of what chaos decides from.
let port = 0

/** How each of 8 connections to the server ended: ticks received and the close code. */
async function sessions(server: MockServer, listen: Parameters<MockServer['listen']>[0] = {}): Promise<string[]> {
  await server.listen({ ...listen, port })
  port = Number(new URL(server.url).port)
  const seen: string[] = []
  try {
    for (let index = 0; index < 8; index++) {
      seen.push(
        await new Promise<string>((resolve, reject) => {
          let ticks = 0
          const socket = new WebSocket(`ws://127.0.0.1:${port}/ticks`)
          socket.on('message', () => ticks++)
          socket.on('close', (code) => resolve(`${ticks} ticks, ${code}`))
          socket.on('error', reject)
        }),
      )
    }
  } finally {
    await server.close()
  }
  return seen
}

it('the same seed drops the same connections after the same messages, wrapped or as the server option', async () => {
  const chaos = createChaos(options)
  const wrapped = await sessions(createMockServer(...chaos.wrap(ticker)))
  expect(wrapped).toContain('4 ticks, 1000')
  expect(wrapped.filter((seen) => seen.endsWith(', 1006')).length).toBeGreaterThan(1)
  expect(chaos.outcomes.map(({ fault }) => fault)).toEqual(
    wrapped.map((s) => (s.endsWith('1006') ? 'drop' : undefined)),
  )

  expect(await sessions(createMockServer(ticker), { chaos: options })).toEqual(wrapped)
  expect(await sessions(createMockServer(ticker), { chaos: { ...options, seed: 10 } })).not.toEqual(wrapped)
})
