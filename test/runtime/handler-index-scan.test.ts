// The handler index (lookup by literal URL or by the literal start of a path with params) must
// give exactly the answer a scan of the list gives: first handler in list order that matches
// and answers. Lists of 4 or more handlers are indexed; these tests use longer ones.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getResponse, http, HttpResponse, type HttpHandler } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const answer = (name: string) => () => HttpResponse.text(name)
const filler = Array.from({ length: 20 }, (_, index) =>
  http.get(`https://api.test/filler${index}/:id`, answer(`filler${index}`)),
)
const text = async (url: string, init?: RequestInit) => (await fetch(url, init)).text()

describe('an indexed list answers like a scan', () => {
  it('finds a handler with params among many, with its params', async () => {
    server.resetHandlers(
      ...filler,
      http.get('https://api.test/users/:id/posts/:postId', ({ params }) => HttpResponse.json(params)),
      http.all('*', answer('catch-all')),
    )
    expect(await (await fetch('https://api.test/users/7/posts/9')).json()).toEqual({ id: '7', postId: '9' })
    expect(await text('https://api.test/users/7')).toBe('catch-all')
  })

  it('lets a use() override with params shadow an indexed literal handler, and the reverse', async () => {
    server.resetHandlers(
      ...filler,
      http.get('https://api.test/users/me', answer('literal')),
      http.get('https://api.test/users/:id', answer('param')),
    )
    expect(await text('https://api.test/users/me')).toBe('literal')
    server.use(http.get('https://api.test/users/:id', answer('override-param')))
    expect(await text('https://api.test/users/me')).toBe('override-param')
    server.use(http.get('https://api.test/users/me', answer('override-literal')))
    expect(await text('https://api.test/users/me')).toBe('override-literal')
    expect(await text('https://api.test/users/5')).toBe('override-param')
    server.resetHandlers()
    expect(await text('https://api.test/users/5')).toBe('param')
  })

  it('keeps list order between RegExp, custom predicate and indexed handlers', async () => {
    server.resetHandlers(
      ...filler,
      http.get(/\/users\/\d+$/, answer('regexp')),
      http.get('https://api.test/users/:id', answer('param')),
      http.get(({ request }) => request.url.endsWith('/admin'), answer('custom')),
      http.get('https://api.test/users/admin', answer('literal')),
      http.get(/admin/, answer('late-regexp')),
    )
    expect(await text('https://api.test/users/42')).toBe('regexp')
    expect(await text('https://api.test/users/admin')).toBe('param')
    expect(await text('https://api.test/groups/admin')).toBe('custom')
    expect(await text('https://api.test/x/administrators')).toBe('late-regexp')
  })

  it('falls through from an indexed handler that returns nothing to a later one', async () => {
    const seen: string[] = []
    server.resetHandlers(
      ...filler,
      http.get('https://api.test/orders/:id', ({ params }) => {
        seen.push(String(params.id))
      }),
      http.get(/orders/, answer('regexp after fall-through')),
    )
    expect(await text('https://api.test/orders/3')).toBe('regexp after fall-through')
    expect(seen).toEqual(['3'])
  })

  it('matches case-insensitively, with an optional trailing slash, optional and repeated params', async () => {
    server.resetHandlers(
      ...filler,
      http.get('https://api.test/Posts/:id?', ({ params }) => HttpResponse.json({ post: params.id ?? null })),
      http.get('https://api.test/files/:path+', ({ params }) => HttpResponse.json(params)),
      http.get('https://*.test/hosts/:id', answer('wildcard host')),
      http.all('*', answer('catch-all')),
    )
    expect(await (await fetch('https://API.test/posts/1/')).json()).toEqual({ post: '1' })
    expect(await (await fetch('https://api.test/posts')).json()).toEqual({ post: null })
    expect(await (await fetch('https://api.test/files/a/b%20c')).json()).toEqual({ path: ['a', 'b c'] })
    expect(await text('https://api.test/files')).toBe('catch-all')
    expect(await text('https://eu.test/hosts/1')).toBe('wildcard host')
  })

  it('never picks a relative path when there is no document to resolve it against', async () => {
    server.resetHandlers(...filler, http.get('/users/:id', answer('relative')), http.all('*', answer('catch-all')))
    expect(await text('https://api.test/users/1')).toBe('catch-all')
  })
})

// A property: for random lists and requests, the server (indexed) answers with the first
// handler that would answer on its own, as found by trying each handler alone.
const PATHS = [
  '/users',
  '/users/',
  '/users/:id',
  '/users/:id/posts',
  '/users/:id?',
  '/Users/:id',
  '/users/*',
  '/users/me',
  '/files/:path*',
  '/files/:path+',
  '/*',
  '/a%20b/:id',
  '/users/:id.json',
  '/users/:id-:slug',
  '/us*rs/:id',
]
const ORIGINS = ['https://api.test', 'https://other.test', 'https://*.test']
const REQUEST_PATHS = [
  '/',
  '/users',
  '/users/',
  '/users/1',
  '/USERS/1',
  '/users/1/posts',
  '/users/me',
  '/users/1.json',
  '/users/1-a',
  '/files',
  '/files/a/b',
  '/a%20b/1',
  '/a b/2',
  '/other',
]

type Spec =
  | { kind: 'path'; method: 'get' | 'post' | 'all'; origin: string; path: string }
  | { kind: 'regexp'; method: 'get' | 'all' }
  | { kind: 'custom' }

const spec: fc.Arbitrary<Spec> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('path' as const),
      method: fc.constantFrom('get' as const, 'post' as const, 'all' as const),
      origin: fc.constantFrom(...ORIGINS),
      path: fc.constantFrom(...PATHS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('regexp' as const),
      method: fc.constantFrom('get' as const, 'all' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('custom' as const) }) },
)

function build(item: Spec, name: string): HttpHandler {
  if (item.kind === 'regexp') return http[item.method](/users\/\d/, answer(name))
  if (item.kind === 'custom') return http.get(({ request }) => request.url.includes('files'), answer(name))
  return http[item.method](item.origin + item.path, answer(name))
}

describe('index property', () => {
  it('answers with the first handler that answers alone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(spec, { minLength: 4, maxLength: 24 }),
        fc.constantFrom('https://api.test', 'https://other.test'),
        fc.constantFrom(...REQUEST_PATHS),
        fc.constantFrom('GET', 'POST'),
        async (specs, origin, path, method) => {
          const handlers = specs.map((item, index) => build(item, `h${index}`))
          const url = origin + path
          let expected = 'catch-all'
          for (const handler of handlers) {
            const alone = await getResponse([handler], new Request(url, { method }))
            if (alone !== undefined) {
              expected = await alone.text()
              break
            }
          }
          server.resetHandlers(...handlers, http.all('*', answer('catch-all')))
          expect(await text(url, { method })).toBe(expected)
        },
      ),
      { numRuns: 150 },
    )
  })
})
