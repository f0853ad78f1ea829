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
  // The client leaving cancels the reader, which settles a pending read: a producer that never
  // writes again (a subscription, an endless stream) is stopped. No promise lives across chunks:
  // racing each read against one pending promise would keep every chunk until the client leaves.
  let left = false
  const leave = () => {
    left = true
    reader.cancel().catch(() => {})
  }
  target.once('close', leave)
  try {
    for (;;) {
      const next = await reader.read()
      if (left) return
      if (next.done) break
      if (!target.write(next.value) && !(await drained(target))) return
    }
    target.end()
  } catch {
    // The body failed midway: end the answer abruptly so the client sees a broken response, not a
    // short one (unless a fault's cut already ended the socket: fault-wire.ts).
    if (!target.socket?.writableEnded) resetConnection(target)
  } finally {
    target.off('close', leave)
  }
}

/** True once the target drains, false if it closes first. */
function drained(target: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (value: boolean) => () => {
      target.off('drain', onDrain)
      target.off('close', onClose)
      resolve(value)
    }
    const onDrain = settle(true)
    const onClose = settle(false)
    target.once('drain', onDrain)
    target.once('close', onClose)
  })
}

/** Ends the connection with a TCP reset where Node can, as a failed network does. */
export function resetConnection(target: ServerResponse): void {
  const socket = target.socket
  if (socket === null) return
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy()
  else socket.destroy()
}
