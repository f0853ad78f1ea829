// @vitest-environment jsdom
// In a DOM environment, listen() also patches XMLHttpRequest and close() restores it by identity.
import { expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer } from '../helpers/recording-server'

it('close() restores the original XMLHttpRequest and fetch', () => {
  const originalXhr = globalThis.XMLHttpRequest
  const originalFetch = globalThis.fetch
  const server = setupServer()
  server.listen()
  expect(globalThis.XMLHttpRequest).not.toBe(originalXhr)
  server.close()
  expect(globalThis.XMLHttpRequest).toBe(originalXhr)
  expect(globalThis.fetch).toBe(originalFetch)
})

it('an XHR made after close() reaches the real server, untouched', async () => {
  // The page (http://localhost:3000) calls a real server on another origin, which allows it.
  const real = await startRecordingServer((_request, response) => {
    response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' })
    response.end('real')
  })
  const server = setupServer(http.get(`${real.origin}/status`, () => HttpResponse.text('mocked')))
  const get = () =>
    new Promise<string>((resolve) => {
      const xhr = new XMLHttpRequest()
      xhr.open('GET', `${real.origin}/status`)
      xhr.onload = () => resolve(xhr.responseText)
      xhr.onerror = () => resolve('network error')
      xhr.send()
    })
  try {
    server.listen()
    expect(await get()).toBe('mocked')
    expect(real.requests).toHaveLength(0)
    server.close()
    expect(await get()).toBe('real')
    expect(real.requests.map((request) => request.path)).toEqual(['/status'])
  } finally {
    server.close()
    await real.close()
  }
})
