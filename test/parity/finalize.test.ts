// finalize(cleanup) in resolvers (MSW 2.14.4+) under msw and mocklib: when cleanups run, in
// which order, for plain, throwing and generator resolvers, and what a failing cleanup does.
import { expect, it } from 'vitest'
import { consoleCalls, runBoth, withServer, type Lib } from './harness'

async function logOf(lib: Lib, handlers: (log: string[]) => ReturnType<Lib['http']['get']>[], requests: number) {
  const log: string[] = []
  const { calls } = await consoleCalls(() =>
    withServer(lib, handlers(log), {}, async () => {
      for (let i = 0; i < requests; i++) {
        const response = await fetch('http://a.test/x')
        log.push(`response ${response.status} ${await response.text()}`)
      }
    }),
  )
  return { log, calls }
}

it('a plain resolver: cleanups run last-registered first, before the client gets the answer', async () => {
  const { msw, mocklib } = await runBoth((lib) =>
    logOf(
      lib,
      (log) => [
        lib.http.get('http://a.test/x', ({ finalize }) => {
          finalize(() => void log.push('cleanup 1'))
          finalize(async () => {
            await Promise.resolve()
            log.push('cleanup 2')
          })
          log.push('resolver')
          return lib.HttpResponse.text('ok')
        }),
      ],
      2,
    ),
  )
  expect(mocklib).toEqual(msw)
})

it('a throwing resolver still runs its cleanups', async () => {
  const { msw, mocklib } = await runBoth((lib) =>
    logOf(
      lib,
      (log) => [
        lib.http.get('http://a.test/x', ({ finalize }) => {
          finalize(() => void log.push('cleanup'))
          throw lib.HttpResponse.text('thrown', { status: 401 })
        }),
      ],
      1,
    ),
  )
  expect(mocklib).toEqual(msw)
})

it('a generator resolver: cleanups run once it is exhausted', async () => {
  const { msw, mocklib } = await runBoth((lib) =>
    logOf(
      lib,
      (log) => [
        lib.http.get('http://a.test/x', function* ({ finalize }) {
          finalize(() => void log.push('cleanup'))
          yield lib.HttpResponse.text('one')
          yield lib.HttpResponse.text('two')
          return lib.HttpResponse.text('last')
        }),
      ],
      4,
    ),
  )
  expect(mocklib).toEqual(msw)
})

it('a cleanup that throws is reported on the console; the answer is unaffected', async () => {
  const { msw, mocklib } = await runBoth((lib) =>
    logOf(
      lib,
      (log) => [
        lib.http.get('http://a.test/x', ({ finalize }) => {
          finalize(() => void log.push('after the failure'))
          finalize(() => {
            throw new Error('cleanup failed')
          })
          return lib.HttpResponse.text('ok')
        }),
      ],
      1,
    ),
  )
  expect(mocklib).toEqual(msw)
  expect(mocklib.calls).toEqual(['error'])
})

it('a resolver that falls through runs its cleanups too', async () => {
  const { msw, mocklib } = await runBoth((lib) =>
    logOf(
      lib,
      (log) => [
        lib.http.get('http://a.test/x', ({ finalize }) => {
          finalize(() => void log.push('first cleanup'))
        }),
        lib.http.get('http://a.test/x', () => lib.HttpResponse.text('second')),
      ],
      1,
    ),
  )
  expect(mocklib).toEqual(msw)
})
