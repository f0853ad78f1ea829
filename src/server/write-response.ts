// Writes the pipeline's answer to a real socket: status, headers (each Set-Cookie on its own
// line), and the body streamed chunk by chunk with backpressure, so delay() between chunks,
// SSE and multipart reach the client as they are produced. HttpResponse.error() resets the
// connection, which is what a client sees when the network fails.
import type { ServerResponse } from 'node:http'
import { getSetCookies } from '../runtime/http-response'
import { discardBody, takeBody } from '../runtime/node-fast-path'

/** Returns the body when it was sent whole (kept text or bytes), for the history. */
export async function writeResponse(
  target: ServerResponse,
  response: Response,
  head: boolean,
): Promise<string | Uint8Array | undefined> {
  if (response.type === 'error') {
    resetConnection(target)
    return undefined
  }
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value
  const cookies = getSetCookies(response)
  if (cookies.length > 0) headers['set-cookie'] = cookies
  const whole = takeBody(response)
  if (whole !== undefined && headers['content-length'] === undefined) {
    headers['content-length'] = String(typeof whole === 'string' ? Buffer.byteLength(whole) : whole.byteLength)
  }
  target.writeHead(response.status, response.statusText || undefined, headers)
  if (head) {
    target.end()
    discardBody(response)
    return undefined
  }
  if (whole !== undefined) {
    target.end(whole)
    return whole
  }
  // Headers go out at once: a stream's first chunk may be far away (a subscription, a delay()).
  target.flushHeaders()
  // eslint-disable-next-line mocklib/no-response-body -- takeBody() found no whole body: the stream is the body
  await pipeBody(target, response.body)
  return undefined
}

/** Streams a body to the socket with backpressure; a body that fails midway resets the connection. */
export async function pipeBody(target: ServerResponse, body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (body === null) {
    target.end()
    return
  }
  const reader = body.getReader()
  const left = new Promise<void>((resolve) => target.once('close', resolve))
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), left.then(() => undefined)])
      if (next === undefined) {
        // The client left: stop the producer (a subscription, an endless stream).
        await reader.cancel().catch(() => {})
        return
      }
      if (next.done) break
      if (!target.write(next.value)) await Promise.race([onceDrained(target), left])
    }
    target.end()
  } catch {
    // The body failed midway: end the answer abruptly so the client sees a broken response, not a
    // short one (unless a fault's cut already ended the socket: fault-wire.ts).
    if (!target.socket?.writableEnded) resetConnection(target)
  }
}

function onceDrained(target: ServerResponse): Promise<void> {
  return new Promise((resolve) => target.once('drain', resolve))
}

/** Ends the connection with a TCP reset where Node can, as a failed network does. */
export function resetConnection(target: ServerResponse): void {
  const socket = target.socket
  if (socket === null) return
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy()
  else socket.destroy()
}
