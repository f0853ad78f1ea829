// The two sources of the global fetch in Node (sources/node/fetch-source.ts): the lean one
// (mocklib wraps fetch itself) and the fetch interceptor. Every scenario runs under both, and
// the client must observe the same thing; the lean source must also really be the one answering,
// and read string bodies without copying a stream.
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { bypass, delay, graphql, http, HttpResponse, passthrough } from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server'

type Source = 'lean' | 'interceptor'
const responseStateIsPrivate = !Object.getOwnPropertySymbols(new Response()).some(
  (symbol) => symbol.description === 'state',
)
const SOURCES: Source[] = ['lean', 'interceptor']

let real: RecordingServer
beforeAll(async () => {
  real = await startRecordingServer()
})
afterAll(() => real.close())

/** Runs `body` with a server listening through the given source, and closes it. */
async function withSource<T>(
  source: Source,
  handlers: Parameters<typeof setupServer>,
  body: (server: SetupServer) => Promise<T>,
): Promise<T> {
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'bypass', fetchSource: source })
  try {
    return await body(server)
  } finally {
    server.close()
  }
}

/** The same scenario under both sources: their outcomes must be equal. */
async function sameUnderBoth<T>(scenario: (source: Source) => Promise<T>): Promise<T> {
  const lean = await scenario('lean')
  const interceptor = await scenario('interceptor')
  expect(lean).toEqual(interceptor)
  return lean
}

async function settle(promise: Promise<Response>): Promise<unknown> {
  try {
    const response = await promise
    return {
      status: response.status,
      statusText: response.statusText,
      url: response.url,
      cloneUrl: response.clone().url,
      redirected: response.redirected,
      type: response.type,
      // A real server's Date header differs when the two runs fall in different seconds.
      headers: [...response.headers].filter(([name]) => name !== 'date'),
      body: await response.text(),
    }
  } catch (error) {
    const { name, message } = error as Error
    return { rejected: { name, message, cause: String((error as Error).cause) } }
  }
}

const echo = http.post('https://api.test/echo', async ({ request }) =>
  HttpResponse.text(await request.text(), { headers: { 'x-type': request.headers.get('content-type') ?? '' } }),
)

describe('one behaviour under both fetch sources', () => {
  it('answers a mocked GET with status, headers, URL and body', async () => {
    const scenario = (source: Source) =>
      withSource(
        source,
        [
          http.get('https://api.test/posts/:id', ({ params }) =>
            HttpResponse.json({ id: params.id }, { status: 201, headers: { 'X-Custom': 'a' } }),
          ),
        ],
        () => settle(fetch('https://api.test/posts/7?x=1#frag')),
      )
    const expected = {
      status: 201,
      url: 'https://api.test/posts/7?x=1',
      cloneUrl: 'https://api.test/posts/7?x=1',
      body: '{"id":"7"}',
    }
    if (!responseStateIsPrivate) {
      expect(await sameUnderBoth(scenario)).toMatchObject(expected)
      return
    }
    // Node 24 keeps a Response's URL list private: there the interceptor (not mocklib) sets
    // response.url to the request's URL, fragment included; the lean source drops it as fetch does.
    expect(await scenario('lean')).toMatchObject(expected)
    expect(await scenario('interceptor')).toMatchObject({
      ...expected,
      url: 'https://api.test/posts/7?x=1#frag',
      cloneUrl: 'https://api.test/posts/7?x=1#frag',
    })
  })

  it('gives the resolver string bodies byte for byte (non-ASCII, a byte order mark, a lone surrogate)', async () => {
    for (const body of ['{"name":"Zoë 🐱"}', '\uFEFFleading mark', 'lone \uD800 surrogate', '']) {
      const outcome = await sameUnderBoth((source) =>
        withSource(source, [echo], () => settle(fetch('https://api.test/echo', { method: 'POST', body }))),
      )
      expect((outcome as { body: string }).body).toBe(
        await new Request('https://x.test', { method: 'POST', body }).text(),
      )
    }
  })

  it('gives listeners, handlers and the network the body and its default content type', async () => {
    const outcome = await sameUnderBoth((source) =>
      withSource(source, [echo, http.post(`${real.origin}/through`, () => passthrough())], async (server) => {
        const seen: string[] = []
        server.events.on('request:start', async ({ request }) => {
          seen.push(`${request.headers.get('content-type')} ${request.bodyUsed} ${await request.clone().text()}`)
        })
        const mocked = await settle(fetch('https://api.test/echo', { method: 'POST', body: 'text body' }))
        const sent = await settle(fetch(`${real.origin}/through`, { method: 'PUT', body: 'sent body' }))
        const received = real.requests.at(-1)
        return { mocked, sent, seen, received: `${received?.headers['content-type']} ${received?.body.toString()}` }
      }),
    )
    expect(outcome).toMatchObject({
      mocked: { body: 'text body', headers: expect.arrayContaining([['x-type', 'text/plain;charset=UTF-8']]) },
      received: 'text/plain;charset=UTF-8 sent body',
    })
  })

  it('turns Response.error() into a TypeError', async () => {
    const outcome = await sameUnderBoth((source) =>
      withSource(source, [http.get('https://api.test/fail', () => HttpResponse.error())], () =>
        settle(fetch('https://api.test/fail')),
      ),
    )
    expect(outcome).toMatchObject({ rejected: { name: 'TypeError', message: 'Failed to fetch' } })
  })

  it('follows mocked redirects as fetch does, and honours redirect: manual and error', async () => {
    const handlers = [
      http.get('https://api.test/old', () => new HttpResponse(null, { status: 302, headers: { location: '/new' } })),
      http.post(
        'https://api.test/form',
        () => new HttpResponse(null, { status: 303, headers: { location: 'https://api.test/new' } }),
      ),
      http.get('https://api.test/new', ({ request }) => HttpResponse.text(`new via ${request.method}`)),
    ]
    for (const redirect of ['follow', 'manual', 'error'] as const) {
      const outcome = await sameUnderBoth((source) =>
        withSource(source, handlers, () => settle(fetch('https://api.test/old', { redirect }))),
      )
      if (redirect === 'follow')
        expect(outcome).toMatchObject({ redirected: true, url: 'https://api.test/new', body: 'new via GET' })
      if (redirect === 'manual') expect(outcome).toMatchObject({ status: 302, redirected: false })
      if (redirect === 'error') expect(outcome).toMatchObject({ rejected: { name: 'TypeError' } })
    }
    const seeOther = await sameUnderBoth((source) =>
      withSource(source, handlers, () => settle(fetch('https://api.test/form', { method: 'POST', body: 'x' }))),
    )
    expect(seeOther).toMatchObject({ redirected: true, body: 'new via GET' })
  })

  it('decodes a mocked gzip body', async () => {
    const zipped = gzipSync('plain text')
    const outcome = await sameUnderBoth((source) =>
      withSource(
        source,
        [
          http.get(
            'https://api.test/zipped',
            () => new HttpResponse(zipped, { headers: { 'content-encoding': 'gzip' } }),
          ),
        ],
        () => settle(fetch('https://api.test/zipped')),
      ),
    )
    expect(outcome).toMatchObject({ body: 'plain text' })
  })

  it('streams a mocked body chunk by chunk', async () => {
    await sameUnderBoth((source) =>
      withSource(
        source,
        [
          http.get('https://api.test/stream', () => {
            let sent = 0
            const stream = new ReadableStream<Uint8Array>({
              pull(controller) {
                if (sent === 3) return controller.close()
                controller.enqueue(new TextEncoder().encode(`chunk ${sent++};`))
              },
            })
            return new HttpResponse(stream)
          }),
        ],
        async () => {
          const response = await fetch('https://api.test/stream')
          const chunks: string[] = []
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
            chunks.push(new TextDecoder().decode(chunk))
          return chunks.join('')
        },
      ),
    )
  })

  it('rejects with the reason of an abort before the request and during the resolver', async () => {
    const events: string[] = []
    const outcome = await sameUnderBoth((source) =>
      withSource(
        source,
        [
          http.get('https://api.test/slow', async () => {
            await delay('infinite')
            return HttpResponse.text('never')
          }),
        ],
        async (server) => {
          events.length = 0
          server.events.on('request:start', () => events.push('start'))
          const before = await settle(
            fetch('https://api.test/slow', { signal: AbortSignal.abort(new Error('gone before')) }),
          )
          const eventsBefore = [...events]
          const controller = new AbortController()
          server.events.on('request:start', () => queueMicrotask(() => controller.abort(new Error('gone during'))))
          const during = await settle(fetch('https://api.test/slow', { signal: controller.signal }))
          return { before, eventsBefore, during }
        },
      ),
    )
    expect(outcome).toMatchObject({
      before: { rejected: { message: 'gone before' } },
      eventsBefore: [],
      during: { rejected: { message: 'gone during' } },
    })
  })

  it('passes through to the network, with response:bypass, passthrough() and bypass()', async () => {
    const outcome = await sameUnderBoth((source) =>
      withSource(
        source,
        [
          http.post(`${real.origin}/through`, () => passthrough()),
          http.post(`${real.origin}/patched`, async ({ request }) => {
            const realResponse = await fetch(bypass(request))
            return HttpResponse.text(`patched ${await realResponse.text()}`)
          }),
        ],
        async (server) => {
          const seen: string[] = []
          server.events.on('response:bypass', async ({ response, request }) => {
            seen.push(
              `${request.method} ${new URL(request.url).pathname} ${await request.text()} -> ${response.status} ${await response.text()}`,
            )
          })
          const through = await settle(fetch(`${real.origin}/through`, { method: 'POST', body: 'one' }))
          const patched = await settle(fetch(`${real.origin}/patched`, { method: 'POST', body: 'two' }))
          const unhandled = await settle(fetch(`${real.origin}/nobody`, { method: 'POST', body: 'three' }))
          return {
            through: (through as { body: string }).body,
            patched: (patched as { body: string }).body,
            unhandled: (unhandled as { body: string }).body,
            seen,
          }
        },
      ),
    )
    expect(outcome).toEqual({
      through: 'one',
      patched: 'patched two',
      unhandled: 'three',
      // The resolver's own fetch(bypass(request)) goes to the network too.
      seen: ['POST /through one -> 200 one', 'POST /patched two -> 200 two', 'POST /nobody three -> 200 three'],
    })
  })

  it('emits the lifecycle events with the same payloads', async () => {
    await sameUnderBoth((source) =>
      withSource(source, [echo], async (server) => {
        const seen: unknown[] = []
        for (const name of ['request:start', 'request:match', 'request:unhandled', 'request:end'] as const) {
          server.events.on(name, ({ request, requestId }) =>
            seen.push([name, request.method, request.url, typeof requestId]),
          )
        }
        server.events.on('response:mocked', async ({ response, request }) =>
          seen.push(['response:mocked', request.url, await response.text()]),
        )
        await (await fetch('https://api.test/echo', { method: 'POST', body: 'hello' })).text()
        return seen
      }),
    )
  })

  it('sends the request as fetch was called, header names as written, whatever the client changes afterwards', async () => {
    const outcome = await sameUnderBoth((source) =>
      withSource(source, [], async () => {
        const headers: Record<string, string> = { 'X-Written-Case': 'first' }
        const init = { method: 'POST', headers, body: 'sent' }
        const pending = fetch(`${real.origin}/later`, init)
        headers['X-Written-Case'] = 'changed'
        headers['x-added'] = 'late'
        init.method = 'PUT'
        await settle(pending)
        const received = real.requests.at(-1)
        const names = received?.rawHeaders.filter((_, index) => index % 2 === 0)
        return {
          method: received?.method,
          names,
          header: received?.headers['x-written-case'],
          body: String(received?.body),
        }
      }),
    )
    expect(outcome).toMatchObject({ method: 'POST', header: 'first', body: 'sent' })
    expect((outcome as { names: string[] }).names).toContain('X-Written-Case')
    expect((outcome as { names: string[] }).names).not.toContain('x-added')
  })

  it('gives resolvers, listeners and the history one request, with the header edits a resolver made', async () => {
    const outcome = await sameUnderBoth((source) => {
      const given: Request[] = []
      const edit = http.post('https://api.test/edit', ({ request }) => {
        given.push(request)
        request.headers.set('x-edited', 'by the first handler')
      })
      const answer = http.post('https://api.test/edit', async ({ request }) => {
        given.push(request)
        return HttpResponse.text(`${request.headers.get('x-edited')} ${await request.text()}`)
      })
      return withSource(source, [edit, answer], async (server) => {
        const ended: Request[] = []
        server.events.on('request:end', ({ request }) => ended.push(request))
        const body = await settle(fetch('https://api.test/edit', { method: 'POST', body: 'once' }))
        const [entry] = server.history
        return {
          body: (body as { body: string }).body,
          oneRequest: given.length === 2 && given[0] === given[1] && ended[0] === given[0],
          history: [entry?.request.headers.get('x-edited'), await entry?.request.text(), entry?.calls.length],
        }
      })
    })
    expect(outcome).toEqual({
      body: 'by the first handler once',
      oneRequest: true,
      history: ['by the first handler', 'once', 2],
    })
  })

  it('refuses the calls fetch refuses, as fetch does, and answers the ones it takes', async () => {
    const outcome = await sameUnderBoth((source) =>
      withSource(
        source,
        [echo, http.all('https://api.test/any', ({ request }) => HttpResponse.text(request.method))],
        async () => ({
          badHeader: await settle(
            fetch('https://api.test/echo', { method: 'POST', headers: { 'bad name': 'x' }, body: '' }),
          ),
          credentials: await settle(fetch('https://user:pass@api.test/echo', { method: 'POST', body: 'x' })),
          badMethod: await settle(fetch('https://api.test/any', { method: 'bad method' })),
          lowerPatch: await settle(fetch('https://api.test/any', { method: 'patch' })),
          lowerPost: await settle(fetch('https://api.test/any', { method: 'post', body: 'x' })),
          badCredentials: await settle(fetch('https://api.test/any', { credentials: 'bad' as RequestCredentials })),
        }),
      ),
    )
    expect(outcome).toMatchObject({
      badHeader: { rejected: { name: 'TypeError' } },
      credentials: { rejected: { name: 'TypeError' } },
      badMethod: { rejected: { name: 'TypeError' } },
      lowerPatch: { body: 'patch' },
      lowerPost: { body: 'POST' },
      badCredentials: { rejected: { name: 'TypeError' } },
    })
  })

  it("fails an unhandled request under 'error'", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const outcome = await sameUnderBoth(async (source) => {
      const server = setupServer()
      server.listen({ onUnhandledRequest: 'error', fetchSource: source })
      try {
        return await settle(fetch('https://api.test/none'))
      } finally {
        server.close()
      }
    })
    errors.mockRestore()
    expect(outcome).toMatchObject({ rejected: { name: 'UnhandledRequestError' } })
  })
})

describe('the lean source', () => {
  it('is the default and answers fetch with a plain Request; the interceptor builds its own class', async () => {
    const seen: string[] = []
    const handler = http.get('https://api.test/who', ({ request }) => {
      seen.push(
        Object.getPrototypeOf(request) === Request.prototype.constructor.prototype
          ? 'platform Request'
          : 'interceptor Request',
      )
      return HttpResponse.text('ok')
    })
    const fromEnv = process.env.MOCKLIB_FETCH_SOURCE
    delete process.env.MOCKLIB_FETCH_SOURCE
    try {
      for (const options of [{}, { fetchSource: 'interceptor' as const }]) {
        const server = setupServer(handler)
        server.listen(options)
        await fetch('https://api.test/who')
        server.close()
      }
    } finally {
      if (fromEnv !== undefined) process.env.MOCKLIB_FETCH_SOURCE = fromEnv
    }
    expect(seen).toEqual(['platform Request', 'interceptor Request'])
  })

  it('reads a string body for resolvers and GraphQL handlers without copying its stream', async () => {
    const clone = vi.spyOn(Request.prototype, 'clone')
    const document = 'query GetPost($id: ID!) { post(id: $id) { id } }'
    const texts = await withSource(
      'lean',
      [echo, graphql.query('GetPost', ({ variables }) => HttpResponse.json({ data: { post: { id: variables.id } } }))],
      async () => {
        const echoed = await (await fetch('https://api.test/echo', { method: 'POST', body: '{"a":1}' })).text()
        const body = JSON.stringify({ query: document, variables: { id: '3' } })
        const answered = await (
          await fetch('https://api.test/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
        ).text()
        return [echoed, answered]
      },
    )
    const clones = clone.mock.calls.length
    clone.mockRestore()
    expect(texts).toEqual(['{"a":1}', '{"data":{"post":{"id":"3"}}}'])
    expect(clones).toBe(0)
  })

  it('refuses an unknown fetchSource, naming the option', () => {
    const server = setupServer()
    expect(() => server.listen({ fetchSource: 'other' as 'lean' })).toThrow(
      /fetchSource.*"other".*'lean'.*'interceptor'/,
    )
  })
})
