// In Node there is no document location: a relative handler path can match nothing, and the
// unhandled-request report says to use an absolute URL.
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { getResponse, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(http.get('/user', () => HttpResponse.text('relative')))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('never matches, and the error names the handler and the absolute URL to use', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  await expect(fetch('https://api.test/user')).rejects.toThrow(/not sent/)
  const message = String(error.mock.calls[0][0])
  expect(message).toContain('The handler "GET /user" has a relative path')
  expect(message).toContain("Use an absolute URL: 'https://api.test/user'")
  error.mockRestore()
})

it('getResponse() resolves relative paths against the baseUrl it is given', async () => {
  const handlers = [http.get('/user/:id', ({ params }) => HttpResponse.json(params))]
  const request = new Request('https://api.test/user/7')
  expect(await getResponse(handlers, request)).toBeUndefined()
  const response = await getResponse(handlers, request, { baseUrl: 'https://api.test/app/' })
  expect(await response?.json()).toEqual({ id: '7' })
  // Another origin as base: no match.
  expect(await getResponse(handlers, request, { baseUrl: 'https://other.test/' })).toBeUndefined()
})
