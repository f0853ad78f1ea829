// A resolver's `request` is a readable copy of the intercepted one; for a request with a body the
// copy (a stream tee) is made only when the resolver touches `request`, so resolvers that read
// params or variables alone do not pay for it. The body here is bytes, which every source copies
// as a stream (a string body given to fetch is copied as text: test/sources/node/fetch-source.test.ts).
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

async function clonesDuring(post: () => Promise<Response>): Promise<number> {
  const clone = vi.spyOn(Request.prototype, 'clone')
  const response = await post()
  expect(response.status).toBe(200)
  const calls = clone.mock.calls.length
  clone.mockRestore()
  return calls
}

const post = () =>
  fetch('https://api.test/posts/1', { method: 'POST', body: new TextEncoder().encode(JSON.stringify({ title: 'x' })) })

it('makes the copy only for a resolver that touches request', async () => {
  server.use(http.post('https://api.test/posts/:id', ({ params }) => HttpResponse.text(String(params.id))))
  const withoutTouching = await clonesDuring(post)

  server.resetHandlers()
  server.use(http.post('https://api.test/posts/:id', async ({ request }) => HttpResponse.json(await request.json())))
  const touching = await clonesDuring(post)

  expect(touching).toBe(withoutTouching + 1)
})

it('still gives a copy whose body is readable, and a later resolver its own copy', async () => {
  server.use(
    http.post('https://api.test/posts/:id', async ({ request }) => {
      await request.text()
      return undefined
    }),
    http.post('https://api.test/posts/:id', async ({ request }) => HttpResponse.json(await request.json())),
  )
  expect(await (await post()).json()).toEqual({ title: 'x' })
})
