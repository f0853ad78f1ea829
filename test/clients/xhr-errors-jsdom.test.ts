// @vitest-environment jsdom
// XMLHttpRequest in a page: a network error fires `error` (status 0), a thrown resolver error
// arrives as a 500, and relative fetch() calls resolve against the document like XHR does.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(
  http.get('/broken', () => HttpResponse.error()),
  http.get('/throws', () => {
    throw new Error('resolver failed')
  }),
  http.get('/posts', () => HttpResponse.json([{ id: '1' }])),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => vi.restoreAllMocks())
afterAll(() => server.close())

function send(url: string): Promise<{ event: string; status: number; body: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('GET', url)
    xhr.onload = () => resolve({ event: 'load', status: xhr.status, body: xhr.responseText })
    xhr.onerror = () => resolve({ event: 'error', status: xhr.status, body: xhr.responseText })
    xhr.send()
  })
}

it('HttpResponse.error() fires the error event with status 0', async () => {
  expect(await send('/broken')).toEqual({ event: 'error', status: 0, body: '' })
})

it('a resolver that throws answers 500 with the error as JSON', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const result = await send('/throws')
  expect(result.event).toBe('load')
  expect(result.status).toBe(500)
  expect(JSON.parse(result.body)).toMatchObject({ name: 'Error', message: 'resolver failed' })
})

it("an unhandled request under 'error' fires the error event", async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  expect((await send('/missing')).event).toBe('error')
})

it('fetch() with a relative URL resolves against the document, as in a browser', async () => {
  const response = await fetch('/posts')
  expect(await response.json()).toEqual([{ id: '1' }])
})
