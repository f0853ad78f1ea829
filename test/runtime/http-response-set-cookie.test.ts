// Set-Cookie on a mocked response reaches the client, every value of it.
import http from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(
  rest.post('http://api.test/login', () =>
    HttpResponse.json(
      { ok: true },
      {
        headers: [
          ['set-cookie', 'session=abc; Path=/; HttpOnly'],
          ['set-cookie', 'theme=dark; Max-Age=3600'],
        ],
      },
    ),
  ),
  rest.post('http://api.test/single', () => new HttpResponse(null, { headers: { 'Set-Cookie': 'one=1' } })),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('fetch sees each Set-Cookie value separately', async () => {
  const response = await fetch('http://api.test/login', { method: 'POST' })
  expect(response.headers.getSetCookie()).toEqual(['session=abc; Path=/; HttpOnly', 'theme=dark; Max-Age=3600'])
})

it('http.request sees them as the set-cookie array', async () => {
  const cookies = await new Promise<string[] | undefined>((resolve, reject) => {
    const request = http.request('http://api.test/login', { method: 'POST' }, (response) => {
      response.resume()
      resolve(response.headers['set-cookie'])
    })
    request.on('error', reject)
    request.end()
  })
  expect(cookies).toEqual(['session=abc; Path=/; HttpOnly', 'theme=dark; Max-Age=3600'])
})

it('a single Set-Cookie given in a header object arrives too', async () => {
  const response = await fetch('http://api.test/single', { method: 'POST' })
  expect(response.headers.getSetCookie()).toEqual(['one=1'])
})

it('Set-Cookie values given in a Headers instance all arrive', async () => {
  server.use(
    rest.get('http://api.test/headers-instance', () => {
      const headers = new Headers()
      headers.append('set-cookie', 'a=1')
      headers.append('set-cookie', 'b=2; Secure')
      return HttpResponse.text('ok', { headers })
    }),
  )
  const response = await fetch('http://api.test/headers-instance')
  expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2; Secure'])
})
