// @vitest-environment jsdom
// Guarantee: a handler never sees another origin's cookies. In a page (jsdom), the document's
// cookies belong to its origin: a handler answering a same-origin request sees them, a handler
// answering a request to another origin never does, whatever the credentials mode; and a cookie
// set by a mocked response from another origin never lands in document.cookie.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const seen: Array<{ url: string; cookies: Record<string, string> }> = []
const server = setupServer(
  http.get('*/whoami', ({ request, cookies }) => {
    seen.push({ url: request.url, cookies })
    return HttpResponse.json(cookies)
  }),
  http.get('http://other.test/login', () => HttpResponse.text('ok', { headers: { 'set-cookie': 'stolen=1; Path=/' } })),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
afterEach(() => {
  seen.length = 0
})

function xhr(url: string, withCredentials: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('GET', url)
    request.withCredentials = withCredentials
    request.onload = () => resolve(request.responseText)
    request.onerror = () => reject(new Error(`XMLHttpRequest to ${url} failed`))
    request.send()
  })
}

it("same-origin requests show the page's cookies; requests to another origin never do", async () => {
  document.cookie = 'session=page-secret'
  try {
    await xhr('/whoami', false)
    await xhr('http://other.test/whoami', true)
    await xhr('http://other.test/whoami', false)
    await fetch('http://other.test/whoami', { credentials: 'include' })
    await fetch(`${location.origin}/whoami`, { credentials: 'include' })

    const byUrl = seen.map((entry) => [entry.url, entry.cookies])
    expect(byUrl).toEqual([
      [`${location.origin}/whoami`, { session: 'page-secret' }],
      ['http://other.test/whoami', {}],
      ['http://other.test/whoami', {}],
      ['http://other.test/whoami', {}],
      [`${location.origin}/whoami`, { session: 'page-secret' }],
    ])
  } finally {
    document.cookie = 'session=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
  }
})

it("a mocked Set-Cookie from another origin never becomes one of the page's cookies", async () => {
  await xhr('http://other.test/login', true)
  await fetch('http://other.test/login', { credentials: 'include' })
  expect(document.cookie).not.toContain('stolen')
  await xhr('/whoami', true)
  expect(seen.at(-1)?.cookies).toEqual({})
})
