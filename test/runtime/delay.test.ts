// delay(): its forms, checked on a fake clock (no wall-clock timing), its errors, and
// delay('infinite') with a client that gives up.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { delay, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

/** Whether `promise` has settled after the fake clock moved by `ms`. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false
  void promise.then(() => (settled = true))
  await vi.advanceTimersByTimeAsync(ms)
  return settled
}

describe('waiting times (fake clock)', () => {
  beforeAll(() => vi.useFakeTimers())
  afterAll(() => vi.useRealTimers())

  it('delay(ms) waits exactly ms', async () => {
    const waiting = delay(1000)
    expect(await settledAfter(waiting, 999)).toBe(false)
    expect(await settledAfter(waiting, 1)).toBe(true)
  })

  it("delay() and delay('real') wait a realistic server time, 5 ms in Node", async () => {
    for (const start of [() => delay(), () => delay('real')]) {
      const waiting = start()
      expect(await settledAfter(waiting, 4)).toBe(false)
      expect(await settledAfter(waiting, 1)).toBe(true)
    }
  })

  it('delay(0), a negative duration, NaN and null wait for nothing more than a timer tick (as in MSW)', async () => {
    expect(await settledAfter(delay(0), 0)).toBe(true)
    expect(await settledAfter(delay(-50), 0)).toBe(true)
    expect(await settledAfter(delay(Number.NaN), 0)).toBe(true)
    expect(await settledAfter(delay(null as never), 0)).toBe(true)
  })

  it("delay('infinite') never settles and holds no timer", async () => {
    const before = vi.getTimerCount()
    const waiting = delay('infinite')
    expect(vi.getTimerCount()).toBe(before)
    expect(await settledAfter(waiting, 2_147_483_647)).toBe(false)
  })
})

describe('bad input rejects the promise, never throws at the call (delay is async, as in MSW)', () => {
  it('an unknown mode rejects, naming the accepted forms', async () => {
    const waiting = delay('slow' as never)
    await expect(waiting).rejects.toThrow(
      /delay\("slow"\): unknown mode\. Use a number of milliseconds, 'real', 'infinite' or a distribution/,
    )
  })

  it('a duration above the timer maximum rejects and suggests delay("infinite")', async () => {
    await expect(delay(2_147_483_648)).rejects.toThrow(/longest delay is 2147483647 ms.*delay\('infinite'\)/)
    await expect(delay(Infinity)).rejects.toThrow(RangeError)
  })

  it('a resolver whose delay rejects answers 500 naming the error, like any rejected await', async () => {
    const server = setupServer(
      http.get('https://api.test/slow', async () => {
        await delay('slow' as never)
        return HttpResponse.text('never')
      }),
    )
    server.listen()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const response = await fetch('https://api.test/slow')
      expect(response.status).toBe(500)
      expect((await response.json()) as { message: string }).toMatchObject({
        message: expect.stringContaining('unknown mode'),
      })
    } finally {
      error.mockRestore()
      server.close()
    }
  })
})

describe("delay('infinite') in a resolver", () => {
  let started!: () => void
  const server = setupServer(
    http.get('https://api.test/forever', async () => {
      started()
      await delay('infinite')
      return HttpResponse.text('never')
    }),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => vi.restoreAllMocks())
  afterAll(() => server.close())

  it('keeps the request pending until the client aborts it, which rejects cleanly', async () => {
    const resolverStarted = new Promise<void>((resolve) => (started = resolve))
    const controller = new AbortController()
    const pending = fetch('https://api.test/forever', { signal: controller.signal })
    await resolverStarted
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
