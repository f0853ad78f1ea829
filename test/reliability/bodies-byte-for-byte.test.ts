// Guarantee: bodies arrive byte for byte, in every direction, through fetch, http.request and
// axios: a request body read by a handler; a mocked response body (whole or streamed) read by
// the client; and a body a handler read before passthrough(), which the real server must still
// receive exactly as sent (compared by SHA-256) and echo back intact. Empty, binary (every byte
// value) and 50 MB bodies; request bodies sent whole and streamed.
import { Readable } from 'node:stream'
import axios from 'axios'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'
import { binaryBody, nodeRequest, sha256, streamOf } from './helpers'

const bodies: Record<string, Buffer> = {
  empty: Buffer.alloc(0),
  binary: binaryBody(64 * 1024),
  '50 MB': binaryBody(50 * 1024 * 1024),
}
const hashes = Object.fromEntries(Object.entries(bodies).map(([name, body]) => [name, sha256(body)]))

/** What the handler saw of the request body before it let the request through. */
const seenBeforePassthrough = new Map<string, { sha: string; length: number }>()

let real: RecordingServer
const server = setupServer(
  http.post('http://bodies.test/hash', async ({ request }) => {
    const bytes = new Uint8Array(await request.arrayBuffer())
    return HttpResponse.json({ sha: sha256(bytes), length: bytes.byteLength })
  }),
  http.get<{ name: string }>('http://bodies.test/download/:name', ({ params }) =>
    HttpResponse.arrayBuffer(bodies[params.name]),
  ),
  http.get<{ name: string }>(
    'http://bodies.test/stream/:name',
    ({ params }) =>
      new HttpResponse(streamOf(bodies[params.name]), { headers: { 'content-type': 'application/octet-stream' } }),
  ),
  http.post('*/passthrough/:id', async ({ request, params }) => {
    const bytes = new Uint8Array(await request.arrayBuffer())
    seenBeforePassthrough.set(String(params.id), { sha: sha256(bytes), length: bytes.byteLength })
    return passthrough()
  }),
)

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(async () => {
  server.close()
  await real.close()
})

interface Client {
  /** POSTs `body` (streamed when asked) and returns the status and the response body. */
  post(url: string, body: Buffer, streamed: boolean): Promise<{ status: number; body: Buffer }>
  get(url: string): Promise<Buffer>
}

const octets = { 'content-type': 'application/octet-stream' }

const clients: Record<string, Client> = {
  fetch: {
    async post(url, body, streamed) {
      const init: RequestInit & { duplex?: 'half' } = streamed
        ? { method: 'POST', headers: octets, body: streamOf(body), duplex: 'half' }
        : { method: 'POST', headers: octets, body: body as Uint8Array<ArrayBuffer> }
      const response = await fetch(url, init)
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) }
    },
    async get(url) {
      return Buffer.from(await (await fetch(url)).arrayBuffer())
    },
  },
  'http.request': {
    async post(url, body, streamed) {
      const response = await nodeRequest(url, { method: 'POST', headers: octets, body, chunks: streamed ? 16 : 1 })
      return { status: response.status, body: response.body }
    },
    async get(url) {
      return (await nodeRequest(url)).body
    },
  },
  axios: {
    async post(url, body, streamed) {
      const data = streamed ? Readable.from(chunksOf(body, 64 * 1024)) : body
      const response = await axios.post<ArrayBuffer>(url, data, {
        headers: octets,
        responseType: 'arraybuffer',
        maxBodyLength: Infinity,
        maxContentLength: Infinity,
        validateStatus: () => true,
      })
      return { status: response.status, body: Buffer.from(response.data) }
    },
    async get(url) {
      const response = await axios.get<ArrayBuffer>(url, { responseType: 'arraybuffer', maxContentLength: Infinity })
      return Buffer.from(response.data)
    },
  },
}

function* chunksOf(body: Buffer, size: number): Generator<Buffer> {
  for (let offset = 0; offset < body.byteLength; offset += size) yield body.subarray(offset, offset + size)
}

let sequence = 0

for (const [clientName, client] of Object.entries(clients)) {
  describe(clientName, () => {
    for (const [bodyName, body] of Object.entries(bodies)) {
      for (const streamed of [false, true]) {
        // A streamed empty body is the same as a whole one for every client here.
        if (streamed && body.byteLength === 0) continue
        const how = streamed ? 'streamed' : 'whole'
        // 50 MB goes whole to the handler and streamed through passthrough: both paths, half the time.
        const large = body.byteLength > 1024 * 1024

        if (!(large && streamed))
          it(`request to a handler: a ${how} ${bodyName} body arrives intact`, { timeout: 90_000 }, async () => {
            const response = await client.post('http://bodies.test/hash', body, streamed)
            expect(response.status).toBe(200)
            expect(JSON.parse(response.body.toString('utf8'))).toEqual({
              sha: hashes[bodyName],
              length: body.byteLength,
            })
          })

        if (!(large && !streamed))
          it(
            `passthrough after the handler read it: a ${how} ${bodyName} body reaches the real server and comes back intact`,
            { timeout: 90_000 },
            async () => {
              const id = `${clientName}-${++sequence}`
              const response = await client.post(`${real.origin}/passthrough/${id}`, body, streamed)
              expect(response.status).toBe(200)
              expect(seenBeforePassthrough.get(id)).toEqual({ sha: hashes[bodyName], length: body.byteLength })
              const received = real.requests.find((request) => request.path === `/passthrough/${id}`)
              expect(received).toBeDefined()
              expect(received!.body.byteLength).toBe(body.byteLength)
              expect(sha256(received!.body)).toBe(hashes[bodyName])
              expect(sha256(response.body)).toBe(hashes[bodyName])
            },
          )
      }

      it(`mocked response: a ${bodyName} body reaches the client intact`, { timeout: 90_000 }, async () => {
        const received = await client.get(`http://bodies.test/download/${encodeURIComponent(bodyName)}`)
        expect(received.byteLength).toBe(body.byteLength)
        expect(sha256(received)).toBe(hashes[bodyName])
      })

      it(`mocked streamed response: a ${bodyName} body reaches the client intact`, { timeout: 90_000 }, async () => {
        const received = await client.get(`http://bodies.test/stream/${encodeURIComponent(bodyName)}`)
        expect(received.byteLength).toBe(body.byteLength)
        expect(sha256(received)).toBe(hashes[bodyName])
      })
    }
  })
}
