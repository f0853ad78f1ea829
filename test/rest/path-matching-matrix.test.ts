// Path matching, the matrix of msw-behaviour.md section 1.3 (MSW 2.14 column), through real
// requests: handler path × request URL → no match, or the params the resolver receives.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { http, HttpResponse, type PathParams } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(http.all('*', () => HttpResponse.json({ matched: false })))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** The params the handler saw, or null when the request fell to the catch-all. */
async function paramsFor(handlerPath: string, requestUrl: string): Promise<PathParams | null> {
  server.use(http.all(handlerPath, ({ params }) => HttpResponse.json({ matched: true, params })))
  const body = (await (await fetch(requestUrl)).json()) as { matched: boolean; params?: PathParams }
  return body.matched ? body.params! : null
}

const NO = null
const rows: Array<[handlerPath: string, requestUrl: string, expected: PathParams | null]> = [
  // Trailing slashes: optional on the request, required when the pattern has one.
  ['http://a.test/user', 'http://a.test/user/', {}],
  ['http://a.test/user/', 'http://a.test/user', NO],
  // Case-insensitive in 2.x; query and hash never take part.
  ['http://a.test/user', 'http://a.test/USER', {}],
  ['http://a.test/user', 'http://a.test/user?x=1#h', {}],
  // Params are URL-decoded, one segment each.
  ['http://a.test/user/:id', 'http://a.test/user/abc%20def', { id: 'abc def' }],
  ['http://a.test/user/:id', 'http://a.test/user/a%2Fb', { id: 'a/b' }],
  ['http://a.test/user/:id', 'http://a.test/user/%E2%9C%93', { id: '✓' }],
  ['http://a.test/user/:id', 'http://a.test/user/1/2', NO],
  ['http://a.test/:a/:b', 'http://a.test/one/two', { a: 'one', b: 'two' }],
  ['http://a.test/:a-:b', 'http://a.test/x-y', { a: 'x', b: 'y' }],
  ['http://a.test/files/:name.json', 'http://a.test/files/data.json', { name: 'data' }],
  // Optional and repeated params.
  ['http://a.test/user/:id?', 'http://a.test/user', {}],
  ['http://a.test/user/:id?', 'http://a.test/user/', {}],
  ['http://a.test/user/:id?', 'http://a.test/user/7', { id: '7' }],
  ['http://a.test/user/:path*', 'http://a.test/user/a/b', { path: ['a', 'b'] }],
  ['http://a.test/user/:path*', 'http://a.test/user', {}],
  ['http://a.test/user/:path+', 'http://a.test/user', NO],
  ['http://a.test/user/:path+', 'http://a.test/user/a/b', { path: ['a', 'b'] }],
  // Repeats joined by "." or by nothing take the longest span, a lone segment the shortest, as in
  // path-to-regexp 6; a URL
  // they do not match answers at once (this row once took the engine 2^40 steps).
  ['http://a.test/f/:name.:ext+', 'http://a.test/f/a.b.c', { name: 'a', ext: ['b.c'] }],
  ['http://a.test/f/:name:ext+', 'http://a.test/f/abc', { name: 'a', ext: ['bc'] }],
  ['http://a.test/f/:x+-:y', 'http://a.test/f/a-b-c', { x: ['a'], y: 'b-c' }],
  ['http://a.test/f/:x*.json', 'http://a.test/f/a.b.json', { x: ['a.b'] }],
  ['http://a.test/f/*:x+@', `http://a.test/f/${'ab'.repeat(20)}!`, NO],
  // Wildcards anywhere: path, host, port, and the whole URL.
  ['http://a.test/user/*', 'http://a.test/user', NO],
  ['http://a.test/user/*', 'http://a.test/user/', { 0: '' }],
  ['http://a.test/user/*', 'http://a.test/user/a/b', { 0: 'a/b' }],
  ['http://a.test/*/end', 'http://a.test/a/b/end', { 0: 'a/b' }],
  ['http://a.test/a/*/c/*', 'http://a.test/a/1/c/2/3', { 0: '1', 1: '2/3' }],
  ['*/user', 'https://b.test:8080/user', { 0: 'https://b.test:8080' }],
  ['*', 'http://a.test/x/y', { 0: 'http://a.test/x/y' }],
  ['http://a.test:*/x', 'http://a.test:3000/x', { 0: '3000' }],
  ['http://*.a.test/x', 'http://api.a.test/x', { 0: 'api' }],
  // The scheme and the port are part of the match.
  ['http://a.test/user', 'https://a.test/user', NO],
  ['http://a.test:3000/x', 'http://a.test:3000/x', {}],
  ['http://a.test:3000/x', 'http://a.test:4000/x', NO],
  ['http://a.test/x', 'http://a.test:80/x', {}],
]

it.each(rows)('%s against %s', async (handlerPath, requestUrl, expected) => {
  expect(await paramsFor(handlerPath, requestUrl)).toEqual(expected)
})

it('a handler path with a query string warns at creation, and matches any query', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const handler = http.get('http://a.test/search?q=1', () => HttpResponse.json({ matched: true, params: {} }))
  expect(warn).toHaveBeenCalledTimes(1)
  const message = String(warn.mock.calls[0][0])
  expect(message).toContain('[mocklib]')
  expect(message).toContain('GET http://a.test/search?q=1')
  expect(message).toContain('new URL(request.url).searchParams')
  warn.mockRestore()

  server.use(handler)
  expect(await (await fetch('http://a.test/search?q=2')).json()).toEqual({ matched: true, params: {} })
  expect(await (await fetch('http://a.test/search')).json()).toEqual({ matched: true, params: {} })
})

it('a path ending in ":param?" is an optional param, not a query string: no warning', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  http.get('http://a.test/user/:id?', () => undefined)
  expect(warn).not.toHaveBeenCalled()
  warn.mockRestore()
})

// Beyond MSW 2.14, which never matches a non-ASCII literal path and throws on a malformed escape.
it('a non-ASCII literal path matches the percent-encoded request URL', async () => {
  expect(await paramsFor('http://a.test/café', 'http://a.test/caf%C3%A9')).toEqual({})
})

it('a param with a malformed escape is passed on raw rather than failing the request', async () => {
  expect(await paramsFor('http://a.test/user/:id', 'http://a.test/user/100%')).toEqual({ id: '100%' })
})
