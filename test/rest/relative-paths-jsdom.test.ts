// @vitest-environment jsdom
// In a DOM environment, relative handler paths resolve against the document location, as a
// page's own relative requests do.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(http.all('*', () => HttpResponse.json({ matched: false })))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  history.replaceState(null, '', '/')
})
afterAll(() => server.close())

function xhrJson(method: string, url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    xhr.onload = () => resolve(JSON.parse(xhr.responseText))
    xhr.onerror = () => reject(new Error(`${method} ${url} failed`))
    xhr.send()
  })
}

const matched = (params: unknown) => HttpResponse.json({ matched: true, params })

it('a leading-slash path matches the page origin, from XHR with a relative URL', async () => {
  server.use(http.get('/user/:id', ({ params }) => matched(params)))
  expect(location.origin).toBe('http://localhost:3000')
  expect(await xhrJson('GET', '/user/42')).toEqual({ matched: true, params: { id: '42' } })
})

it('matches the same URL requested absolutely with fetch', async () => {
  server.use(http.get('/user', () => matched({})))
  expect(await (await fetch(new URL('/user', location.href))).json()).toEqual({ matched: true, params: {} })
})

it('does not match the same path on another origin', async () => {
  server.use(http.get('/user', () => matched({})))
  expect(await (await fetch('https://api.test/user')).json()).toEqual({ matched: false })
})

it('a path without a leading slash resolves against the current document path, following navigation', async () => {
  server.use(http.get('posts', () => matched({})))
  history.replaceState(null, '', '/app/')
  expect(await xhrJson('GET', 'posts')).toEqual({ matched: true, params: {} })
  expect(await xhrJson('GET', '/posts')).toEqual({ matched: false })

  history.replaceState(null, '', '/other/page')
  expect(await xhrJson('GET', '/other/posts')).toEqual({ matched: true, params: {} })
  expect(await xhrJson('GET', '/app/posts')).toEqual({ matched: false })
})

it('paths starting with "*" are never rebased', async () => {
  server.use(http.get('*/user', ({ params }) => matched(params)))
  expect(await (await fetch('https://api.test/user')).json()).toEqual({
    matched: true,
    params: { 0: 'https://api.test' },
  })
})

it('relative handlers are found by index lookups too (4 handlers or more)', async () => {
  server.use(
    http.get('/a', () => HttpResponse.json('a')),
    http.get('/b', () => HttpResponse.json('b')),
    http.get('/c', () => HttpResponse.json('c')),
    http.get('/d', () => HttpResponse.json('d')),
  )
  expect(await xhrJson('GET', '/c')).toBe('c')
  history.replaceState(null, '', '/nested/')
  expect(await xhrJson('GET', '/d')).toBe('d')
})
