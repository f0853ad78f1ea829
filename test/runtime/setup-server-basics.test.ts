import { afterAll, beforeAll, expect, it } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(http.get('https://api.test/hello', () => HttpResponse.json({ hello: 'world' })))
const originalFetch = globalThis.fetch

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('answers a global fetch with the mocked JSON', async () => {
  const response = await fetch('https://api.test/hello')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/json')
  expect(await response.json()).toEqual({ hello: 'world' })
})

it('patches global fetch while listening and restores it on close', () => {
  expect(globalThis.fetch).not.toBe(originalFetch)
  const other = setupServer()
  other.listen()
  other.close()
})
