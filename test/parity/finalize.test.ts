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

/** A resolver that never settles registers a cleanup; the client aborts; what ran, in order. */
async function abortedLog(lib: Lib, registerAt: 'plain' | 'generator') {
  const log: string[] = []
  let started!: () => void
  const resolverStarted = new Promise<void>((resolve) => (started = resolve))
  const never = async ({ finalize }: { finalize: (cleanup: () => void) => void }) => {
    const timer = setInterval(() => {}, 60_000)
    finalize(() => {
      clearInterval(timer)
      log.push('cleanup')
    })
    started()
    await lib.delay('infinite')
  }
  const handler =
    registerAt === 'plain'
      ? lib.http.get('http://a.test/x', (info) => never(info))
      : lib.http.get('http://a.test/x', async function* (info) {
          yield never(info) as never
        })
  await withServer(lib, [handler], {}, async () => {
    const controller = new AbortController()
    const pending = fetch('http://a.test/x', { signal: controller.signal })
    await resolverStarted
    controller.abort()
    log.push(
      `fetch ${
        (await pending.then(
          () => 'answered',
          (error: Error) => error.name,
        )) as string
      }`,
    )
  })
  return log
}

it('a client that aborts a pending request runs its cleanups (a plain resolver that never settles)', async () => {
  const { msw, mocklib } = await runBoth((lib) => abortedLog(lib, 'plain'))
  expect(mocklib).toEqual(['cleanup', 'fetch AbortError'])
  expect(mocklib).toEqual(msw)
})

it('a client that aborts a pending request runs its cleanups (a generator step that never settles)', async () => {
  const { msw, mocklib } = await runBoth((lib) => abortedLog(lib, 'generator'))
  expect(mocklib).toEqual(['cleanup', 'fetch AbortError'])
  expect(mocklib).toEqual(msw)
})
