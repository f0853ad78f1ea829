// An unhandled request that goes out reaches the real server byte for byte, whatever the
// client and the body: text, binary (every byte value), empty, and large.
import http from 'node:http'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import axios from 'axios'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

let real: RecordingServer
const server = setupServer()

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterAll(async () => {
  server.close()
  await real.close()
})

const everyByte = Buffer.from(Array.from({ length: 256 }, (_, index) => index))
const bodies: Array<[string, Buffer]> = [
  ['UTF-8 text', Buffer.from('héllo, wörld ✓ 🎉')],
  ['every byte value', everyByte],
  ['empty', Buffer.alloc(0)],
  ['2 MB of random bytes', randomBytes(2 * 1024 * 1024)],
]

function postWithNodeHttp(url: string, body: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/octet-stream' } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve(Buffer.concat(chunks)))
      },
    )
    request.on('error', reject)
    // Several writes: the interceptor must join them in order.
    const middle = Math.floor(body.length / 2)
    request.write(body.subarray(0, middle))
    request.end(body.subarray(middle))
  })
}

const clients: Record<string, (url: string, body: Buffer) => Promise<Buffer>> = {
  fetch: async (url, body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(body),
    })
    return Buffer.from(await response.arrayBuffer())
  },
  'http.request': postWithNodeHttp,
  axios: async (url, body) => {
    const response = await axios.post<ArrayBuffer>(url, body, {
      headers: { 'content-type': 'application/octet-stream' },
      responseType: 'arraybuffer',
      maxBodyLength: Infinity,
    })
    return Buffer.from(response.data)
  },
}

for (const [clientName, send] of Object.entries(clients)) {
  describe(clientName, () => {
    for (const [bodyName, body] of bodies) {
      it(`sends a ${bodyName} body intact and gets the real answer back`, async () => {
        const path = `/${clientName}/${bodyName.replace(/\W+/g, '-')}`
        const echoed = await send(`${real.origin}${path}`, body)
        const received = real.requests.find((request) => request.path === path)
        expect(received).toBeDefined()
        expect(received!.body.equals(body)).toBe(true)
        expect(echoed.equals(body)).toBe(true)
      })
    }
  })
}
