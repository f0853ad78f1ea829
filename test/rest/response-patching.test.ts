// fetch(bypass(request)) inside a resolver: get the real response and patch it. The bypassed
// request skips every handler, and its marker never reaches the real server.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { bypass, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

let real: RecordingServer
const server = setupServer()

beforeAll(async () => {
  real = await startRecordingServer((request, response) => {
    if (request.path === '/user') {
      response.writeHead(200, { 'content-type': 'application/json', 'x-from': 'real' })
      response.end(JSON.stringify({ name: 'Real Name', plan: 'free' }))
      return
    }
    response.writeHead(200, { 'content-type': request.headers['content-type'] ?? 'text/plain' })
    response.end(request.body)
  })
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => server.resetHandlers())
afterAll(async () => {
  server.close()
  await real.close()
})

it('patches the real response, keeping its headers', async () => {
  server.use(
    http.get(`${real.origin}/user`, async ({ request }) => {
      const original = await fetch(bypass(request))
      const user = (await original.json()) as Record<string, unknown>
      return HttpResponse.json(
        { ...user, plan: 'pro' },
        { headers: { 'x-from': original.headers.get('x-from') ?? '' } },
      )
    }),
  )
  const response = await fetch(`${real.origin}/user`, { headers: { accept: 'application/json' } })
  expect(await response.json()).toEqual({ name: 'Real Name', plan: 'pro' })
  expect(response.headers.get('x-from')).toBe('real')

  const received = real.requests.at(-1)
  expect(received?.path).toBe('/user')
  // The client's own Accept value arrives; the bypass marker does not.
  expect(received?.headers.accept).toBe('application/json')
  expect(JSON.stringify(received?.headers)).not.toContain('mocklib')
})

it('the bypassed request is not answered by the handler that made it, nor by any other', async () => {
  let calls = 0
  server.use(
    http.all('*', () => {
      calls++
    }),
    http.get(`${real.origin}/user`, async ({ request }) => {
      const original = await fetch(bypass(request))
      return HttpResponse.json({ wrapped: await original.json() })
    }),
  )
  const response = await fetch(`${real.origin}/user`)
  expect(await response.json()).toEqual({ wrapped: { name: 'Real Name', plan: 'free' } })
  // The catch-all saw the client's request only, never the bypassed one.
  expect(calls).toBe(1)
})

it('sends the request body to the real server intact, even after the resolver read it', async () => {
  const payload = new Uint8Array([0, 1, 2, 253, 254, 255, 10, 13])
  server.use(
    http.post(`${real.origin}/upload`, async ({ request }) => {
      const seen = new Uint8Array(await request.clone().arrayBuffer())
      const original = await fetch(bypass(request))
      const echoed = new Uint8Array(await original.arrayBuffer())
      return HttpResponse.json({ seen: [...seen], echoed: [...echoed] })
    }),
  )
  const response = await fetch(`${real.origin}/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: payload,
  })
  expect(await response.json()).toEqual({ seen: [...payload], echoed: [...payload] })
  expect(new Uint8Array(real.requests.at(-1)!.body)).toEqual(payload)
})

it('accepts a URL and init, and applies the init', async () => {
  server.use(
    http.get('https://api.test/proxy', async () => {
      const original = await fetch(bypass(`${real.origin}/echo`, { method: 'POST', body: 'from init' }))
      return HttpResponse.text(`proxied: ${await original.text()}`)
    }),
  )
  expect(await (await fetch('https://api.test/proxy')).text()).toBe('proxied: from init')
  expect(real.requests.at(-1)?.method).toBe('POST')
})

it('throws a clear error when the request body was already read', async () => {
  server.use(
    http.post('https://api.test/too-late', async ({ request }) => {
      await request.text()
      try {
        bypass(request)
        return HttpResponse.text('no error')
      } catch (error) {
        return HttpResponse.text((error as Error).message)
      }
    }),
  )
  const message = await (await fetch('https://api.test/too-late', { method: 'POST', body: 'x' })).text()
  expect(message).toContain('[mocklib]')
  expect(message).toContain('POST https://api.test/too-late')
  expect(message).toContain('request.clone()')
})
