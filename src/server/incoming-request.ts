// A request that reached the mock server over a real socket, as the Fetch API `Request` the
// pipeline takes. The body is streamed as it arrives (nothing is buffered), and the request's
// signal aborts when the client goes away before the answer is complete.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'

const NO_BODY = new Set(['GET', 'HEAD'])

/** The request's URL as the client addressed it: an absolute-form target (a proxy request) as given, else from Host. */
export function incomingUrl(message: IncomingMessage, scheme: 'http' | 'https', fallbackHost: string): URL {
  const target = message.url ?? '/'
  if (/^[a-z][a-z\d+\-.]*:\/\//i.test(target)) return new URL(target)
  const host = message.headers.host ?? fallbackHost
  return new URL(`${scheme}://${host}${target.startsWith('/') ? target : `/${target}`}`)
}

export function toFetchRequest(message: IncomingMessage, response: ServerResponse, url: URL): Request {
  const headers = new Headers()
  const raw = message.rawHeaders
  for (let index = 0; index < raw.length; index += 2) {
    // HTTP/2 pseudo-headers (":path") have no place in a Fetch API request.
    if (!raw[index].startsWith(':')) headers.append(raw[index], raw[index + 1])
  }
  const controller = new AbortController()
  // 'close' on the response before it finished: the client left mid-answer (or mid-request).
  response.once('close', () => {
    if (!response.writableFinished) controller.abort()
  })
  const method = message.method ?? 'GET'
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal }
  if (!NO_BODY.has(method.toUpperCase())) {
    init.body = Readable.toWeb(message) as ReadableStream<Uint8Array>
    init.duplex = 'half'
  }
  return new Request(url, init)
}
