// @vitest-environment jsdom
// Guarantee: bodies arrive byte for byte through XMLHttpRequest (jsdom) as well: a binary or
// 50 MB upload read by a handler, a mocked binary download (whole and streamed), and an upload a
// handler read before passthrough(), which the real server receives exactly (SHA-256) and echoes.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

// jsdom's realm has its own Uint8Array: hash and build bodies with plain functions, not Buffer.
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

function binaryBody(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  for (let index = 0; index < size; index++) bytes[index] = (index * 7919 + (index >> 8)) & 0xff
  return bytes
}

function streamOf(body: Uint8Array, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= body.byteLength) return controller.close()
      controller.enqueue(body.slice(offset, offset + chunkSize))
      offset += chunkSize
    },
  })
}

const bodies: Record<string, Uint8Array> = {
  empty: new Uint8Array(0),
  binary: binaryBody(64 * 1024),
  '50 MB': binaryBody(50 * 1024 * 1024),
}
const hashes = Object.fromEntries(Object.entries(bodies).map(([name, body]) => [name, sha256(body)]))
const seenBeforePassthrough = new Map<string, string>()

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
    ({ params }) => new HttpResponse(streamOf(bodies[params.name])),
  ),
  http.post('*/passthrough/:id', async ({ request, params }) => {
    seenBeforePassthrough.set(String(params.id), sha256(new Uint8Array(await request.arrayBuffer())))
    return passthrough()
  }),
  // jsdom sends a CORS preflight before a cross-origin upload: let it reach the real server.
  http.options('*/passthrough/:id', () => passthrough()),
)

beforeAll(async () => {
  // The page (jsdom's localhost origin) calls the real server cross-origin: it must allow CORS.
  real = await startRecordingServer((request, response) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': '*',
    }
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end()
    response.writeHead(200, { ...cors, 'content-type': 'application/octet-stream' }).end(request.body)
  })
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(async () => {
  server.close()
  await real.close()
})

function send(method: string, url: string, body?: Uint8Array): Promise<{ status: number; body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    xhr.responseType = 'arraybuffer'
    if (body !== undefined) xhr.setRequestHeader('content-type', 'application/octet-stream')
    xhr.onload = () => resolve({ status: xhr.status, body: new Uint8Array(xhr.response as ArrayBuffer) })
    xhr.onerror = () => reject(new Error(`XMLHttpRequest ${method} ${url} failed`))
    xhr.send(body === undefined ? null : (body as Uint8Array<ArrayBuffer>))
  })
}

let sequence = 0

describe('XMLHttpRequest (jsdom)', () => {
  for (const [name, body] of Object.entries(bodies)) {
    it(`request to a handler: a ${name} upload arrives intact`, { timeout: 90_000 }, async () => {
      const response = await send('POST', 'http://bodies.test/hash', body)
      expect(response.status).toBe(200)
      expect(JSON.parse(new TextDecoder().decode(response.body))).toEqual({
        sha: hashes[name],
        length: body.byteLength,
      })
    })

    it(`mocked response: a ${name} download arrives intact, whole and streamed`, { timeout: 90_000 }, async () => {
      for (const route of ['download', 'stream']) {
        const response = await send('GET', `http://bodies.test/${route}/${encodeURIComponent(name)}`)
        expect(response.body.byteLength, route).toBe(body.byteLength)
        expect(sha256(response.body), route).toBe(hashes[name])
      }
    })

    it(
      `passthrough after the handler read it: a ${name} upload reaches the real server and comes back intact`,
      { timeout: 90_000 },
      async () => {
        const id = `xhr-${++sequence}`
        const response = await send('POST', `${real.origin}/passthrough/${id}`, body)
        expect(response.status).toBe(200)
        expect(seenBeforePassthrough.get(id)).toBe(hashes[name])
        const received = real.requests.find(
          (request) => request.method === 'POST' && request.path === `/passthrough/${id}`,
        )
        expect(received).toBeDefined()
        expect(sha256(received!.body)).toBe(hashes[name])
        expect(sha256(response.body)).toBe(hashes[name])
      },
    )
  }
})
