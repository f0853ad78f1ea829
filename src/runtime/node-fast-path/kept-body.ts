import { copyInstanceFields } from '../clone-response'
import { instanceSlot } from '../instance-slot'
import { isNodeResponseClass } from './node-fetch-classes'

/**
 * A mocked response's body kept as the text or bytes the resolver gave, instead of the web
 * stream the platform `Response` builds at construction. On Node the stream is most of what a
 * response costs (a `new Response(text)` is ten times a `new Response(null)`), and most mocked
 * bodies are read whole: by `text()`/`json()`, or by a source that writes them in one piece
 * (`takeBody`). The response is built with a null body and `HttpResponse.prototype` reads
 * from here; the platform response that holds the body as a stream is made only when someone
 * asks for `body` (or `formData()`), and from then on it is the body, so every way of reading
 * agrees on what was read.
 */
interface KeptBody {
  /** The text or bytes, until a reader takes them (then undefined, or still there for a clone). */
  readonly source: string | Uint8Array<ArrayBuffer>
  used: boolean
  /** The body as a platform response, once something needed the stream. */
  inner: Response | undefined
}

/** On the response itself, not in a WeakMap (instance-slot.ts): every mocked response has one. */
const kept = instanceSlot<KeptBody>('keptBody')

// The platform's own members, for responses whose body the platform holds.
const base = Response.prototype
const baseBody = Object.getOwnPropertyDescriptor(base, 'body')?.get as (
  this: Response,
) => ReadableStream<Uint8Array> | null
const baseBodyUsed = Object.getOwnPropertyDescriptor(base, 'bodyUsed')?.get as (this: Response) => boolean

let encoder: TextEncoder | undefined
let decoder: TextDecoder | undefined

/**
 * Only where `Response` is Node's own, where the stream is the cost and the readers below can
 * stand in for the platform's. A browser's stream is cheap, and a page may hand a mocked
 * response (in-page mocking, without the Service Worker) to the Cache API, which reads the
 * platform's own body; a test environment's Response (happy-dom's, a polyfill) holds its body
 * in its own way, and keeps it.
 */
const KEEPS = isNodeResponseClass(base.constructor as typeof Response)

/** Whether `new Response(body)` would hold these as plain text or bytes, and they are kept. */
export function isKeepable(body: unknown): body is string | ArrayBuffer | ArrayBufferView {
  if (!KEEPS) return false
  if (typeof body === 'string') return true
  if (ArrayBuffer.isView(body)) return !isShared(body.buffer)
  return Object.prototype.toString.call(body) === '[object ArrayBuffer]'
}

function isShared(buffer: ArrayBufferLike): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && buffer instanceof SharedArrayBuffer
}

/**
 * Keeps `body` as the body of `response` (built with a null body). Bytes are copied, as the
 * platform copies them: a caller that later changes its buffer does not change the response.
 */
export function keepBody(response: Response, body: string | ArrayBuffer | ArrayBufferView): void {
  let source: string | Uint8Array<ArrayBuffer>
  if (typeof body === 'string') {
    source = body
  } else {
    source = ArrayBuffer.isView(body)
      ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice()
      : new Uint8Array(body).slice()
  }
  kept.set(response, { source, used: false, inner: undefined })
}

/** Whether the response has a body, without making its stream. */
export function hasResponseBody(response: Response): boolean {
  return kept.has(response) || response.body !== null
}

/** Whether the body was read, or is being read (its stream locked): the response cannot answer again. */
export function isBodyTaken(response: Response): boolean {
  const body = kept.get(response)
  if (body === undefined) return response.bodyUsed || response.body?.locked === true
  return body.used || (body.inner !== undefined && (body.inner.bodyUsed || body.inner.body?.locked === true))
}

/** Whether the body is kept text or bytes no one touched: whole, and read without a stream. */
export function isKeptWhole(response: Response): boolean {
  return untouched(kept.get(response))
}

function untouched(body: KeptBody | undefined): body is KeptBody {
  return body !== undefined && !body.used && body.inner === undefined
}

/**
 * The whole body as its text or bytes, taken (the response counts as read), when it is kept and no one
 * touched it; otherwise undefined and the caller reads `response.body` as usual.
 */
export function takeBody(response: Response): string | Uint8Array | undefined {
  const body = kept.get(response)
  if (!untouched(body)) return undefined
  body.used = true
  return body.source
}

/**
 * The whole body's text, without reading it (the response stays unread), when it is kept text no
 * one touched and reading it gives exactly that text (no byte order mark, no lone surrogate);
 * otherwise undefined and the caller reads a clone.
 */
export function peekBodyText(response: Response): string | undefined {
  const body = kept.get(response)
  if (!untouched(body) || typeof body.source !== 'string') return undefined
  const text = textOf(body.source)
  return typeof text === 'string' ? text : undefined
}

/** Lets go of a body no one will read: cancels its stream, or marks kept bytes read. */
export function discardBody(response: Response): void {
  const body = kept.get(response)
  if (body !== undefined && body.inner === undefined) body.used = true
  else void response.body?.cancel().catch(() => {})
}

function innerOf(response: Response, body: KeptBody): Response {
  if (body.inner === undefined) {
    const Platform = base.constructor as typeof Response
    // A body already read is a stream read to its end, as the platform's is after `text()`.
    body.inner = new Platform(body.used ? '' : body.source, { headers: response.headers })
    if (body.used) void body.inner.arrayBuffer()
  }
  return body.inner
}

function unusable(): TypeError {
  return new TypeError('Body is unusable: Body has already been read')
}

/**
 * The text as `Response.text()` gives it. A body that starts with a byte order mark, or a
 * string with surrogates (lone ones become U+FFFD), is decoded by the platform itself: Node
 * strips BOMs differently from browsers, and the answer must be the platform's.
 */
function textOf(source: string | Uint8Array<ArrayBuffer>): string | Promise<string> {
  if (typeof source === 'string') {
    return source.charCodeAt(0) === 0xfeff || SURROGATE.test(source)
      ? new (base.constructor as typeof Response)(source).text()
      : source
  }
  const bom = source[0] === 0xef && source[1] === 0xbb && source[2] === 0xbf
  return bom ? new (base.constructor as typeof Response)(source).text() : (decoder ??= new TextDecoder()).decode(source)
}

function jsonOf(source: string | Uint8Array<ArrayBuffer>): unknown {
  const text = textOf(source)
  return typeof text === 'string' ? JSON.parse(text) : text.then((decoded) => JSON.parse(decoded) as unknown)
}

const SURROGATE = /[\uD800-\uDFFF]/

function bytesOf(source: string | Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return typeof source === 'string' ? (encoder ??= new TextEncoder()).encode(source) : source.slice()
}

type Reader = 'text' | 'json' | 'arrayBuffer' | 'bytes' | 'blob' | 'formData'

/** One body reader: from the kept source where it can, else from the platform body. */
function reader(name: Reader, fromSource?: (source: string | Uint8Array<ArrayBuffer>) => unknown) {
  const platform = (base as unknown as Record<Reader, (this: Response) => Promise<unknown>>)[name]
  return function (this: Response): Promise<unknown> {
    const body = kept.get(this)
    if (body === undefined) return platform.call(this)
    if (body.inner !== undefined || fromSource === undefined) {
      if (body.used && body.inner === undefined) return Promise.reject(unusable())
      return (innerOf(this, body) as unknown as Record<Reader, () => Promise<unknown>>)[name]()
    }
    if (body.used) return Promise.reject(unusable())
    body.used = true
    try {
      return Promise.resolve(fromSource(body.source))
    } catch (error) {
      return Promise.reject(error)
    }
  }
}

/** The copy `clone()` makes of a kept body: the same text or bytes, or a tee of the stream once there is one. */
function cloneKept(response: Response, body: KeptBody): Response {
  // eslint-disable-next-line mocklib/coded-argument-errors -- the platform's own error for a used body, as undici words it
  if (isBodyTaken(response)) throw new TypeError('Response.clone: Body has already been consumed.')
  // The platform's clone of the bodiless response keeps what it holds (URL list, status,
  // headers, type); it is a plain Response, so it takes this one's prototype.
  const copy = base.clone.call(response)
  Object.setPrototypeOf(copy, Object.getPrototypeOf(response) as object)
  copyInstanceFields(response, copy)
  kept.set(copy, { source: body.source, used: false, inner: body.inner?.clone() })
  return copy
}

/** Puts the readers of kept bodies on a Response subclass's prototype (HttpResponse's), where bodies are kept. */
export function installKeptBody(prototype: Response): void {
  if (!KEEPS) return
  Object.defineProperties(prototype, {
    body: {
      configurable: true,
      get(this: Response) {
        const body = kept.get(this)
        return body === undefined ? baseBody.call(this) : innerOf(this, body).body
      },
    },
    bodyUsed: {
      configurable: true,
      get(this: Response) {
        const body = kept.get(this)
        return body === undefined ? baseBodyUsed.call(this) : body.used || (body.inner?.bodyUsed ?? false)
      },
    },
    text: { configurable: true, writable: true, value: reader('text', textOf) },
    json: { configurable: true, writable: true, value: reader('json', jsonOf) },
    arrayBuffer: {
      configurable: true,
      writable: true,
      value: reader('arrayBuffer', (source) => bytesOf(source).buffer),
    },
    blob: { configurable: true, writable: true, value: reader('blob') },
    formData: { configurable: true, writable: true, value: reader('formData') },
    clone: {
      configurable: true,
      writable: true,
      value(this: Response) {
        const body = kept.get(this)
        return body === undefined ? base.clone.call(this) : cloneKept(this, body)
      },
    },
  })
  if ('bytes' in base)
    Object.defineProperty(prototype, 'bytes', { configurable: true, writable: true, value: reader('bytes', bytesOf) })
}
