// Path matching under msw 2.14 and mocklib: handler path × request URL → no match, or the
// params the resolver receives. Also RegExp and custom predicates, methods, query strings.
import { describe, expect, it } from 'vitest'
import { consoleCalls, fetchOutcome, runBoth, withServer, type Lib } from './harness'

/** The params the handler saw, or null when it did not match (getResponse, no server). */
async function paramsFor(lib: Lib, path: string | RegExp, url: string, baseUrl?: string): Promise<unknown> {
  const handler = lib.http.all(path, ({ params }) => lib.HttpResponse.json(params))
  const response = await lib.getResponse([handler], new Request(url), baseUrl === undefined ? undefined : { baseUrl })
  return response === undefined ? null : await response.json()
}

const rows: Array<[path: string, url: string]> = [
  // Trailing slashes, case, query and hash.
  ['http://a.test/user', 'http://a.test/user/'],
  ['http://a.test/user/', 'http://a.test/user'],
  ['http://a.test/user', 'http://a.test/USER'],
  ['http://A.TEST/User', 'http://a.test/user'],
  ['http://a.test/user', 'http://a.test/user?x=1#h'],
  ['http://a.test/user#frag', 'http://a.test/user'],
  ['http://a.test/user', 'http://a.test/user//'],
  ['http://a.test', 'http://a.test/'],
  ['http://a.test/', 'http://a.test'],
  // Params: decoding, segments, separators.
  ['http://a.test/user/:id', 'http://a.test/user/abc%20def'],
  ['http://a.test/user/:id', 'http://a.test/user/a%2Fb'],
  ['http://a.test/user/:id', 'http://a.test/user/%E2%9C%93'],
  ['http://a.test/user/:id', 'http://a.test/user/a+b'],
  ['http://a.test/user/:id', 'http://a.test/user/1/2'],
  ['http://a.test/user/:id', 'http://a.test/user/'],
  ['http://a.test/user/:id', 'http://a.test/user/7/'],
  ['http://a.test/:a/:b', 'http://a.test/one/two'],
  ['http://a.test/:a-:b', 'http://a.test/x-y'],
  ['http://a.test/:a.:b', 'http://a.test/x.y'],
  ['http://a.test/files/:name.json', 'http://a.test/files/data.json'],
  ['http://a.test/files/:name.json', 'http://a.test/files/data.xml'],
  ['http://a.test/:user_id/x', 'http://a.test/42/x'],
  ['http://a.test/:userId', 'http://a.test/42'],
  // Optional and repeated params.
  ['http://a.test/user/:id?', 'http://a.test/user'],
  ['http://a.test/user/:id?', 'http://a.test/user/'],
  ['http://a.test/user/:id?', 'http://a.test/user/7'],
  ['http://a.test/user/:path*', 'http://a.test/user/a/b'],
  ['http://a.test/user/:path*', 'http://a.test/user'],
  ['http://a.test/user/:path*', 'http://a.test/user/a%20b/c'],
  ['http://a.test/user/:path+', 'http://a.test/user'],
  ['http://a.test/user/:path+', 'http://a.test/user/a/b'],
  ['http://a.test/user/:path+', 'http://a.test/user/a'],
  ['http://a.test/:a?/:b?', 'http://a.test/x'],
  ['http://a.test/user/:id/posts/:postId?', 'http://a.test/user/1/posts'],
  // path-to-regexp syntax MSW 2 passes through: custom param patterns and groups.
  ['http://a.test/user/:id(\\d+)', 'http://a.test/user/42'],
  ['http://a.test/user/:id(\\d+)', 'http://a.test/user/abc'],
  ['http://a.test/user{/:id}?', 'http://a.test/user'],
  ['http://a.test/user{/:id}?', 'http://a.test/user/5'],
  ['http://a.test/book{s}?', 'http://a.test/books'],
  // Wildcards anywhere: path, host, port, and the whole URL.
  ['http://a.test/user/*', 'http://a.test/user'],
  ['http://a.test/user/*', 'http://a.test/user/'],
  ['http://a.test/user/*', 'http://a.test/user/a/b'],
  ['http://a.test/user*', 'http://a.test/users/1'],
  ['http://a.test/user/**', 'http://a.test/user/a/b'],
  ['http://a.test/*/end', 'http://a.test/a/b/end'],
  ['http://a.test/a/*/c/*', 'http://a.test/a/1/c/2/3'],
  ['http://a.test/*/:id', 'http://a.test/x/y/7'],
  ['*/user', 'https://b.test:8080/user'],
  ['*/user/:id', 'https://b.test/user/9'],
  ['*', 'http://a.test/x/y'],
  ['*', 'http://a.test/x%20y'],
  ['http://a.test:*/x', 'http://a.test:3000/x'],
  ['http://*.a.test/x', 'http://api.a.test/x'],
  ['http://*.a.test/x', 'http://a.test/x'],
  ['https://*/x', 'https://any.test/x'],
  // The scheme and the port are part of the match.
  ['http://a.test/user', 'https://a.test/user'],
  ['http://a.test:3000/x', 'http://a.test:3000/x'],
  ['http://a.test:3000/x', 'http://a.test:4000/x'],
  ['http://a.test/x', 'http://a.test:80/x'],
  ['http://a.test:80/x', 'http://a.test/x'],
  ['http://127.0.0.1:5000/x', 'http://127.0.0.1:5000/x'],
  // Characters that need encoding in the request URL.
  ['http://a.test/a%20b', 'http://a.test/a%20b'],
  ['http://a.test/user/:id', 'http://a.test/user/caf%C3%A9'],
  ['http://a.test/user/:id', 'http://a.test/user/100%25'],
  // Relative paths never match in Node without a base URL.
  ['/user', 'http://a.test/user'],
  ['user', 'http://a.test/user'],
  ['./user', 'http://a.test/user'],
]

describe('handler path × request URL (getResponse)', () => {
  it.each(rows)('%s against %s', async (path, url) => {
    const { msw, mocklib } = await runBoth(async (lib) => (await consoleCalls(() => paramsFor(lib, path, url))).result)
    expect(mocklib).toEqual(msw)
  })
})

const relativeRows: Array<[path: string, url: string, baseUrl: string]> = [
  ['/user', 'http://a.test/user', 'http://a.test'],
  ['/user', 'http://a.test/user', 'http://a.test/app/'],
  ['user', 'http://a.test/app/user', 'http://a.test/app/'],
  ['user', 'http://a.test/user', 'http://a.test/app'],
  ['./user/:id', 'http://a.test/app/user/3', 'http://a.test/app/'],
  ['../user', 'http://a.test/user', 'http://a.test/app/x/'],
  ['/user', 'http://b.test/user', 'http://a.test'],
  ['*/user', 'http://b.test/user', 'http://a.test'],
]

describe('relative handler paths with getResponse baseUrl', () => {
  it.each(relativeRows)('%s against %s, baseUrl %s', async (path, url, baseUrl) => {
    const { msw, mocklib } = await runBoth((lib) => paramsFor(lib, path, url, baseUrl))
    expect(mocklib).toEqual(msw)
  })
})

const regexpRows: Array<[path: RegExp, url: string]> = [
  [/\/u\/(\d+)/, 'http://a.test/u/12?x=1'],
  [/\/u\/(\d+)$/, 'http://a.test/u/12/'],
  [/\/u\/(?<id>\d+)/, 'http://a.test/u/12'],
  [/\/u\/(\d+)\/(\w+)/, 'http://a.test/u/12/ab'],
  [/^http:\/\/a\.test\/U$/i, 'http://a.test/u'],
  [/^http:\/\/a\.test\/U$/, 'http://a.test/u'],
  [/a\.test/, 'http://a.test/anything/here'],
  [/x\?y=1/, 'http://a.test/x?y=1'],
  [/\/(a)?b/, 'http://a.test/b'],
  [/%20/, 'http://a.test/a%20b'],
]

describe('RegExp predicates', () => {
  it.each(regexpRows)('%s against %s', async (path, url) => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const results = []
      // Twice: a global RegExp keeps lastIndex between tests.
      for (let i = 0; i < 2; i++) results.push(await paramsFor(lib, path, url))
      return results
    })
    expect(mocklib).toEqual(msw)
  })
})

describe('custom predicates', () => {
  type Predicate = Parameters<Lib['http']['get']>[0]
  const predicates: Array<[string, (lib: Lib) => Predicate, string, RequestInit?]> = [
    ['true', () => () => true, 'http://a.test/x'],
    ['false', () => () => false, 'http://a.test/x'],
    ['{ matches: true, params }', () => () => ({ matches: true, params: { id: '7' } }), 'http://a.test/x'],
    ['{ matches: false, params }', () => () => ({ matches: false, params: { id: '7' } }), 'http://a.test/x'],
    // Both libraries' types require params in the object form; untyped code may still omit them.
    ['{ matches: true }', () => (() => ({ matches: true })) as unknown as Predicate, 'http://a.test/x'],
    ['async true', () => async () => true, 'http://a.test/x'],
    [
      'reads the query',
      () =>
        ({ request }) =>
          new URL(request.url).searchParams.get('role') === 'admin',
      'http://a.test/x?role=admin',
    ],
    [
      'reads the body',
      () =>
        async ({ request }) =>
          (await request.json()).kind === 'a',
      'http://a.test/x',
      { method: 'POST', body: JSON.stringify({ kind: 'a' }) },
    ],
    [
      'reads cookies',
      () =>
        ({ cookies }) =>
          cookies.session === 'abc',
      'http://a.test/x',
      { headers: { cookie: 'session=abc' } },
    ],
    ['truthy non-boolean', () => () => 1 as unknown as boolean, 'http://a.test/x'],
  ]

  it.each(predicates)('%s', async (_, predicate, url, init) => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const handler = lib.http.post(predicate(lib), ({ params }) => lib.HttpResponse.json({ params, method: 'POST' }))
      const getHandler = lib.http.get(predicate(lib), ({ params }) => lib.HttpResponse.json({ params }))
      const request = new Request(url, init)
      const response = await lib.getResponse([handler, getHandler], request)
      return response === undefined ? null : await response.json()
    })
    expect(mocklib).toEqual(msw)
  })

  it('a custom predicate runs for every request that reaches its handler, also of another method', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const seen: string[] = []
      const handler = lib.http.post(
        ({ request }) => {
          seen.push(request.method)
          return true
        },
        () => lib.HttpResponse.text('post'),
      )
      const a = await lib.getResponse([handler], new Request('http://a.test/x'))
      const b = await lib.getResponse([handler], new Request('http://a.test/x', { method: 'POST' }))
      return { a: a === undefined ? null : a.status, b: b === undefined ? null : b.status, seen: seen.length > 0 }
    })
    expect(mocklib.a).toEqual(msw.a)
    expect(mocklib.b).toEqual(msw.b)
  })

  it('the handler header names a custom predicate the same way', async () => {
    const { msw, mocklib } = await runBoth(
      async (lib) =>
        lib.http.get(
          () => true,
          () => undefined,
        ).info.header,
    )
    expect(mocklib).toEqual(msw)
  })
})

describe('methods', () => {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'get', 'post', 'patch']
  const factories = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all'] as const

  it.each(methods)('a %s request is matched by the same factories', async (method) => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const matched: string[] = []
      for (const factory of factories) {
        const handler = lib.http[factory]('http://a.test/x', () => new Response(null, { status: 204 }))
        // Request normalises well-known methods only ('patch' stays lower-case).
        const response = await lib.getResponse([handler], new Request('http://a.test/x', { method }))
        if (response !== undefined) matched.push(factory)
      }
      return matched
    })
    expect(mocklib).toEqual(msw)
  })

  it('through fetch, a HEAD request is not answered by http.get, and http.all answers everything', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', () => lib.HttpResponse.text('get')),
          lib.http.all('http://a.test/y', ({ request }) => lib.HttpResponse.text(request.method)),
          lib.http.head('http://a.test/z', () => new Response(null, { headers: { 'x-head': '1' } })),
        ],
        { onUnhandledRequest: 'error' },
        async () =>
          await consoleCalls(async () => [
            await fetchOutcome('http://a.test/x', { method: 'HEAD' }),
            await fetchOutcome('http://a.test/z', { method: 'HEAD' }),
            await fetchOutcome('http://a.test/y', { method: 'DELETE' }),
            await fetchOutcome('http://a.test/y', { method: 'PURGE' }),
          ]),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('the handler headers read the same', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => [
      lib.http.get('http://a.test/x', () => undefined).info.header,
      lib.http.delete('http://a.test/x/:id', () => undefined).info.header,
      lib.http.post(/x\/y/, () => undefined).info.header,
      lib.http.get('/relative', () => undefined).info.header,
    ])
    expect(mocklib).toEqual(msw)
  })
})

describe('query strings', () => {
  it('a handler path with a query string warns once and matches any query', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const created = await consoleCalls(async () =>
        lib.http.get('http://a.test/search?q=1', ({ request }) => lib.HttpResponse.text(new URL(request.url).search)),
      )
      const handler = created.result
      const used = await consoleCalls(async () => {
        const bodies = []
        for (const url of ['http://a.test/search?q=2', 'http://a.test/search', 'http://a.test/search?q=1&x=y']) {
          const response = await lib.getResponse([handler], new Request(url))
          bodies.push(response === undefined ? null : await response.text())
        }
        return bodies
      })
      return { atCreation: created.calls, bodies: used.result, atRequest: used.calls }
    })
    expect(mocklib).toEqual(msw)
  })

  it('query parameters reach the resolver in request.url, repeated ones included', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/search', ({ request }) => {
            const query = new URL(request.url).searchParams
            return lib.HttpResponse.json({ q: query.get('q'), tags: query.getAll('tag'), url: request.url })
          }),
        ],
        {},
        () => fetchOutcome('http://a.test/search?q=a%20b&tag=1&tag=2#hash'),
      ),
    )
    expect(mocklib).toEqual(msw)
  })
})

describe('deliberate differences (mocklib does better)', () => {
  it('an IPv6 host literal in a handler path matches (msw 2 throws "Missing parameter name" on every request)', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      try {
        return await paramsFor(lib, 'http://[::1]:5000/x', 'http://[::1]:5000/x')
      } catch (error) {
        return (error as Error).constructor.name
      }
    })
    expect(msw).toBe('TypeError')
    expect(mocklib).toEqual({})
  })

  it.each([
    ['http://a.test/a b', 'http://a.test/a%20b'],
    ['http://a.test/caf\u00e9', 'http://a.test/caf%C3%A9'],
  ])(
    'a handler path written unencoded (%s) matches its encoded request URL (msw 2 never matches it)',
    async (path, url) => {
      const { msw, mocklib } = await runBoth((lib) => paramsFor(lib, path, url))
      expect(msw).toBeNull()
      expect(mocklib).toEqual({})
    },
  )

  it('a global RegExp predicate matches every time (msw 2 alternates, through its lastIndex)', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const path = /u/g
      return [await paramsFor(lib, path, 'http://a.test/u'), await paramsFor(lib, path, 'http://a.test/u')]
    })
    expect(msw).toEqual([{}, null])
    expect(mocklib).toEqual([{}, {}])
  })

  it("a custom predicate that reads the body leaves it readable for the resolver (in msw 2 the resolver's read throws)", async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const handler = lib.http.post(
        async ({ request }) => (await request.json()).kind === 'a',
        async ({ request }) => lib.HttpResponse.text(await request.text()),
      )
      try {
        const response = await lib.getResponse(
          [handler],
          new Request('http://a.test/x', { method: 'POST', body: '{"kind":"a"}' }),
        )
        return response === undefined ? null : await response.text()
      } catch (error) {
        return (error as Error).constructor.name
      }
    })
    expect(msw).toBe('TypeError')
    expect(mocklib).toBe('{"kind":"a"}')
  })

  it('a mocked answer to HEAD reaches fetch without a body (msw 2 hands fetch the body)', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [lib.http.all('http://a.test/y', ({ request }) => lib.HttpResponse.text(request.method))],
        {},
        () => fetchOutcome('http://a.test/y', { method: 'HEAD' }),
      ),
    )
    expect(msw).toMatchObject({ status: 200, body: 'HEAD' })
    expect(mocklib).toEqual({ ...msw, body: '' })
  })
})

describe('malformed path syntax', () => {
  it('an unclosed "(" throws where the handler is created, naming the path (msw 2 throws on every request instead)', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      let handler
      try {
        handler = lib.http.get('http://a.test/x/(', () => lib.HttpResponse.text('x'))
      } catch (error) {
        return { at: 'definition', error: (error as Error).name, message: (error as Error).message }
      }
      try {
        await lib.getResponse([handler], new Request('http://a.test/x/y'))
        return { at: 'nowhere' }
      } catch (error) {
        return { at: 'request', error: (error as Error).name }
      }
    })
    expect(msw).toEqual({ at: 'request', error: 'TypeError' })
    expect(mocklib).toMatchObject({ at: 'definition', error: 'TypeError' })
    expect((mocklib as { message: string }).message).toContain('http://a.test/x/(')
  })

  it('a param pattern with a capturing group is refused at definition, as path-to-regexp refuses it', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      try {
        const handler = lib.http.get('http://a.test/:id((a)|b)', () => lib.HttpResponse.text('x'))
        await lib.getResponse([handler], new Request('http://a.test/a'))
        return 'accepted'
      } catch (error) {
        return (error as Error).name
      }
    })
    expect(mocklib).toEqual(msw)
  })
})
