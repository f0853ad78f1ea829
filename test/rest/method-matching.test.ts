// Methods: each http.<method> matches its own method only (case-insensitively); http.all matches any.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const url = 'https://api.test/resource'
const server = setupServer(
  http.all('*', () => new HttpResponse(null, { status: 204, headers: { 'x-handler': 'catch-all' } })),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const handlerFor = async (method: string) => (await fetch(url, { method })).headers.get('x-handler')
const tagged = (name: string) => () => new HttpResponse(null, { status: 204, headers: { 'x-handler': name } })

it('each verb matches its own method', async () => {
  server.use(
    http.get(url, tagged('get')),
    http.post(url, tagged('post')),
    http.put(url, tagged('put')),
    http.patch(url, tagged('patch')),
    http.delete(url, tagged('delete')),
    http.head(url, tagged('head')),
    http.options(url, tagged('options')),
  )
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']) {
    expect(await handlerFor(method)).toBe(method.toLowerCase())
  }
})

it('a HEAD request is not matched by http.get', async () => {
  server.use(http.get(url, tagged('get')))
  expect(await handlerFor('HEAD')).toBe('catch-all')
})

it('methods compare case-insensitively (fetch sends "patch" as written)', async () => {
  server.use(http.patch(url, tagged('patch')))
  expect(await handlerFor('patch')).toBe('patch')
})

it('http.all matches any method, including unusual ones', async () => {
  const seen: string[] = []
  server.use(
    http.all(url, ({ request }) => {
      seen.push(request.method)
      return tagged('all')()
    }),
  )
  for (const method of ['GET', 'DELETE', 'PROPFIND', 'PURGE']) expect(await handlerFor(method)).toBe('all')
  expect(seen).toEqual(['GET', 'DELETE', 'PROPFIND', 'PURGE'])
})

it('a handler is described by its method and path', () => {
  expect(http.get(url, () => undefined).info.header).toBe(`GET ${url}`)
  expect(http.all('*', () => undefined).info.header).toBe('ALL *')
})

it('a HEAD answer carries the headers and no body, as a real server would', async () => {
  server.use(
    http.head(url, () =>
      HttpResponse.json({ ignored: true }, { headers: { 'x-total-count': '42', 'set-cookie': 'seen=1' } }),
    ),
  )
  const response = await fetch(url, { method: 'HEAD' })
  expect(response.status).toBe(200)
  expect(response.headers.get('x-total-count')).toBe('42')
  expect(response.headers.get('content-type')).toBe('application/json')
  expect(response.headers.get('content-length')).toBe(String('{"ignored":true}'.length))
  expect(response.headers.getSetCookie()).toEqual(['seen=1'])
  expect(response.body).toBeNull()
  expect(await response.text()).toBe('')
})
