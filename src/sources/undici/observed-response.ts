import { NULL_BODY_STATUS } from '../../runtime/http-response'
import type { ResponseObserver } from './response-channel'

/**
 * Builds a `Response` out of a real response passing from the network to the client, for
 * `response:bypass`: it is handed over when the headers arrive, and its body fills as the client's
 * does (chunks are copied: the client's buffers are reused by undici).
 */
export function observeResponse(deliver: (response: Response) => void): ResponseObserver {
  let body: ReadableStreamDefaultController<Uint8Array> | undefined
  return {
    start(status, statusText, headers) {
      const stream = NULL_BODY_STATUS.has(status)
        ? null
        : new ReadableStream<Uint8Array>({ start: (controller) => void (body = controller) })
      if (status < 200 || status > 599) return
      deliver(new Response(stream, { status, statusText, headers }))
    },
    data(chunk) {
      body?.enqueue(new Uint8Array(chunk))
    },
    end() {
      body?.close()
      body = undefined
    },
    error(error) {
      body?.error(error)
      body = undefined
    },
  }
}
