// delay()'s distributions and throttle()'s pacing, measured on a fake clock: what is asserted is
// the time each delay and each chunk was scheduled for, never a wall-clock wait.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { delay, fault, getResponse, graphql, http, HttpResponse, networkPresets, seededRandom, throttle } from 'mocklib'
import type { DelayDistribution } from 'mocklib'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

/** How long one delay() waits on the fake clock. */
async function measure(distribution: DelayDistribution): Promise<number> {
  const start = Date.now()
  const waiting = delay(distribution)
  await vi.runAllTimersAsync()
  await waiting
  return Date.now() - start
}

async function sample(distribution: DelayDistribution, count: number): Promise<number[]> {
  const values: number[] = []
  for (let index = 0; index < count; index++) values.push(await measure(distribution))
  return values
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
/** The fraction of `values` from `low` to `high`. */
const shareWithin = (values: number[], low: number, high: number) =>
  values.filter((value) => value >= low && value <= high).length / values.length
/** `value` is strictly between `low` and `high`. */
function expectBetween(value: number, low: number, high: number): void {
  expect(value).toBeGreaterThan(low)
  expect(value).toBeLessThan(high)
}

describe('delay() distributions', () => {
  it('{ min, max } waits uniformly between the two', async () => {
    const values = await sample({ min: 100, max: 300, random: seededRandom(1) }, 400)
    expect(Math.min(...values)).toBeGreaterThanOrEqual(100)
    expect(Math.max(...values)).toBeLessThanOrEqual(300)
    expectBetween(mean(values), 190, 210)
  })

  it('{ mean, deviation } waits normally around the mean, never below 0', async () => {
    const values = await sample({ mean: 200, deviation: 50, random: seededRandom(2) }, 400)
    expectBetween(mean(values), 190, 210)
    expectBetween(shareWithin(values, 150, 250), 0.62, 0.75)
    expect(Math.min(...(await sample({ mean: 10, deviation: 100, random: seededRandom(3) }, 50)))).toBe(0)
  })

  it('{ median, spread } waits log-normally: half under the median, two in three within a factor of spread', async () => {
    const values = await sample({ median: 200, spread: 2, random: seededRandom(4) }, 400)
    expectBetween(median(values), 185, 215)
    expectBetween(shareWithin(values, 100, 400), 0.62, 0.75)
    // A long tail: some waits are several times the median.
    expect(Math.max(...values)).toBeGreaterThan(600)
  })

  it('the same seed gives the same delays; another seed other delays', async () => {
    const run = (seed: number) => sample({ median: 100, spread: 3, random: seededRandom(seed) }, 20)
    const first = await run(42)
    expect(await run(42)).toEqual(first)
    expect(await run(43)).not.toEqual(first)
  })

  it('a malformed distribution rejects with a coded error saying what a distribution is', async () => {
    await expect(delay({ median: 100, spread: 0.5 })).rejects.toMatchObject({
      code: 'MOCKLIB_INVALID_ARGUMENT',
      message: expect.stringContaining('{ median, spread } (spread >= 1)'),
    })
    await expect(delay({ min: 10, max: 5 })).rejects.toMatchObject({ code: 'MOCKLIB_INVALID_ARGUMENT' })
  })
})

/** Reads a body to its end on the fake clock, noting when each chunk arrived (ms from the start). */
async function schedule(body: ReadableStream<Uint8Array>, start: number) {
  const chunks: { at: number; size: number }[] = []
  const reader = body.getReader()
  let finished = false
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push({ at: Date.now() - start, size: value.byteLength })
    }
    finished = true
  })()
  while (!finished) await vi.advanceTimersToNextTimerAsync()
  await reading
  return chunks
}

describe('throttle()', () => {
  it('a 1 MB body at 100 kB/s takes 10 s (± 10 %), 10 kB every 100 ms', async () => {
    const start = Date.now()
    const response = await throttle(new HttpResponse(new Uint8Array(1_000_000)), { download: 100_000 })
    const chunks = await schedule(response.body!, start)
    const total = chunks.reduce((sum, chunk) => sum + chunk.size, 0)
    expect(total).toBe(1_000_000)
    const last = chunks.at(-1)!.at
    expect(last).toBeGreaterThanOrEqual(9_000)
    expect(last).toBeLessThanOrEqual(11_000)
    expect(chunks.every((chunk) => chunk.size === 10_000)).toBe(true)
    expect(chunks.slice(0, 3).map((chunk) => chunk.at)).toEqual([100, 200, 300])
  })

  it("a preset waits its latency before the response, then paces the body: 'slow-3g'", async () => {
    const server = [http.get('https://api.test/big', () => throttle(HttpResponse.text('x'.repeat(100_000)), 'slow-3g'))]
    const start = Date.now()
    const answering = getResponse(server, new Request('https://api.test/big'))
    await vi.advanceTimersByTimeAsync(networkPresets['slow-3g'].latency! - 1)
    let answered = false
    void answering.then(() => (answered = true))
    await Promise.resolve()
    expect(answered).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const response = (await answering)!
    expect(Date.now() - start).toBe(2_000)
    const chunks = await schedule(response.body!, start)
    // 100 kB at 50 kB/s: two more seconds.
    expect(chunks.at(-1)!.at).toBe(4_000)
  })

  it('keeps what mocklib knows of the response, and so does fault.truncate(): a GraphQL answer is negotiated', async () => {
    const slow = graphql.query('Slow', () => throttle(HttpResponse.json({ data: { slow: true } }), { download: 1e6 }))
    const cut = graphql.query('Cut', () => fault.truncate(HttpResponse.json({ data: { cut: true } }), 5))
    for (const [handler, name] of [
      [slow, 'Slow'],
      [cut, 'Cut'],
    ] as const) {
      const request = new Request('https://api.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify({ query: `query ${name} { value }` }),
      })
      const response = await getResponse([handler], request)
      expect(response?.headers.get('content-type'), name).toBe('application/graphql-response+json')
    }
  })

  it("'offline' fails the request as a host that cannot be reached", async () => {
    const response = await throttle(HttpResponse.text('never'), 'offline')
    expect(response.type).toBe('error')
  })

  it('bad conditions throw a coded error naming the presets', async () => {
    await expect(throttle(HttpResponse.text('x'), { download: 0 })).rejects.toMatchObject({
      code: 'MOCKLIB_INVALID_ARGUMENT',
      message: expect.stringContaining("'slow-3g', 'fast-3g', 'offline'"),
    })
  })
})
