import type { IncomingMessage } from 'node:http'

/**
 * The body of the remote's answer as a web stream, chunk by chunk as the remote writes them,
 * read no faster than the app's client reads (the socket pauses while the stream is full).
 * An answer cut short (the test process stopped, or the resolver's stream failed there) errors
 * the stream, so the client sees a failed body, never a short one.
 */
export function responseStream(incoming: IncomingMessage, remote: URL): ReadableStream<Uint8Array> {
  let ended = false
  return new ReadableStream<Uint8Array>({
    start(controller) {
      incoming.on('data', (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        if ((controller.desiredSize ?? 1) <= 0) incoming.pause()
      })
      incoming.on('end', () => {
        ended = true
        controller.close()
      })
      incoming.on('close', () => {
        if (ended) return
        ended = true
        controller.error(cutShort(remote))
      })
      incoming.on('error', () => {
        // 'close' follows and errors the stream once.
      })
    },
    pull() {
      incoming.resume()
    },
    cancel() {
      ended = true
      incoming.destroy()
    },
  })
}

// Up to this length a body the remote sent whole (with its Content-Length) is read whole before
// the app's client gets the response: no stream to build or pump, as for a body given in process.
const WHOLE_LIMIT = 64 * 1024

/**
 * The body of the remote's answer as bytes, when the remote sent it whole and small; undefined
 * otherwise (read it with responseStream()). An answer cut short gives a body that fails.
 */
export function wholeBody(
  incoming: IncomingMessage,
  remote: URL,
): Promise<Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>> | undefined {
  const length = Number(incoming.headers['content-length'] ?? NaN)
  if (!(length <= WHOLE_LIMIT)) return undefined
  return new Promise((resolve) => {
    // A socket's chunks are plain (never shared) buffers.
    const chunks: Buffer<ArrayBuffer>[] = []
    incoming.on('data', (chunk: Buffer<ArrayBuffer>) => chunks.push(chunk))
    incoming.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)))
    incoming.on('close', () => {
      if (!incoming.complete)
        resolve(new ReadableStream<Uint8Array>({ start: (controller) => controller.error(cutShort(remote)) }))
    })
    incoming.on('error', () => {
      // 'close' follows and fails the body.
    })
  })
}

function cutShort(remote: URL): Error {
  return new Error(`[mocklib] The remote at ${remote.origin} ended the mocked body before its end.`)
}
