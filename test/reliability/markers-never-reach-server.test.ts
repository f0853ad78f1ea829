// Guarantee: no marker mocklib (or the interceptors under it) uses ever reaches a real server.
// A request performed for real, whether by passthrough(), by falling through every handler, as an
// unhandled request, or through fetch(bypass(request)) in a resolver, arrives with exactly the
// headers the client sends without mocklib (Accept included), through fetch, http.request and
// axios; and no header name or value mentions mocklib, msw or the interceptors.
import type { IncomingHttpHeaders } from 'node:http'
import axios from 'axios'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bypass, http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'
import { nodeRequest } from './helpers'

let real: RecordingServer
const server = setupServer(
  http.all('*/passthrough', () => passthrough()),
  http.all('*/fallthrough', () => undefined),
  http.all('*/patched', async ({ request }) => {
    const response = await fetch(bypass(request))
    return HttpResponse.text(`patched: ${await response.text()}`)
  }),
)

type Send = (url: string, accept: string | undefined) => Promise<void>

const clients: Record<string, Send> = {
  fetch: async (url, accept) => {
    await (await fetch(url, { method: 'POST', body: 'body', headers: accept ? { accept } : {} })).text()
  },
  'http.request': async (url, accept) => {
    await nodeRequest(url, { method: 'POST', body: Buffer.from('body'), headers: accept ? { accept } : {} })
  },
  axios: async (url, accept) => {
    await axios.post(url, 'body', { headers: accept ? { accept } : {}, responseType: 'text' })
  },
}
const accepts = [undefined, 'application/json', 'text/html, application/xhtml+xml;q=0.9, */*;q=0.8']

const MARKER = /mocklib|msw|x-interceptors/i
/** Headers that differ from one connection to the next, whoever sends the request. */
const perConnection = new Set(['host', 'connection', 'keep-alive'])

function comparable(headers: IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !perConnection.has(name)))
}

function leaks(headers: IncomingHttpHeaders): string[] {
  return Object.entries(headers)
    .filter(([name, value]) => MARKER.test(name) || MARKER.test(String(value)))
    .map(([name, value]) => `${name}: ${String(value)}`)
}

/** What each client sends for each Accept when mocklib is not listening. */
const baseline = new Map<string, Record<string, unknown>>()

beforeAll(async () => {
  real = await startRecordingServer()
  for (const [name, send] of Object.entries(clients)) {
    for (const accept of accepts) {
      const path = `/baseline/${name}/${accepts.indexOf(accept)}`
      await send(`${real.origin}${path}`, accept)
      baseline.set(`${name} ${accept}`, comparable(real.requests.find((request) => request.path === path)!.headers))
    }
  }
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterAll(async () => {
  server.close()
  await real.close()
})

for (const [name, send] of Object.entries(clients)) {
  describe(name, () => {
    for (const route of ['passthrough', 'fallthrough', 'unhandled']) {
      it(`a request performed by ${route} arrives with exactly the headers the client sent`, async () => {
        for (const accept of accepts) {
          const path = `/${name}/${accepts.indexOf(accept)}/${route}`
          await send(`${real.origin}${path}`, accept)
          const received = real.requests.find((request) => request.path === path)
          expect(received, path).toBeDefined()
          expect(leaks(received!.headers), path).toEqual([])
          expect(comparable(received!.headers), path).toEqual(baseline.get(`${name} ${accept}`))
          expect(received!.body.toString()).toBe('body')
        }
      })
    }

    it('a request sent with fetch(bypass(request)) keeps the Accept the client sent, and nothing else of mocklib', async () => {
      for (const accept of accepts) {
        const path = `/${name}/${accepts.indexOf(accept)}/patched`
        await send(`${real.origin}${path}`, accept)
        const received = real.requests.find((request) => request.path === path)
        expect(received, path).toBeDefined()
        expect(leaks(received!.headers), path).toEqual([])
        // The client's own Accept (axios has a default one); with none, fetch's default.
        const sent = (baseline.get(`${name} ${accept}`)!.accept as string | undefined) ?? '*/*'
        expect(received!.headers.accept, path).toBe(sent)
        if (accept !== undefined) expect(sent).toBe(accept)
        // http.request sends its body chunked: the copy must not carry that Transfer-Encoding.
        expect(received!.body.toString()).toBe('body')
      }
    })
  })
}
