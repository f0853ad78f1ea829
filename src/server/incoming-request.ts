// A request that reached the mock server over a real socket, as the Fetch API `Request` the
// pipeline takes. The body is streamed as it arrives (nothing is buffered), and the request's
// signal aborts when the client goes away before the answer is complete.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { RequestDraft, type SourceRequest } from '../runtime/request-draft'

const NO_BODY = new Set(['GET', 'HEAD'])

/**
 * The request's URL as the client addressed it: an absolute-form target (a proxy request) as
 * given, else from Host, or (an HTTP/1.0 client sends none) the address the socket reached.
 */
export function incomingUrl(message: IncomingMessage, scheme: 'http' | 'https'): URL {
  const target = message.url ?? '/'
  if (/^[a-z][a-z\d+\-.]*:\/\//i.test(target)) return new URL(target)
  const host = message.headers.host ?? `${message.socket.localAddress}:${message.socket.localPort}`
  return new URL(`${scheme}://${host}${target.startsWith('/') ? target : `/${target}`}`)
}

/**
 * The request as the pipeline takes it, and its client signal (aborted when the client leaves
 * before the answer is complete; made on first use). A request without a body is a draft: most
 * resolvers never read `request`, and making one is a large part of a mocked request's cost.
 */
export function toSourceRequest(
  message: IncomingMessage,
  response: ServerResponse,
  url: URL,
): { request: SourceRequest; signal: () => AbortSignal } {
  const signal = clientSignal(response)
  const headers = incomingHeaders(message)
  const method = message.method ?? 'GET'
  if (NO_BODY.has(method)) {
    const href = url.href
    const make = () => new Request(href, { method, headers, signal: signal() })
    const parts = { method, url: href, parsedUrl: url, headers, text: undefined, make }
    return { request: new RequestDraft({ ...parts, credentials: 'same-origin', redirect: 'follow' }), signal }
  }
  const init = { method, headers, signal: signal(), body: incomingBody(message), duplex: 'half' }
  return { request: new Request(url, init), signal }
}

/**
 * Aborted when the client leaves before the answer is complete ('close' on the response before
 * it finished), made on first use: most requests are answered before anyone asks.
 */
function clientSignal(response: ServerResponse): () => AbortSignal {
  let controller: AbortController | undefined
  return () => {
    if (controller !== undefined) return controller.signal
    const made = new AbortController()
    controller = made
    if (response.destroyed) {
      if (!response.writableFinished) made.abort()
    } else {
      response.once('close', () => {
        if (!response.writableFinished) made.abort()
      })
    }
    return made.signal
  }
}

/** The message's headers as sent, repeated ones included. */
export function incomingHeaders(message: IncomingMessage): Headers {
  const headers = new Headers()
  const raw = message.rawHeaders
  for (let index = 0; index < raw.length; index += 2) {
    // HTTP/2 pseudo-headers (":path") have no place in a Fetch API request.
    if (!raw[index].startsWith(':')) headers.append(raw[index], raw[index + 1])
  }
  return headers
}

/**
 * The body as a web stream that reads the message only when pulled: a request no handler reads
 * stays untouched (a middleware's next() gets it whole), and a slow reader holds the client back.
 * The remote's resolve route (src/remote/answer-resolve.ts) reads the app's request body so too.
 */
export function incomingBody(message: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (message.readableEnded) {
          controller.close()
          return
        }
        return new Promise<void>((resolve, reject) => {
          const done = () => {
            message.off('data', onData).off('end', onEnd).off('error', onError)
            message.pause()
            resolve()
          }
          const onData = (chunk: Buffer) => {
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
            done()
          }
          const onEnd = () => {
            controller.close()
            done()
          }
          const onError = (error: Error) => {
            done()
            reject(error)
          }
          message.on('data', onData).once('end', onEnd).once('error', onError)
          message.resume()
        })
      },
      cancel() {
        // Nobody wants the rest: let it flow away so the connection can carry the next request.
        message.resume()
      },
    },
    { highWaterMark: 0 },
  )
}
