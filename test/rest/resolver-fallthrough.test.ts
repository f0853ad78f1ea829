// A resolver that returns nothing lets the next matching handler try; when none answers, the
// request is performed as-is and counts as handled (no unhandled-request warning or error).
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

let real: RecordingServer
const server = setupServer()

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(async () => {
  server.close()
  await real.close()
})

it('falls through to the next matching handler, in list order', async () => {
  const calls: string[] = []
  server.use(
    http.get(`${real.origin}/item`, () => void calls.push('first')),
    http.all(`${real.origin}/*`, () => void calls.push('second')),
    http.get(`${real.origin}/item`, () => {
      calls.push('third')
      return HttpResponse.text('from the third handler')
    }),
    http.get(`${real.origin}/item`, () => {
      calls.push('fourth')
      return HttpResponse.text('never')
    }),
  )
  const response = await fetch(`${real.origin}/item`)
  expect(await response.text()).toBe('from the third handler')
  expect(calls).toEqual(['first', 'second', 'third'])
  expect(real.requests).toHaveLength(0)
})

it('an async resolver resolving to undefined falls through too', async () => {
  server.use(
    http.get(`${real.origin}/item`, async () => undefined),
    http.get(`${real.origin}/item`, () => HttpResponse.text('answered')),
  )
  expect(await (await fetch(`${real.origin}/item`)).text()).toBe('answered')
})

it('when every matching handler falls through, the request reaches the real server as a handled request', async () => {
  const error = vi.spyOn(console, 'error')
  const warn = vi.spyOn(console, 'warn')
  server.use(http.post(`${real.origin}/item`, () => undefined))

  const response = await fetch(`${real.origin}/item?x=1`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-custom': 'kept' },
    body: 'request body',
  })
  expect(response.status).toBe(200)
  expect(await response.text()).toBe('request body')

  const [received] = real.requests.slice(-1)
  expect(received.method).toBe('POST')
  expect(received.path).toBe('/item?x=1')
  expect(received.headers['x-custom']).toBe('kept')
  expect(received.body.toString()).toBe('request body')
  // 'error' strategy, yet nothing was reported: a matched request is not unhandled.
  expect(error).not.toHaveBeenCalled()
  expect(warn).not.toHaveBeenCalled()
})
