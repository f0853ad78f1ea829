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
        controller.error(new Error(`[mocklib] The remote at ${remote.origin} ended the mocked body before its end.`))
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
