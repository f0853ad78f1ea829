// Lifecycle event order per outcome, and onUnhandledRequest strategies, under msw 2.14 and
// mocklib: the events, the console method used, what reaches a real server, how clients fail.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'
import { consoleCalls, fetchOutcome, httpRequestOutcome, received, runBoth, withServer, type Lib } from './harness'
import type { SetupServer } from 'mocklib/node'

let real: RecordingServer
beforeAll(async () => {
  real = await startRecordingServer()
})
afterAll(() => real.close())

const eventNames = [
  'request:start',
  'request:match',
  'request:unhandled',
  'request:end',
  'response:mocked',
  'response:bypass',
  'unhandledException',
] as const

/**
 * Sends a request and returns the event names in order, once the sequence has ended: then a
 * request past every handler (bypass()) is sent to the real server, and once its own last event
 * has come, any late event of the first request would have come too. Its events are left out.
 */
async function eventsFor(lib: Lib, server: SetupServer, send: () => Promise<unknown>, last: string): Promise<string[]> {
  const sentinel = `${real.origin}/after-the-sequence`
  const log: Array<{ name: string; url: string }> = []
  for (const name of eventNames) server.events.on(name, ({ request }) => void log.push({ name, url: request.url }))
  await send()
  await vi.waitFor(() => expect(log.map(({ name }) => name)).toContain(last))
  await (await fetch(lib.bypass(sentinel))).text()
  await vi.waitFor(() => expect(log).toContainEqual({ name: 'response:bypass', url: sentinel }))
  return log.filter(({ url }) => url !== sentinel).map(({ name }) => name)
}

describe('lifecycle event order', () => {
  const scenarios: Array<[string, (lib: Lib) => ReturnType<Lib['http']['get']>[], string, string]> = [
    ['mocked', (lib) => [lib.http.get(`${'ORIGIN'}/a`, () => lib.HttpResponse.text('x'))], '/a', 'response:mocked'],
    [
      'thrown Response',
      (lib) => [
        lib.http.get('ORIGIN/a', () => {
          throw lib.HttpResponse.text('x', { status: 403 })
        }),
      ],
      '/a',
      'response:mocked',
    ],
    ['fall-through to the network', (lib) => [lib.http.get('ORIGIN/a', () => undefined)], '/a', 'response:bypass'],
    ['passthrough()', (lib) => [lib.http.get('ORIGIN/a', () => lib.passthrough())], '/a', 'response:bypass'],
    ['unhandled', () => [], '/a', 'response:bypass'],
    [
      'exception',
      (lib) => [
        lib.http.get('ORIGIN/a', () => {
          throw new Error('x')
        }),
      ],
      '/a',
      'response:mocked',
    ],
  ]

  it.each(scenarios)('%s', async (_, handlers, path, last) => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const made = handlers({ ...lib, http: withOrigin(lib) } as Lib)
      const { result } = await consoleCalls(() =>
        withServer(lib, made, { onUnhandledRequest: 'bypass' }, (server) =>
          eventsFor(lib, server, () => fetch(`${real.origin}${path}`).then((r) => r.text()), last),
        ),
      )
      return result
    })
    expect(mocklib).toEqual(msw)
  })

  it('a network error: start → match → end, and no response event', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => lib.HttpResponse.error())], {}, (server) =>
        eventsFor(lib, server, () => fetch('http://a.test/x').catch(() => undefined), 'request:end'),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('bypass() inside a resolver: the inner request has its own events', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [
          lib.http.get(`${real.origin}/a`, async ({ request }) => {
            const upstream = await fetch(lib.bypass(request))
            return lib.HttpResponse.text(`patched ${upstream.status}`)
          }),
        ],
        {},
        async (server) => {
          const log = await eventsFor(
            lib,
            server,
            () => fetch(`${real.origin}/a`).then((r) => r.text()),
            'response:mocked',
          )
          return log.sort()
        },
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('payloads: request, requestId shared by one request; response readable', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [lib.http.post('http://a.test/x', () => lib.HttpResponse.json({ ok: true }, { status: 201 }))],
        {},
        async (server) => {
          const ids = new Set<string>()
          const seen: Record<string, unknown> = {}
          server.events.on('request:start', ({ request, requestId }) => {
            ids.add(requestId)
            seen.start = `${request.method} ${request.url}`
          })
          server.events.on('request:end', ({ requestId }) => void ids.add(requestId))
          let body: Promise<string> | undefined
          server.events.on('response:mocked', ({ response, requestId }) => {
            ids.add(requestId)
            body = response.text()
            seen.status = response.status
          })
          const response = await fetch('http://a.test/x', { method: 'POST', body: 'x' })
          await response.text()
          await vi.waitFor(() => expect(body).toBeDefined())
          return { ...seen, body: await body, oneId: ids.size }
        },
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('removeListener and removeAllListeners; no events after close()', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const server = lib.setupServer(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('x')))
      const log: string[] = []
      const onStart = () => void log.push('start')
      const onEnd = () => void log.push('end')
      server.events.on('request:start', onStart)
      server.events.on('request:end', onEnd)
      server.listen()
      await (await fetch('http://a.test/x')).text()
      server.events.removeListener('request:start', onStart)
      await (await fetch('http://a.test/x')).text()
      server.events.removeAllListeners()
      await (await fetch('http://a.test/x')).text()
      server.events.on('request:start', onStart)
      server.close()
      await fetch('http://a.test/x').catch(() => undefined)
      return log
    })
    expect(mocklib).toEqual(msw)
  })
})

describe('listener registrations', () => {
  it('a listener added twice is called twice and removed one registration at a time; on() chains', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => lib.HttpResponse.text('x'))], {}, async (server) => {
        const log: string[] = []
        const onStart = () => void log.push('start')
        const onEnd = () => void log.push('end')
        const chained = server.events.on('request:start', onStart).on('request:start', onStart).on('request:end', onEnd)
        const send = async () => {
          await (await fetch('http://a.test/x')).text()
          log.push('|')
        }
        await send()
        server.events.removeListener('request:start', onStart)
        await send()
        server.events.removeAllListeners('request:end')
        await send()
        return { log: log.join(' '), chained: chained === server.events }
      }),
    )
    expect(mocklib).toEqual(msw)
  })
})

/** http with "ORIGIN" in paths replaced by the real server's origin. */
function withOrigin(lib: Lib): Lib['http'] {
  return new Proxy(lib.http, {
    get(target, key) {
      const factory = target[key as keyof Lib['http']] as (...args: unknown[]) => unknown
      return (path: unknown, ...rest: unknown[]) =>
        factory(typeof path === 'string' ? path.replace('ORIGIN', real.origin) : path, ...rest)
    },
  })
}

describe('onUnhandledRequest', () => {
  type Strategy = Parameters<Lib['setupServer']>[0] extends never
    ? never
    : Parameters<ReturnType<Lib['setupServer']>['listen']>[0]

  async function unhandled(lib: Lib, options: Strategy, send: () => Promise<unknown>) {
    real.requests.length = 0
    const { result, calls } = await consoleCalls(() =>
      withServer(lib, [lib.http.get('http://a.test/other', () => lib.HttpResponse.text('x'))], options ?? {}, send),
    )
    return { result, calls, reached: received(real.requests).map(({ method, path }) => `${method} ${path}`) }
  }

  const strategies: Array<[string, Strategy]> = [
    ['default (warn)', {}],
    ['warn', { onUnhandledRequest: 'warn' }],
    ['error', { onUnhandledRequest: 'error' }],
    ['bypass', { onUnhandledRequest: 'bypass' }],
  ]

  it.each(strategies)('%s: fetch', async (_, options) => {
    const { msw, mocklib } = await runBoth((lib) =>
      unhandled(lib, options, () => fetchOutcome(`${real.origin}/api?x=1`, { method: 'POST', body: 'hello' })),
    )
    expect(mocklib).toEqual(msw)
  })

  it.each(strategies)('%s: http.request', async (_, options) => {
    const { msw, mocklib } = await runBoth((lib) =>
      unhandled(lib, options, () => httpRequestOutcome(`${real.origin}/api`)),
    )
    expect(mocklib).toEqual(msw)
  })

  it.each(strategies)('%s: a common asset request is not reported', async (_, options) => {
    const { msw, mocklib } = await runBoth((lib) =>
      unhandled(lib, options, async () => [
        await fetchOutcome(`${real.origin}/assets/app.js`),
        await fetchOutcome(`${real.origin}/styles/site.css`),
        await fetchOutcome(`${real.origin}/data/list.json`),
        await fetchOutcome(`${real.origin}/img/logo.png?v=2`),
      ]),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a callback is called for every unhandled request, assets included; the request goes on', async () => {
    const { msw, mocklib } = await runBoth((lib) => {
      const seen: string[] = []
      return unhandled(
        lib,
        {
          onUnhandledRequest: (request) => {
            seen.push(`${request.method} ${new URL(request.url).pathname}`)
          },
        },
        async () => [await fetchOutcome(`${real.origin}/api`), await fetchOutcome(`${real.origin}/app.js`), seen],
      )
    })
    expect(mocklib).toEqual(msw)
  })

  it.each([
    ['print.warning()', 'warning'],
    ['print.error()', 'error'],
  ] as const)('a callback calling %s prints, and the request still goes on', async (_, method) => {
    const { msw, mocklib } = await runBoth((lib) =>
      unhandled(lib, { onUnhandledRequest: (_request, print) => print[method]() }, () =>
        fetchOutcome(`${real.origin}/api`),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a callback that throws fails the request with a 500 (mocklib also prints why: deliberate)', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      unhandled(
        lib,
        {
          onUnhandledRequest: () => {
            throw new Error('strict')
          },
        },
        async () => {
          const outcome = await fetchOutcome(`${real.origin}/api`)
          return 'status' in outcome ? { status: outcome.status, statusText: outcome.statusText } : outcome
        },
      ),
    )
    expect(mocklib.result).toEqual(msw.result)
    expect(mocklib.reached).toEqual(msw.reached)
    expect(msw.calls).toEqual([])
    expect(mocklib.calls).toEqual(['error'])
  })

  const clients: Array<[string, () => Promise<unknown>]> = [
    ['fetch', () => fetchOutcome(`${real.origin}/api`)],
    ['http.request', () => httpRequestOutcome(`${real.origin}/api`)],
  ]

  it.each(clients)('a callback that throws a Response answers with it (%s), with the same events', async (_, send) => {
    const { msw, mocklib } = await runBoth((lib) => {
      const events: string[] = []
      return withServer(
        lib,
        [],
        {
          onUnhandledRequest: () => {
            throw lib.HttpResponse.text('no such route', { status: 404 })
          },
        },
        async (server) => {
          for (const name of ['request:unhandled', 'response:mocked', 'unhandledException'] as const)
            server.events.on(name, () => void events.push(name))
          const { result, calls } = await consoleCalls(send)
          await vi.waitFor(() => expect(events).toContain('response:mocked'))
          return { result, calls, events, reached: real.requests.length }
        },
      )
    })
    expect(mocklib).toEqual(msw)
  })

  it('an unknown strategy throws at listen() (deliberate: msw 2 fails each unhandled request instead)', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const server = lib.setupServer()
      const { result, calls } = await consoleCalls(async () => {
        try {
          server.listen({ onUnhandledRequest: 'loud' as never })
        } catch (error) {
          return 'listen throws'
        }
        const outcome = await fetchOutcome(`${real.origin}/api`)
        return 'status' in outcome ? { status: outcome.status } : outcome
      })
      server.close()
      return { result, calls }
    })
    expect(msw.result).not.toBe('listen throws')
    expect(mocklib.result).toBe('listen throws')
  })
})
