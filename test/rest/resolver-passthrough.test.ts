// passthrough(): stop looking for a handler and perform the request as-is.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import axios from 'axios'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

let real: RecordingServer
const server = setupServer()

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await real.close()
})

it('skips the handlers after it and sends the request to the real server (fetch)', async () => {
  server.use(
    http.post(`${real.origin}/echo`, () => passthrough()),
    http.post(`${real.origin}/echo`, () => HttpResponse.text('mocked')),
  )
  const response = await fetch(`${real.origin}/echo`, { method: 'POST', body: 'sent as-is' })
  expect(response.status).toBe(200)
  expect(await response.text()).toBe('sent as-is')
  expect(real.requests.at(-1)?.body.toString()).toBe('sent as-is')
})

it('works the same for a ClientRequest-based client (axios)', async () => {
  server.use(
    http.put(`${real.origin}/echo`, () => passthrough()),
    http.put(`${real.origin}/echo`, () => HttpResponse.text('mocked')),
  )
  const response = await axios.put<string>(`${real.origin}/echo`, 'via axios', {
    headers: { 'content-type': 'text/plain' },
    responseType: 'text',
  })
  expect(response.data).toBe('via axios')
  expect(response.headers['x-received-method']).toBe('PUT')
})

it('may be chosen conditionally, after reading the request', async () => {
  server.use(
    http.post(`${real.origin}/echo`, async ({ request }) => {
      const { real: goReal } = (await request.json()) as { real: boolean }
      return goReal ? passthrough() : HttpResponse.json({ mocked: true })
    }),
  )
  const mocked = await fetch(`${real.origin}/echo`, { method: 'POST', body: JSON.stringify({ real: false }) })
  expect(await mocked.json()).toEqual({ mocked: true })

  const body = JSON.stringify({ real: true })
  const passed = await fetch(`${real.origin}/echo`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  })
  expect(await passed.text()).toBe(body)
})

it('is a marker only mocklib recognizes: a real 302 with the same statusText is still a mocked redirect', async () => {
  server.use(
    http.get(
      'https://api.test/redirect',
      () => new HttpResponse(null, { status: 302, statusText: 'Passthrough', headers: { location: '/elsewhere' } }),
    ),
  )
  const response = await fetch('https://api.test/redirect', { redirect: 'manual' })
  expect(response.status).toBe(302)
  expect(response.headers.get('location')).toBe('/elsewhere')
})
