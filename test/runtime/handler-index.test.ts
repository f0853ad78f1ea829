// The handler index (used from 4 handlers on) must give exactly the answer a plain scan gives.
// The oracle is getResponse(), which scans the same list without an index.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { getResponse, http, HttpResponse, type RequestHandler } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const tag = (name: string) => () => HttpResponse.text(name)
const answer = async (url: string, method = 'GET') => (await fetch(url, { method })).text()

describe('precedence with the index', () => {
  it('a use() override shadows an indexed literal path', async () => {
    server.resetHandlers(
      http.get('https://api.test/a', tag('initial a')),
      http.get('https://api.test/b', tag('initial b')),
      http.get('https://api.test/c', tag('initial c')),
      http.get('https://api.test/d', tag('initial d')),
    )
    expect(await answer('https://api.test/c')).toBe('initial c')
    server.use(http.get('https://api.test/c', tag('override c')))
    expect(await answer('https://api.test/c')).toBe('override c')
    expect(await answer('https://api.test/d')).toBe('initial d')
    server.resetHandlers()
    expect(await answer('https://api.test/c')).toBe('initial c')
  })

  it('a use() override with a param or wildcard shadows indexed literal paths', async () => {
    server.resetHandlers(
      http.get('https://api.test/items/1', tag('literal 1')),
      http.get('https://api.test/items/2', tag('literal 2')),
      http.get('https://api.test/items/3', tag('literal 3')),
      http.get('https://api.test/items/4', tag('literal 4')),
    )
    server.use(http.get('https://api.test/items/:id', ({ params }) => HttpResponse.text(`param ${params.id}`)))
    expect(await answer('https://api.test/items/2')).toBe('param 2')
    server.use(http.all('*', tag('catch-all')))
    expect(await answer('https://api.test/items/3')).toBe('catch-all')
  })

  it('RegExp and custom predicates interleaved with literals keep list order, fall-through included', async () => {
    const calls: string[] = []
    const fallThrough = (name: string) => () => void calls.push(name)
    server.resetHandlers(
      http.get('https://api.test/x', fallThrough('literal x (1)')),
      http.get(/\/x$/, fallThrough('regexp (2)')),
      http.get('https://api.test/y', fallThrough('literal y (3)')),
      http.get(({ request }) => request.url.endsWith('/x'), fallThrough('custom (4)')),
      http.get('https://api.test/X/', fallThrough('literal X/ (5)')),
      http.get('https://api.test/x', () => {
        calls.push('literal x (6)')
        return HttpResponse.text('answered by 6')
      }),
      http.get(/x/, tag('never')),
    )
    expect(await answer('https://api.test/x')).toBe('answered by 6')
    // 5 ("X/") needs the trailing slash the request lacks, so it does not match.
    expect(calls).toEqual(['literal x (1)', 'regexp (2)', 'custom (4)', 'literal x (6)'])
  })

  it('literal keys compare like the matcher: case, trailing slash, encoding, method', async () => {
    server.resetHandlers(
      http.get('https://api.test/Users', tag('users')),
      http.get('https://api.test/café', tag('café')),
      http.post('https://api.test/form', tag('post form')),
      http.get('https://api.test:8443/port', tag('port')),
      http.all('*', tag('fallback')),
    )
    expect(await answer('https://api.test/users/')).toBe('users')
    expect(await answer('https://api.test/USERS')).toBe('users')
    expect(await answer('https://api.test/caf%C3%A9')).toBe('café')
    expect(await answer('https://api.test/form')).toBe('fallback')
    expect(await answer('https://api.test/form', 'POST')).toBe('post form')
    expect(await answer('https://api.test:8443/port')).toBe('port')
    expect(await answer('https://api.test/port')).toBe('fallback')
  })

  it('a once literal among indexed ones steps aside after one answer', async () => {
    server.resetHandlers(
      http.get('https://api.test/a', tag('once a'), { once: true }),
      http.get('https://api.test/b', tag('b')),
      http.get('https://api.test/c', tag('c')),
      http.get('https://api.test/a', tag('second a')),
    )
    expect([await answer('https://api.test/a'), await answer('https://api.test/a')]).toEqual(['once a', 'second a'])
  })
})

describe('index and scan agree (property-based)', () => {
  const paths = [
    'https://api.test/a',
    'https://api.test/A/',
    'https://api.test/a/b',
    'https://api.test/a/:id',
    'https://api.test/:section/b',
    'https://other.test/a',
    '*/a',
    'https://api.test/*',
  ]
  const urls = [
    'https://api.test/a',
    'https://api.test/a/',
    'https://api.test/A',
    'https://api.test/a/b',
    'https://api.test/a/c',
    'https://api.test/z/b',
    'https://other.test/a',
    'https://other.test/a/b',
  ]
  const methods = ['get', 'post', 'all'] as const

  type Spec =
    | { kind: 'path'; method: (typeof methods)[number]; path: string; answers: boolean }
    | { kind: 'regexp'; method: (typeof methods)[number]; source: string; answers: boolean }
    | { kind: 'custom'; method: (typeof methods)[number]; contains: string; answers: boolean }

  const spec: fc.Arbitrary<Spec> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('path' as const),
        method: fc.constantFrom(...methods),
        path: fc.constantFrom(...paths),
        answers: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('regexp' as const),
        method: fc.constantFrom(...methods),
        source: fc.constantFrom('/a$', 'other', '/b$'),
        answers: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('custom' as const),
        method: fc.constantFrom(...methods),
        contains: fc.constantFrom('/a', 'other', '/b'),
        answers: fc.boolean(),
      }),
    },
  )

  function build(specs: Spec[]): RequestHandler[] {
    const handlers: RequestHandler[] = specs.map((item, index) => {
      const resolver = () => (item.answers ? HttpResponse.text(`handler ${index}`) : undefined)
      const predicate =
        item.kind === 'path'
          ? item.path
          : item.kind === 'regexp'
            ? new RegExp(item.source)
            : ({ request }: { request: Request }) => request.url.includes(item.contains)
      return http[item.method](predicate, resolver)
    })
    // Every request ends somewhere defined, so both sides always answer.
    handlers.push(http.all('*', () => HttpResponse.text('catch-all')))
    return handlers
  }

  it('gives the same answer as a scan for random lists and requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(spec, { minLength: 4, maxLength: 12 }),
        fc.array(fc.tuple(fc.constantFrom(...urls), fc.constantFrom('GET', 'POST')), { minLength: 1, maxLength: 6 }),
        async (specs, requests) => {
          const handlers = build(specs)
          server.resetHandlers(...handlers)
          for (const [url, method] of requests) {
            const viaServer = await (await fetch(url, { method })).text()
            const viaScan = await (await getResponse(handlers, new Request(url, { method })))!.text()
            expect(viaServer, `${method} ${url}`).toBe(viaScan)
          }
        },
      ),
      { numRuns: 150 },
    )
  })
})
