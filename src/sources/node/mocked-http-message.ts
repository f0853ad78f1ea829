import net from 'node:net'
import { IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http'
import { recordedRawHeaders } from '../../runtime/raw-header-names'

/** Where a mocked response's bytes go: the client's socket, as data it read. */
export interface ResponseSink {
  push(chunk: Buffer | string | null, encoding?: BufferEncoding): boolean
  readonly destroyed: boolean
  destroy(): unknown
  once(event: 'error', listener: () => void): unknown
}

type RawHeaders = Array<[string, string]>

/**
 * The response's headers with their names as written (the http interceptor's record,
 * runtime/raw-header-names.ts), which is what `IncomingMessage.rawHeaders` shows. Without a
 * record, the platform's pairs (lowercase), as the interceptor falls back to.
 */
export function rawHeaderPairs(headers: Headers): RawHeaders {
  const recorded = recordedRawHeaders(headers)
  return recorded !== undefined && recorded.length > 0 ? recorded : Array.from(headers.entries())
}

/** Header names Node's `ServerResponse` reacts to when it writes a head (`_storeHeader`). */
const HEAD_SHAPING = new Set(['connection', 'transfer-encoding', 'date', 'expect', 'trailer'])

/**
 * The head the interceptor's `ServerResponse` writes for `writeHead(status, reason, pairs)` once
 * its Connection and Date headers are removed, when nothing in the response makes Node add or
 * change anything: a status with a body, none of the headers Node reads. (Its request has no HTTP
 * version, so Node never chunks the body: a body without a length ends with the connection.)
 * Otherwise undefined, and the caller goes through a `ServerResponse` itself.
 */
function plainHead(response: Response, pairs: RawHeaders): string | undefined {
  const { status } = response
  if (status < 200 || status > 999 || status === 204 || status === 304) return undefined
  let head = `HTTP/1.1 ${status} ${response.statusText || STATUS_CODES[status] || 'unknown'}\r\n`
  for (const [name, value] of pairs) {
    if (HEAD_SHAPING.has(name.toLowerCase())) return undefined
    head += `${name}: ${value}\r\n`
  }
  return `${head}\r\n`
}

/**
 * Writes a mocked response to the socket as the bytes a server would send, which the client's
 * own HTTP parser then reads: the same bytes, in the same pieces, as the interceptor's
 * `ServerResponse` writes (the head with the first chunk read, then each chunk). Responses
 * whose head Node would shape go through a `ServerResponse`. `written` runs as soon as the last
 * byte is pushed (in the same turn, as the interceptor ends the connection); a body that fails
 * midway destroys the socket instead, as the interceptor does.
 */
export async function writeMockedResponse(
  socket: ResponseSink,
  response: Response,
  written: () => void,
): Promise<void> {
  const pairs = rawHeaderPairs(response.headers)
  let head = plainHead(response, pairs)
  if (head === undefined) return writeThroughServerResponse(socket, response, pairs, written)
  let stopped = false
  socket.once('error', () => (stopped = true))
  const read = await eachChunk(response, (chunk) => {
    if (stopped) return
    if (head !== undefined) socket.push(head, 'latin1')
    head = undefined
    if (chunk.byteLength !== 0) socket.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
  })
  if (!read) return void socket.destroy()
  if (!stopped && head !== undefined) socket.push(head, 'latin1')
  written()
}

/** The interceptor's way, for heads Node shapes: a `ServerResponse` whose socket pushes what it writes. */
async function writeThroughServerResponse(
  socket: ResponseSink,
  response: Response,
  pairs: RawHeaders,
  written: () => void,
): Promise<void> {
  const message = new ServerResponse(new IncomingMessage(socket as unknown as net.Socket))
  message.assignSocket(new PushingSocket(socket))
  message.removeHeader('connection')
  message.removeHeader('date')
  message.writeHead(response.status, response.statusText || STATUS_CODES[response.status], pairs)
  socket.once('error', () => message.destroy())
  if (!(await eachChunk(response, (chunk) => message.write(chunk)))) {
    message.destroy()
    socket.destroy()
    return
  }
  message.end()
  written()
}

/**
 * Reads the mocked body a chunk at a time, as the interceptor's socket does (one turn of the
 * microtask queue per read, which the order of the client's events depends on). False when the
 * body failed midway.
 */
async function eachChunk(response: Response, onChunk: (chunk: Uint8Array) => void): Promise<boolean> {
  // InterceptorSource.answer gives http answers a one-chunk reader for a kept body
  // (one-chunk-body.ts), so no stream is made; any other body is a stream already.
  // eslint-disable-next-line mocklib/no-response-body -- see above
  const body = response.body
  if (body === null) return true
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return true
      onChunk(value)
    }
  } catch {
    return false
  }
}

/** The socket a `ServerResponse` writes to: every write becomes data the client's socket reads. */
class PushingSocket extends net.Socket {
  readonly #target: ResponseSink

  constructor(target: ResponseSink) {
    super()
    this.#target = target
  }

  override write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    const done = typeof encoding === 'function' ? encoding : callback
    this.#target.push(chunk as Buffer | string, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined)
    if (typeof done === 'function') (done as () => void)()
    return true
  }
}
