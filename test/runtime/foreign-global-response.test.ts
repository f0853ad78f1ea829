// Remix 2's installGlobals() (and other fetch polyfills) put their own Response class on the
// global scope after mocklib is loaded. An HttpResponse (built on the platform's Response)
// must still be taken as the handler's answer, not turned into a 500 "not a Response".
import nodeHttp from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(http.get('http://api.test/user', () => HttpResponse.json({ name: 'Ada' }, { status: 201 })))
const platformResponse = globalThis.Response

/** Another implementation's Response class (a subclass here, so that it works): HttpResponse is not one. */
class ForeignResponse extends platformResponse {}

// As in a Remix test set-up: the polyfill first, then the server.
beforeAll(() => {
  globalThis.Response = ForeignResponse
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(() => {
  server.close()
  globalThis.Response = platformResponse
})

function get(url: string): Promise<{ status: number | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    nodeHttp
      .request(url, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode, body }))
      })
      .on('error', reject)
      .end()
  })
}

it('answers with the HttpResponse after another Response class took the global name', async () => {
  expect(HttpResponse.json({}) instanceof globalThis.Response).toBe(false)
  const { status, body } = await get('http://api.test/user')
  expect({ status, body }).toEqual({ status: 201, body: '{"name":"Ada"}' })
})
