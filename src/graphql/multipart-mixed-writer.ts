import { MocklibTypeError } from '../runtime/errors'
/**
 * A `multipart/mixed` response body written part by part, the framing GraphQL servers use for
 * incremental delivery (`@defer`/`@stream`) and for multipart subscriptions: the body opens
 * with a delimiter, every part is its headers, a blank line, its body and the next delimiter,
 * and the closing delimiter (`--` after the last one) ends the body.
 *
 *   \r\n---                                        (opening delimiter, boundary "-")
 *   \r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 13\r\n\r\n{"data":null}
 *   \r\n---                                        (after each part)
 *   --\r\n                                         (closing: the stream ends on "-----\r\n")
 *
 * Clients (Apollo Client, urql, fetch-multipart-graphql) split on `\r\n--` + boundary, so the
 * boundary is the one thing they must agree on; it travels in the response's Content-Type.
 */

/** The boundary GraphQL servers commonly use; Apollo Client also falls back to it. */
export const DEFAULT_MULTIPART_BOUNDARY = '-'

const encoder = new TextEncoder()

export interface MultipartMixedWriterOptions {
  /** The boundary between parts. Default "-". It must not occur in any part's body. */
  boundary?: string
}

/** Why a multipart body ended: its producer closed or failed it, or the consumer went away. */
export type MultipartMixedEnd = 'closed' | 'errored' | 'cancelled'

/**
 * Writes JSON (or any text) parts into `readable`. Writes after the end are ignored and return
 * false (a client may leave at any moment); `signal` aborts when the body ends, with the
 * `MultipartMixedEnd` as its reason, so a producer can stop its work. A producer that reads
 * from a source waits for `ready()` before asking it for more (the client's backpressure).
 */
export class MultipartMixedWriter {
  readonly readable: ReadableStream<Uint8Array>
  /** The Content-Type header of the response that carries this body. */
  readonly contentType: string
  readonly #delimiter: string
  readonly #ended = new AbortController()
  #controller!: ReadableStreamDefaultController<Uint8Array>
  #wanted: (() => void) | undefined
  /** Told each part's body written while the body is open (the history's frames). */
  onWrite: ((body: string) => void) | undefined

  constructor(options: MultipartMixedWriterOptions = {}) {
    const boundary = options.boundary ?? DEFAULT_MULTIPART_BOUNDARY
    if (!/^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/.test(boundary) || boundary.endsWith(' ')) {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        `multipart/mixed boundary ${JSON.stringify(boundary)} is not valid: use 1 to 70 letters, digits or '()+_,-./:=? (RFC 2046), not ending in a space.`,
      )
    }
    this.contentType = `multipart/mixed; boundary="${boundary}"`
    this.#delimiter = `\r\n--${boundary}`
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller
        controller.enqueue(encoder.encode(this.#delimiter))
      },
      pull: () => this.#release(),
      cancel: () => this.#end('cancelled'),
    })
  }

  /** Resolves once the reader wants more (what was written has been read), or the body has ended. */
  ready(): Promise<void> {
    if (this.state !== 'open' || (this.#controller.desiredSize ?? 0) > 0) return Promise.resolve()
    return new Promise((resolve) => {
      const earlier = this.#wanted
      this.#wanted = () => (earlier?.(), resolve())
    })
  }

  /** Aborted once the body has ended; `signal.reason` is the `MultipartMixedEnd`. */
  get signal(): AbortSignal {
    return this.#ended.signal
  }

  /** 'open' while parts can still be written, else why the body ended. */
  get state(): 'open' | MultipartMixedEnd {
    return this.#ended.signal.aborted ? (this.#ended.signal.reason as MultipartMixedEnd) : 'open'
  }

  /** Writes `value` as one `application/json; charset=utf-8` part. */
  writeJson(value: unknown): boolean {
    return this.writePart(JSON.stringify(value), { 'Content-Type': 'application/json; charset=utf-8' })
  }

  /** Writes one part: its headers (Content-Length is added), a blank line, the body, a delimiter. */
  writePart(body: string, headers: Readonly<Record<string, string>> = {}): boolean {
    if (this.state !== 'open') return false
    this.onWrite?.(body)
    const bytes = encoder.encode(body)
    let head = ''
    for (const [name, value] of Object.entries(headers)) head += `\r\n${name}: ${value}`
    head += `\r\nContent-Length: ${bytes.byteLength}\r\n\r\n`
    const headBytes = encoder.encode(head)
    const tail = encoder.encode(this.#delimiter)
    const chunk = new Uint8Array(headBytes.byteLength + bytes.byteLength + tail.byteLength)
    chunk.set(headBytes, 0)
    chunk.set(bytes, headBytes.byteLength)
    chunk.set(tail, headBytes.byteLength + bytes.byteLength)
    this.#controller.enqueue(chunk)
    return true
  }

  /** Writes the closing delimiter and ends the body. Later calls do nothing. */
  close(): void {
    if (this.state !== 'open') return
    this.#controller.enqueue(encoder.encode('--\r\n'))
    this.#controller.close()
    this.#end('closed')
  }

  /** Fails the body: the client's read rejects with `reason`. Later calls do nothing. */
  error(reason: unknown): void {
    if (this.state !== 'open') return
    this.#controller.error(reason)
    this.#end('errored')
  }

  #end(reason: MultipartMixedEnd): void {
    if (!this.#ended.signal.aborted) this.#ended.abort(reason)
    this.#release()
  }

  #release(): void {
    const wanted = this.#wanted
    this.#wanted = undefined
    wanted?.()
  }
}
