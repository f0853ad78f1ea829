// Run with --expose-gc by big-bodies.test.ts: a remote and an app process's server in one
// process, talking over loopback as two processes would. Sends a generated request body of
// each size in BODY_SIZES (MiB) to a remote resolver that hashes it as it reads, and has a remote
// resolver stream a generated response body of each size back, hashed as the app's fetch reads
// it. Prints {"report": …}: per size and direction, the bytes and SHA-256 on both ends and the
// peak growth of live memory (heap and array buffers, after full collections every 4 MiB).
import { createHash } from 'node:crypto'
import { HttpResponse, http } from 'mocklib'
import { setupRemoteServer, setupServer } from 'mocklib/node'

const API = 'https://api.example.test'
const MiB = 1024 * 1024
const CHUNK = 64 * 1024

let peak = 0
// One full collection can leave array buffers it found dead counted (released by the next one):
// two, so that only live bytes count.
function sample() {
  globalThis.gc()
  globalThis.gc()
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  peak = Math.max(peak, heapUsed + arrayBuffers)
}

/** `size` bytes made a chunk at a time as they are read, each chunk different; and their hash once read. */
function generated(size) {
  const hash = createHash('sha256')
  let sent = 0
  const stream = new ReadableStream({
    pull(controller) {
      if (sent === size) return controller.close()
      const chunk = Buffer.alloc(CHUNK).fill(`chunk ${sent / CHUNK};`)
      hash.update(chunk)
      sent += CHUNK
      if (sent % (4 * MiB) === 0) sample()
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length))
    },
  })
  return { stream, end: () => ({ bytes: sent, sha256: hash.digest('hex') }) }
}

/** Reads a stream to its end, hashing it, never holding more than a chunk. */
async function consume(stream) {
  const hash = createHash('sha256')
  let bytes = 0
  let next = 4 * MiB
  for await (const chunk of stream) {
    hash.update(chunk)
    bytes += chunk.byteLength
    if (bytes >= next) {
      next += 4 * MiB
      sample()
    }
  }
  return { bytes, sha256: hash.digest('hex') }
}

const downloads = []
const remote = setupRemoteServer(
  http.post(`${API}/upload`, async ({ request }) => HttpResponse.json(await consume(request.body))),
  http.get(`${API}/download/:size`, ({ params }) => {
    const body = generated(Number(params.size))
    downloads.push(body)
    return new HttpResponse(body.stream, { headers: { 'content-type': 'application/octet-stream' } })
  }),
)
await remote.listen()
const app = setupServer()
app.listen({ remote: { url: remote.url, token: remote.token }, onUnhandledRequest: 'error' })

/** Runs `transfer`, giving how much live memory grew at its peak over what it was before. */
async function measured(transfer) {
  // The previous transfer's garbage (an unread request body copy on Node 20) goes once a turn of
  // the event loop has passed: measure from there.
  await new Promise((resolve) => setImmediate(resolve))
  peak = 0
  sample()
  const before = peak
  const result = await transfer()
  return { ...result, peakGrowth: peak - before }
}

const report = {}
for (const mib of process.env.BODY_SIZES.split(',').map(Number)) {
  const size = mib * MiB
  report[mib] = {
    upload: await measured(async () => {
      const body = generated(size)
      const response = await fetch(`${API}/upload`, { method: 'POST', body: body.stream, duplex: 'half' })
      return { received: await response.json(), sent: body.end() }
    }),
    download: await measured(async () => {
      const response = await fetch(`${API}/download/${size}`)
      const received = await consume(response.body)
      return { received, sent: downloads.shift().end() }
    }),
  }
}
console.log(JSON.stringify({ report }))
app.close()
await remote.close()
