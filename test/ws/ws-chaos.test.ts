// createChaos() on WebSocket handlers and GraphQL subscriptions: a seeded fraction of the
// connections is dropped after a seeded number of messages, and `latency` delays each message,
// in order. The same seed gives the same sequence. Real clients: the `ws` package, graphql-ws, and
// the platform's WebSocket on a fake clock.
import { createChaos, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import WS from 'ws'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { attemptSubscription, subscribeWithRetry } from '../subscriptions/graphql-ws-clients'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.useRealTimers()
})
afterAll(() => server.close())

let info: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => {})
})
afterEach(() => info.mockRestore())

// Five ticks on every connection; the client closes once it has them all.
const ticker = ws.link('wss://ticks.test/').addEventListener('connection', ({ client }) => {
  for (let tick = 1; tick <= 5; tick++) client.send(`tick ${tick}`)
})

/** One session of the `ws` package's client: how many ticks it got, and the close code. */
function session(): Promise<string> {
  return new Promise((resolve, reject) => {
    let ticks = 0
    const socket = new WS('wss://ticks.test/')
    socket.on('message', () => {
      if (++ticks === 5) socket.close(1000)
    })
    socket.on('close', (code) => resolve(`${ticks} ticks, ${code}`))
    socket.on('error', reject)
  })
}

describe('chaos drops WebSocket connections', () => {
  async function run(seed: number): Promise<string[]> {
    const chaos = createChaos({ rate: 0.5, faults: ['drop'], dropAfter: { min: 0, max: 4 }, seed })
    server.resetHandlers(...chaos.wrap(ticker))
    const sessions: string[] = []
    for (let index = 0; index < 10; index++) sessions.push(await session())
    // What chaos decided is what the client saw.
    expect(chaos.outcomes.map((outcome) => outcome.fault)).toEqual(
      sessions.map((seen) => (seen.endsWith('1006') ? 'drop' : undefined)),
    )
    return sessions
  }

  it('the same seed drops the same connections after the same messages; another seed, others', async () => {
    const first = await run(11)
    expect(first).toContain('5 ticks, 1000')
    expect(first.filter((seen) => seen.endsWith(', 1006')).length).toBeGreaterThan(1)
    // Dropped after different numbers of messages: the count is drawn too.
    expect(new Set(first.filter((seen) => seen.endsWith(', 1006'))).size).toBeGreaterThan(1)
    expect(await run(11)).toEqual(first)
    expect(await run(12)).not.toEqual(first)
  })

  it('refuses a WebSocket handler with no fault it can have, naming the handler', () => {
    expect(() => createChaos({ rate: 0.5, faults: ['reset'] }).wrap(ticker)).toThrow(
      expect.objectContaining({
        code: 'MOCKLIB_INVALID_ARGUMENT',
        message: expect.stringMatching(/"ws wss:\/\/ticks\.test\/".*add 'drop' to faults/),
      }),
    )
    expect(() => createChaos({ rate: 0.5, faults: ['drop'], dropAfter: -1 })).toThrow(/dropAfter: -1/)
  })
})

describe('chaos delays WebSocket messages', () => {
  /** When each message reached the platform's WebSocket, in ms after it opened, on a fake clock. */
  async function arrivals(seed: number): Promise<Array<[string, number]>> {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const chaos = createChaos({ rate: 0, latency: { min: 50, max: 500 }, seed })
    server.resetHandlers(...chaos.wrap(ticker))
    const socket = new WebSocket('wss://ticks.test/')
    const seen: Array<[string, number]> = []
    await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
    const opened = Date.now()
    socket.addEventListener('message', (event) => seen.push([String(event.data), Date.now() - opened]))
    await vi.advanceTimersByTimeAsync(49)
    expect(seen).toEqual([])
    await vi.advanceTimersByTimeAsync(451)
    socket.close()
    vi.useRealTimers()
    return seen
  }

  it('each message arrives a drawn time later, in the order sent; the same seed gives the same times', async () => {
    const first = await arrivals(3)
    expect(first.map(([message]) => message)).toEqual(['tick 1', 'tick 2', 'tick 3', 'tick 4', 'tick 5'])
    const times = first.map(([, time]) => time)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(times[0]).toBeGreaterThanOrEqual(50)
    expect(times[4]).toBeLessThanOrEqual(500)
    expect(new Set(times).size).toBeGreaterThan(1)
    expect(await arrivals(3)).toEqual(first)
    expect(await arrivals(4)).not.toEqual(first)
  })
})

describe('chaos on a GraphQL subscription', () => {
  it('drops its connection after the seeded messages; graphql-ws reconnects and subscribes again', async () => {
    // Seed 7 drops the first connection (after connection_ack and one result) and spares the second.
    const chaos = createChaos({ rate: 0.5, faults: ['drop'], dropAfter: 2, seed: 7 })
    server.resetHandlers(...chaos.wrap(attemptSubscription()))
    const { results, closes } = await subscribeWithRetry('wss://api.test/graphql')
    expect(results).toEqual([{ data: { attempt: 1 } }, { data: { attempt: 2 } }])
    expect(closes[0]).toBe(1006)
    expect(chaos.outcomes).toEqual([
      { request: 'WebSocket wss://api.test/graphql', fault: 'drop' },
      { request: 'WebSocket wss://api.test/graphql', fault: undefined },
    ])
  })
})
