// @vitest-environment jsdom
// Guarantee: an XMLHttpRequest (jsdom) performed for real, by passthrough(), by falling through
// or as an unhandled request, reaches the server without any marker: the interceptors tag such
// requests with an internal header on their way out, and it must never arrive.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { http, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

let real: RecordingServer
const server = setupServer(
  http.all('*/passthrough', () => passthrough()),
  http.all('*/fallthrough', () => undefined),
)

beforeAll(async () => {
  // The page (jsdom's localhost origin) calls the real server cross-origin: it must allow CORS.
  real = await startRecordingServer((request, response) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': '*',
    }
    response
      .writeHead(request.method === 'OPTIONS' ? 204 : 200, cors)
      .end(request.method === 'OPTIONS' ? undefined : 'real')
  })
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterAll(async () => {
  server.close()
  await real.close()
})

function send(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.setRequestHeader('content-type', 'text/plain')
    xhr.setRequestHeader('accept', 'application/json')
    xhr.onload = () => resolve(xhr.responseText)
    xhr.onerror = () => reject(new Error(`XMLHttpRequest to ${url} failed`))
    xhr.send('body')
  })
}

it('passthrough, fall-through and unhandled XHRs arrive with no marker header, as the page sent them', async () => {
  for (const route of ['passthrough', 'fallthrough', 'unhandled']) {
    expect(await send(`${real.origin}/${route}`)).toBe('real')
    const received = real.requests.find((request) => request.method === 'POST' && request.path === `/${route}`)
    expect(received, route).toBeDefined()
    const leaks = Object.entries(received!.headers).filter(([name, value]) =>
      /mocklib|msw|interceptors/i.test(`${name}: ${String(value)}`),
    )
    expect(leaks, route).toEqual([])
    expect(received!.headers.accept, route).toBe('application/json')
    expect(received!.headers['content-type'], route).toBe('text/plain')
    expect(received!.body.toString(), route).toBe('body')
  }
})
