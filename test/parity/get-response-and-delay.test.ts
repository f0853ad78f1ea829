// getResponse() return values and delay() modes under msw 2.14 and mocklib (fake timers or
// tiny values; no timing assertions).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runBoth, withServer, type Lib } from './harness'

describe('getResponse()', () => {
  const scenarios: Array<[string, (lib: Lib) => ReturnType<Lib['http']['get']>[], string]> = [
    [
      'a mocked response',
      (lib) => [lib.http.get('http://a.test/x', () => lib.HttpResponse.json({ a: 1 }, { status: 201 }))],
      'http://a.test/x',
    ],
    [
      'no handler matches',
      (lib) => [lib.http.get('http://a.test/y', () => lib.HttpResponse.text('y'))],
      'http://a.test/x',
    ],
    ['every handler falls through', (lib) => [lib.http.get('http://a.test/x', () => undefined)], 'http://a.test/x'],
    ['a network error', (lib) => [lib.http.get('http://a.test/x', () => lib.HttpResponse.error())], 'http://a.test/x'],
    [
      'a thrown Response',
      (lib) => [
        lib.http.get('http://a.test/x', () => {
          throw lib.HttpResponse.text('no', { status: 401 })
        }),
      ],
      'http://a.test/x',
    ],
    [
      'a generator',
      (lib) => [
        lib.http.get('http://a.test/x', function* () {
          yield lib.HttpResponse.text('first')
          return lib.HttpResponse.text('last')
        }),
      ],
      'http://a.test/x',
    ],
  ]

  it.each(scenarios)('%s', async (_, handlers, url) => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const list = handlers(lib)
      const results = []
      for (let i = 0; i < 2; i++) {
        const response = await lib.getResponse(list, new Request(url))
        results.push(
          response === undefined
            ? 'undefined'
            : { type: response.type, status: response.status, body: await response.text() },
        )
      }
      return results
    })
    expect(mocklib).toEqual(msw)
  })

  it('a resolver error rejects', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      try {
        await lib.getResponse(
          [
            lib.http.get('http://a.test/x', () => {
              throw new Error('broke')
            }),
          ],
          new Request('http://a.test/x'),
        )
        return 'resolved'
      } catch (error) {
        return (error as Error).message
      }
    })
    expect(mocklib).toEqual(msw)
  })

  it('GraphQL handlers through getResponse (the batch recipe)', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const handlers = [lib.graphql.query('A', () => lib.HttpResponse.json({ data: { a: 1 } }))]
      const request = new Request('http://a.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query A { a }' }),
      })
      const response = await lib.getResponse(handlers, request)
      return response === undefined ? 'undefined' : await response.json()
    })
    expect(mocklib).toEqual(msw)
  })
})

describe('delay()', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it.each([
    ['a number', (lib: Lib) => lib.delay(20)],
    ['no argument', (lib: Lib) => lib.delay()],
    ['"real"', (lib: Lib) => lib.delay('real')],
    ['0', (lib: Lib) => lib.delay(0)],
    ['NaN', (lib: Lib) => lib.delay(Number.NaN)],
    ['null', (lib: Lib) => lib.delay(null as never)],
  ])('%s waits on the global timers (settles when fake timers run)', async (_, wait) => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      vi.useFakeTimers()
      let settled = false
      const pending = wait(lib).then(() => {
        settled = true
      })
      await Promise.resolve()
      const before = settled
      await vi.runAllTimersAsync()
      await pending
      vi.useRealTimers()
      return { before, after: settled }
    })
    expect(mocklib).toEqual(msw)
  })

  it('"infinite" has not settled a (fake) day later', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      vi.useFakeTimers()
      let settled = false
      void lib.delay('infinite').then(() => {
        settled = true
      })
      await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000)
      vi.useRealTimers()
      return settled
    })
    expect(mocklib).toBe(false)
    expect(mocklib).toEqual(msw)
  })

  it.each([
    ['too long', 2147483648],
    ['unknown mode', 'slow'],
  ])('%s rejects the promise, without throwing at the call', async (_, value) => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      let waiting: Promise<void>
      try {
        waiting = lib.delay(value as never)
      } catch {
        return 'throws at the call'
      }
      try {
        await waiting
        return 'resolved'
      } catch (error) {
        return error instanceof Error ? 'rejects' : 'rejects with a non-Error'
      }
    })
    expect(mocklib).toBe('rejects')
    expect(mocklib).toEqual(msw)
  })

  it('a delayed resolver still answers', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', async () => {
            await lib.delay(2)
            return lib.HttpResponse.text('late')
          }),
        ],
        {},
        async () => (await fetch('http://a.test/x')).text(),
      ),
    )
    expect(mocklib).toEqual(msw)
  })
})
