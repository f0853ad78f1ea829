// Resolver outcomes under msw 2.14 and mocklib: fall-through, passthrough(), bypass() patching,
// thrown Responses and errors, network errors per client — the answer the client gets, what
// reaches a real server, and which console methods are called.
import axios from 'axios'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'
import {
  consoleCalls,
  describeError,
  fetchOutcome,
  httpRequestOutcome,
  received,
  runBoth,
  withServer,
  type Lib,
} from './harness'

let real: RecordingServer
beforeAll(async () => {
  real = await startRecordingServer()
})
afterAll(() => real.close())
beforeEach(() => {
  real.requests.length = 0
})

/** Runs a scenario under each library, with the real server's log cleared before each. */
function both<T>(scenario: (lib: Lib) => Promise<T>) {
  return runBoth(async (lib) => {
    real.requests.length = 0
    const { result, calls } = await consoleCalls(() => scenario(lib))
    return { result, calls, reached: received(real.requests, ['x-added', 'x-client', 'accept', 'content-type']) }
  })
}

describe('fall-through and passthrough', () => {
  it('undefined falls through to the next matching handler', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get(`${real.origin}/a`, () => undefined),
          lib.http.get(`${real.origin}/:name`, ({ params }) => lib.HttpResponse.text(`second ${params.name}`)),
        ],
        { onUnhandledRequest: 'error' },
        () => fetchOutcome(`${real.origin}/a`),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('when every handler falls through, the request goes to the network as handled (no unhandled report)', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(lib, [lib.http.post(`${real.origin}/a`, () => undefined)], { onUnhandledRequest: 'error' }, () =>
        fetchOutcome(`${real.origin}/a?q=1`, { method: 'POST', body: 'payload', headers: { 'x-client': '1' } }),
      ),
    )
    expect(mocklib).toEqual(msw)
    expect(mocklib.reached).toHaveLength(1)
  })

  it('a header a falling-through resolver sets on the request reaches the network (Node)', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get(`${real.origin}/a`, ({ request }) => {
            request.headers.set('x-added', 'by-resolver')
          }),
        ],
        {},
        () => fetchOutcome(`${real.origin}/a`),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it.each([
    ['passthrough()', 'passthrough'],
    ['falling through', 'fallthrough'],
  ] as const)(
    'header edits before %s reach the network for a request with a body (fetch and http.request)',
    async (_, outcome) => {
      const { msw, mocklib } = await both((lib) =>
        withServer(
          lib,
          [
            lib.http.post(`${real.origin}/a`, ({ request }) => {
              request.headers.set('x-added', 'first')
              request.headers.delete('x-client')
            }),
            lib.http.post(`${real.origin}/a`, ({ request }) => {
              // A later handler sees the earlier one's edits, as on the request that goes out.
              request.headers.set('x-added', `${request.headers.get('x-added') ?? 'none'}+second`)
              return outcome === 'passthrough' ? lib.passthrough() : undefined
            }),
          ],
          { onUnhandledRequest: 'error' },
          async () => [
            await fetchOutcome(`${real.origin}/a`, { method: 'POST', body: 'payload', headers: { 'x-client': '1' } }),
            await httpRequestOutcome(`${real.origin}/a`, {
              method: 'POST',
              body: 'payload',
              headers: { 'x-client': '1' },
            }),
          ],
        ),
      )
      expect(mocklib.reached.map(({ headers, body }) => ({ headers, body }))).toEqual([
        {
          headers: {
            'x-added': 'first+second',
            'x-client': undefined,
            accept: '*/*',
            'content-type': 'text/plain;charset=UTF-8',
          },
          body: 'payload',
        },
        {
          headers: { 'x-added': 'first+second', 'x-client': undefined, accept: undefined, 'content-type': undefined },
          body: 'payload',
        },
      ])
      expect(mocklib).toEqual(msw)
    },
  )

  it('header edits a custom predicate makes reach the network for a request with a body', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.post(
            ({ request }) => {
              request.headers.set('x-added', 'by-predicate')
              return false
            },
            () => lib.HttpResponse.text('never'),
          ),
          lib.http.post(`${real.origin}/a`, () => undefined),
        ],
        { onUnhandledRequest: 'error' },
        () => fetchOutcome(`${real.origin}/a`, { method: 'POST', body: 'payload' }),
      ),
    )
    expect(mocklib.reached.map(({ headers, body }) => [headers['x-added'], body])).toEqual([
      ['by-predicate', 'payload'],
    ])
    expect(mocklib).toEqual(msw)
  })

  it('passthrough() stops the lookup and performs the request as is, body included', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.put(`${real.origin}/a`, () => lib.passthrough()),
          lib.http.put(`${real.origin}/a`, () => lib.HttpResponse.text('never')),
        ],
        { onUnhandledRequest: 'error' },
        async () => [
          await fetchOutcome(`${real.origin}/a`, {
            method: 'PUT',
            body: '{"x":1}',
            headers: { 'content-type': 'application/json' },
          }),
          await httpRequestOutcome(`${real.origin}/a`, {
            method: 'PUT',
            body: 'via http',
            headers: { 'x-client': 'http' },
          }),
        ],
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('getResponse() returns the passthrough marker response as is', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const response = await lib.getResponse(
        [lib.http.get('http://a.test/x', () => lib.passthrough())],
        new Request('http://a.test/x'),
      )
      return { status: response?.status, statusText: response?.statusText, body: await response?.text() }
    })
    expect(mocklib.body).toEqual(msw.body)
  })
})

describe('bypass() and response patching', () => {
  it('fetch(bypass(request)) reaches the server without the marker; the resolver patches the answer', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.post(`${real.origin}/a`, async ({ request }) => {
            const original = await fetch(lib.bypass(request))
            const text = await original.text()
            return lib.HttpResponse.json({ patched: true, upstream: text, status: original.status })
          }),
        ],
        { onUnhandledRequest: 'error' },
        () =>
          fetchOutcome(`${real.origin}/a`, {
            method: 'POST',
            body: 'hello',
            headers: { accept: 'text/plain', 'x-client': 'c' },
          }),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('bypass(url, init) applies init; a request without Accept reaches the server without one', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get(`${real.origin}/a`, async () => {
            const upstream = await fetch(
              lib.bypass(`${real.origin}/b?x=1`, { method: 'POST', body: 'init', headers: { 'x-added': 'init' } }),
            )
            return lib.HttpResponse.text(await upstream.text(), {
              headers: { 'x-upstream-method': upstream.headers.get('x-received-method') ?? '' },
            })
          }),
        ],
        {},
        () => fetchOutcome(`${real.origin}/a`),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('bypass() after the body was read throws, and the request answers 500', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.post(`${real.origin}/a`, async ({ request }) => {
            await request.text()
            return fetch(lib.bypass(request))
          }),
        ],
        {},
        async () => {
          const outcome = await fetchOutcome(`${real.origin}/a`, { method: 'POST', body: 'x' })
          return 'status' in outcome ? { status: outcome.status, statusText: outcome.statusText } : outcome
        },
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a bypassed request through http.request is sent as is', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get(`${real.origin}/a`, async ({ request }) => {
            const upstream = await fetch(lib.bypass(request))
            return lib.HttpResponse.text(`patched ${upstream.status}`)
          }),
        ],
        {},
        () => httpRequestOutcome(`${real.origin}/a`, { headers: { 'x-client': 'node' } }),
      ),
    )
    expect(mocklib).toEqual(msw)
  })
})

describe('thrown values', () => {
  it('a thrown Response is the mocked response', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', () => {
            throw lib.HttpResponse.json({ denied: true }, { status: 403, headers: { 'x-thrown': '1' } })
          }),
        ],
        {},
        () => fetchOutcome('http://a.test/x'),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a thrown plain Response (no statusText decoration)', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', () => {
            throw new Response('plain', { status: 404 })
          }),
        ],
        {},
        () => fetchOutcome('http://a.test/x'),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a thrown HttpResponse.error() is a network error', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', () => {
            throw lib.HttpResponse.error()
          }),
        ],
        {},
        async () => [await fetchOutcome('http://a.test/x'), await httpRequestOutcome('http://a.test/x')],
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  const throwers: Array<[string, () => unknown]> = [
    ['an Error', () => new Error('resolver broke')],
    ['a TypeError', () => new TypeError('bad type')],
    ['an Error subclass', () => Object.assign(new RangeError('out of range'), { code: 'E_RANGE' })],
    ['a string', () => 'just a string'],
    ['a plain object', () => ({ reason: 'object' })],
    ['a number', () => 42],
  ]

  it.each(throwers)('throwing %s answers 500 with the same body shape', async (_, make) => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', () => {
            throw make()
          }),
        ],
        {},
        async () => {
          const outcome = await fetchOutcome('http://a.test/x')
          if (!('status' in outcome)) return outcome
          let body: unknown = outcome.body
          try {
            body = JSON.parse(outcome.body)
          } catch {}
          // The stack names each library's own frames; its first line is the error's.
          if (body !== null && typeof body === 'object' && 'stack' in body) {
            body = { ...body, stack: String((body as { stack: unknown }).stack).split('\n')[0] }
          }
          return { ...outcome, headers: outcome.headers.filter(([name]) => name !== 'content-length'), body }
        },
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('an async resolver that rejects answers 500, also through http.request', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', async () => {
            await Promise.resolve()
            throw new Error('async failure')
          }),
        ],
        {},
        async () => {
          const outcome = await httpRequestOutcome('http://a.test/x')
          return 'status' in outcome ? { status: outcome.status, statusMessage: outcome.statusMessage } : outcome
        },
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('an unhandledException listener receives the error', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', () => {
            throw new Error('listened')
          }),
        ],
        {},
        async (server) => {
          const seen: string[] = []
          server.events.on(
            'unhandledException',
            ({ error, request }) => void seen.push(`${error.message} ${request.url}`),
          )
          const outcome = await fetchOutcome('http://a.test/x')
          return { status: 'status' in outcome ? outcome.status : outcome, seen }
        },
      ),
    )
    expect(mocklib.result).toEqual(msw.result)
  })
})

describe('network errors per client', () => {
  const errorResolvers: Array<[string, (lib: Lib) => () => Response]> = [
    ['HttpResponse.error()', (lib) => () => lib.HttpResponse.error()],
    ['Response.error()', () => () => Response.error()],
  ]

  it.each(errorResolvers)('%s fails fetch and http.request the same way', async (_, resolver) => {
    const { msw, mocklib } = await both((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', resolver(lib))], {}, async () => [
        await fetchOutcome('http://a.test/x'),
        await httpRequestOutcome('http://a.test/x'),
      ]),
    )
    expect(mocklib).toEqual(msw)
  })

  it('HttpResponse.error() fails axios with the same error shape', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => lib.HttpResponse.error())], {}, async () => {
        try {
          await axios.get('http://a.test/x')
          return 'resolved'
        } catch (error) {
          const e = error as { name: string; code?: string; message: string; response?: unknown }
          return { name: e.name, code: e.code, message: e.message, hasResponse: e.response !== undefined }
        }
      }),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a mocked 500 reaches axios as an HTTP error with the response', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [lib.http.get('http://a.test/x', () => lib.HttpResponse.json({ e: 1 }, { status: 500 }))],
        {},
        async () => {
          try {
            await axios.get('http://a.test/x')
            return 'resolved'
          } catch (error) {
            const e = error as {
              name: string
              code?: string
              response?: { status: number; statusText: string; data: unknown }
            }
            return {
              name: e.name,
              code: e.code,
              status: e.response?.status,
              statusText: e.response?.statusText,
              data: e.response?.data,
            }
          }
        },
      ),
    )
    expect(mocklib).toEqual(msw)
  })
})

describe('what a resolver may return', () => {
  it('a plain Response keeps its own statusText and headers', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => new Response('plain', { status: 418 }))], {}, () =>
        fetchOutcome('http://a.test/x'),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a redirect response is followed by fetch to the next handler', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get(
            'http://a.test/old',
            () => new Response(null, { status: 302, headers: { location: 'http://a.test/new' } }),
          ),
          lib.http.get('http://a.test/new', () => lib.HttpResponse.text('new place')),
        ],
        {},
        async () => {
          const response = await fetch('http://a.test/old')
          return {
            status: response.status,
            redirected: response.redirected,
            url: response.url,
            body: await response.text(),
          }
        },
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('the resolver argument has the same keys', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      let keys: string[] = []
      await lib.getResponse(
        [
          lib.http.get('http://a.test/:id', (info) => {
            keys = Object.keys(info).sort()
            return lib.HttpResponse.text('x')
          }),
        ],
        new Request('http://a.test/1'),
      )
      return keys
    })
    expect(mocklib).toEqual(msw)
  })

  it('the resolver gets the same request object features (url, method, headers, body, signal)', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.post('http://a.test/x', async ({ request, requestId, cookies }) =>
            lib.HttpResponse.json({
              url: request.url,
              method: request.method,
              headers: [...request.headers].filter(([name]) => name.startsWith('x-') || name === 'content-type'),
              body: await request.json(),
              bodyUsed: request.bodyUsed,
              signal: request.signal instanceof AbortSignal,
              requestId: typeof requestId,
              cookies,
            }),
          ),
        ],
        {},
        () =>
          fetchOutcome('http://a.test/x?y=1', {
            method: 'POST',
            body: JSON.stringify({ a: [1, 2] }),
            headers: { 'content-type': 'application/json', 'x-one': '1', cookie: 'a=1; b=two' },
          }),
      ),
    )
    expect(mocklib).toEqual(msw)
  })
})

describe('cookies', () => {
  it('the resolver sees Cookie values decoded, quoted ones with their quotes', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [lib.http.get('http://a.test/x', ({ cookies }) => lib.HttpResponse.json(cookies))],
        {},
        async () =>
          (
            await fetch('http://a.test/x', {
              headers: { cookie: 'a="x y"; b=J%C3%BCrgen; c=""; d="open; e=100%; f="q%20x"; a=2' },
            })
          ).json(),
      ),
    )
    expect(mocklib.result).toEqual({ a: '"x y"', b: 'Jürgen', c: '""', d: '"open', e: '100%', f: '"q x"' })
    expect(mocklib).toEqual(msw)
  })
})

describe('deliberate differences (mocklib does better)', () => {
  it("passthrough() after the resolver read the body sends the body (msw 2's fetch rejects)", async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.put(`${real.origin}/a`, async ({ request }) => {
            await request.text()
            return lib.passthrough()
          }),
        ],
        {},
        () => fetchOutcome(`${real.origin}/a`, { method: 'PUT', body: '{"x":1}' }),
      ),
    )
    expect(msw.result).toEqual({ rejected: 'TypeError' })
    expect(mocklib.result).toMatchObject({ status: 200, body: '{"x":1}' })
  })

  it('a resolver that read the body and fell through leaves it readable for the next one (msw 2 answers 500 "Body is unusable")', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.post('http://a.test/x', async ({ request }) => {
            await request.text()
            return undefined
          }),
          lib.http.post('http://a.test/x', async ({ request }) =>
            lib.HttpResponse.text(`second read: ${await request.text()}`),
          ),
        ],
        {},
        async () => {
          const outcome = await fetchOutcome('http://a.test/x', { method: 'POST', body: 'payload' })
          return 'status' in outcome ? { status: outcome.status, body: outcome.body.slice(0, 60) } : outcome
        },
      ),
    )
    expect(msw.result).toMatchObject({ status: 500, body: expect.stringContaining('Body is unusable') })
    expect(mocklib.result).toEqual({ status: 200, body: 'second read: payload' })
  })

  it.each([
    ['undefined', undefined],
    ['null', null],
  ])('throwing %s answers 500 (msw 2 takes it for "no handler": a warning, then the network)', async (_, value) => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', () => {
            throw value
          }),
        ],
        {},
        async () => {
          const outcome = await fetchOutcome('http://a.test/x')
          return 'status' in outcome ? { status: outcome.status, statusText: outcome.statusText } : outcome
        },
      ),
    )
    expect(msw).toMatchObject({ calls: ['warn'], result: { rejected: 'TypeError' } })
    expect(mocklib).toMatchObject({ calls: ['error'], result: { status: 500, statusText: 'Unhandled Exception' } })
  })

  it.each([
    ['a string', 'hello', { rejected: undefined, status: 500, body: 'TypeError: Reflect.has called on non-object' }],
    ['null', null, { rejected: 'TypeError' }],
  ])(
    'a resolver returning %s answers 500 naming the handler (msw 2: an opaque 500 or a failed request)',
    async (_, value, mswResult) => {
      const { msw, mocklib } = await both((lib) =>
        withServer(lib, [lib.http.get('http://a.test/x', (() => value) as never)], {}, async () => {
          const outcome = await fetchOutcome('http://a.test/x')
          if (!('status' in outcome)) return outcome
          const { name, message } = JSON.parse(outcome.body) as { name: string; message: string }
          return { rejected: undefined, status: outcome.status, body: `${name}: ${message}` }
        }),
      )
      expect(msw.result).toMatchObject(mswResult)
      expect(mocklib.calls).toEqual(['error'])
      expect(mocklib.result).toMatchObject({ status: 500 })
      expect((mocklib.result as { body: string }).body).toMatch(
        /The resolver of "GET http:\/\/a\.test\/x" returned .*which is not a Response/,
      )
    },
  )

  it('an unhandledException listener silences the default console.error (msw 2.14 prints it anyway)', async () => {
    const { msw, mocklib } = await both((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', () => {
            throw new Error('listened')
          }),
        ],
        {},
        async (server) => {
          server.events.on('unhandledException', () => {})
          await fetch('http://a.test/x')
        },
      ),
    )
    expect(msw.calls).toEqual(['error'])
    expect(mocklib.calls).toEqual([])
  })
})
