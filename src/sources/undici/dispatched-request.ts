import { stringify } from 'node:querystring'
import { LazyAbort } from '../../runtime/lazy-abort-signal'
import { platformRequest } from '../../runtime/node-fast-path'
import type { DispatchOptions } from './types'
import { headOf, requestOf, type SourceRequest } from '../../runtime/request-draft'
import { draftOf, sourceRequest } from '../node-shared/request-draft-of'

/**
 * One dispatched request as a Fetch API `Request` for the pipeline, and the means to send it
 * on to the network unchanged (or with the header edits a resolver made before passthrough).
 */
export class DispatchedRequest {
  /** The request for the pipeline: a draft for a text body or none (runtime/request-draft.ts). */
  readonly source: SourceRequest
  /** The pipeline's client signal, made on first use. */
  readonly #abort = new LazyAbort()
  /** A body that can be sent again as it is (text, bytes, Blob, FormData); otherwise the request's stream. */
  readonly #replayable: boolean
  /** Set when the Request added a Content-Type of its own (a text or form body): the network never sees it. */
  readonly #addedContentType: boolean

  constructor(readonly options: DispatchOptions) {
    const method = (options.method ?? 'GET').toUpperCase()
    const body = options.body ?? null
    const bodyless = method === 'GET' || method === 'HEAD'
    this.#replayable = body === null || isReplayable(body)
    const headers = requestHeaders(options.headers)
    const init: RequestInit & { duplex?: 'half' } = { method, headers: headers.pairs }
    // The caller's own signal (undici.request's `signal` option) becomes the resolver's
    // `request.signal`, as with fetch. Following a signal of our own would cost more than the
    // rest of building the request, so other aborts reach the pipeline as the client signal.
    if (options.signal instanceof AbortSignal) init.signal = options.signal
    // A GET or HEAD body (undici allows one) cannot be given to a Request: handlers do not see
    // it, and a passthrough sends it as it came.
    if (!bodyless && body !== null) {
      init.body = this.#replayable ? (body as BodyInit) : streamOf(body)
      if (!this.#replayable) init.duplex = 'half'
    }
    const RequestClass = platformRequest()
    const url = requestUrl(options)
    const draft =
      init.body === undefined || typeof init.body === 'string'
        ? draftOf(RequestClass, url, init as RequestInit & { headers: HeadersInit })
        : undefined
    // No draft can stand for the others: made now (errors fail the dispatch).
    this.source = draft ?? sourceRequest(RequestClass, url, init)
    this.#addedContentType = !headers.contentType && headOf(this.source).headers.has('content-type')
  }

  /** The request as a `Request` (a draft's is made now). */
  get request(): Request {
    return requestOf(this.source)
  }

  /** Aborted when the client gives up, however it does (the pipeline's client signal). */
  readonly signal = (): AbortSignal => this.#abort.signal()

  abort(reason: Error): void {
    this.#abort.abort(reason)
  }

  /** The options to dispatch to the network: the request's current headers, the body unread. */
  forwardOptions(): DispatchOptions {
    const { options } = this
    const current = headOf(this.source).headers
    const headers: string[] = []
    for (const [name, value] of current) {
      if (name === 'set-cookie' || (name === 'content-type' && this.#addedContentType)) continue
      headers.push(name, value)
    }
    for (const cookie of current.getSetCookie()) headers.push('set-cookie', cookie)
    // A streamed body goes on as the request's stream: the pipeline leaves it unread.
    const body = this.#replayable || this.request.body === null ? options.body : this.request.body
    const { query: _query, ...rest } = options
    return { ...rest, path: pathOf(options), headers, body }
  }
}

function requestUrl(options: DispatchOptions): string {
  const origin = String(options.origin ?? '')
  return (origin.endsWith('/') ? origin.slice(0, -1) : origin) + pathOf(options)
}

/** The path with `query` (undici's option) appended, as undici serialises it. */
function pathOf(options: DispatchOptions): string {
  const path = options.path.startsWith('/') ? options.path : `/${options.path}`
  if (options.query === undefined || options.query === null) return path
  const search = stringify(options.query as Record<string, string>)
  return search === '' ? path : `${path}?${search}`
}

function isReplayable(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    body instanceof Uint8Array ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof Blob ||
    body instanceof FormData
  )
}

/** A Readable, an async or sync iterable of chunks, or a web stream, as a web stream. */
function streamOf(body: unknown): ReadableStream<Uint8Array> {
  if (body instanceof ReadableStream) return body as ReadableStream<Uint8Array>
  const chunks = bytesOf(body as AsyncIterable<unknown> | Iterable<unknown>)
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    async cancel(reason) {
      await chunks.throw(reason).catch(() => {})
    },
  })
}

async function* bytesOf(source: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    yield typeof chunk === 'string'
      ? Buffer.from(chunk)
      : chunk instanceof Uint8Array
        ? chunk
        : new Uint8Array(chunk as ArrayBuffer)
  }
}

/**
 * undici's header forms (an object, a flat [name, value, ...] array, an iterable of pairs) as
 * pairs the Request reads once, and whether one of them is Content-Type.
 */
function requestHeaders(input: unknown): { pairs: Array<[string, string]>; contentType: boolean } {
  const pairs: Array<[string, string]> = []
  if (input === null || input === undefined) return { pairs, contentType: false }
  if (Array.isArray(input) && !(input.length > 0 && Array.isArray(input[0]))) {
    for (let index = 0; index + 1 < input.length; index += 2)
      appendHeader(pairs, String(input[index]), input[index + 1])
  } else if (typeof (input as Iterable<unknown>)[Symbol.iterator] === 'function') {
    for (const [name, value] of input as Iterable<[string, unknown]>) appendHeader(pairs, name, value)
  } else {
    for (const name in input as Record<string, unknown>)
      appendHeader(pairs, name, (input as Record<string, unknown>)[name])
  }
  return { pairs, contentType: pairs.some(([name]) => name.length === 12 && name.toLowerCase() === 'content-type') }
}

function appendHeader(pairs: Array<[string, string]>, name: string, value: unknown): void {
  if (value === undefined || value === null) return
  if (Array.isArray(value)) for (const item of value) pairs.push([name, String(item)])
  else pairs.push([name, String(value)])
}
