import { readDomBlob, readForeignFormData } from './dom-blob-body'
import { installKeptBody, isKeepable, keepBody } from './node-fast-path'
import { messages } from './messages'
import { ResponseBase } from './platform-response'
import { statusTextFor } from './status-text'

/** Phantom key that carries a response's body type for handler type checks. */
export const bodyType: unique symbol = Symbol.for('mocklib.bodyType')

/** Mocked Set-Cookie values, kept because browsers hide them from `Headers`. */
export const kSetCookies: unique symbol = Symbol.for('mocklib.setCookies')
/** Marks a JSON content type that mocklib chose (GraphQL content negotiation may replace it). */
export const kDefaultContentType: unique symbol = Symbol.for('mocklib.defaultContentType')

/** A body a mocked response can carry, as a type; the default for handler generics. */
export type DefaultBodyType = object | string | number | boolean | null | undefined

/** What `new Response()` accepts, plus null for empty bodies. */
// Taken from the constructor, not the DOM lib's `BodyInit`: Node-only projects (lib without DOM) have no such global
// type.
export type ResponseBodyInit = ConstructorParameters<typeof Response>[0] | null

/**
 * What `new HttpResponse(body)` accepts: any body, unless the handler names its response body
 * type, where the body must be of that type (or null), as the shorthands check theirs.
 */
export type ConstructorBody<BodyType extends DefaultBodyType> = DefaultBodyType extends BodyType
  ? ResponseBodyInit
  : (BodyType & ResponseBodyInit) | null

export interface HttpResponseInit extends ResponseInit {
  /** Overrides `response.type` (for example `'opaque'`). */
  type?: Response['type']
}

/** Statuses whose responses have no body (fetch's null body statuses, and 101/103). */
export const NULL_BODY_STATUS: ReadonlySet<number> = new Set([101, 103, 204, 205, 304])

/** The statuses `new Response()` refuses: accepted here, then written on the instance. */
function isConstructibleStatus(status: number): boolean {
  return status >= 200 && status <= 599
}

/**
 * A Fetch API `Response` with conveniences for mocks: a default `statusText` per status,
 * statuses the platform constructor refuses (101, 103, 1xx), content-type shorthands, and
 * `Set-Cookie` kept for the runtime even where `Headers` would hide it.
 */
// The body type rides on a phantom symbol key, declared through interface merging.
export interface HttpResponse<BodyType extends DefaultBodyType = DefaultBodyType> {
  readonly [bodyType]?: BodyType
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class HttpResponse<BodyType extends DefaultBodyType = DefaultBodyType> extends ResponseBase {
  constructor(body?: NoInfer<ConstructorBody<BodyType>>, init?: HttpResponseInit) {
    const status = toStatus(init?.status)
    const safeStatus = isConstructibleStatus(status) ? status : 200
    const setCookies = collectSetCookies(init?.headers)
    const finalBody = NULL_BODY_STATUS.has(status) ? null : (body ?? null)
    // Text and bytes stay as they are, without the platform's body stream (runtime/node-fast-path).
    const keep = isKeepable(finalBody)
    const domBlob = keep ? undefined : (readDomBlob(finalBody) ?? readForeignFormData(finalBody))
    // The platform copies `headers` into the response: no intermediate Headers is needed.
    super(keep ? null : (domBlob?.stream ?? finalBody), {
      status: safeStatus,
      statusText: init?.statusText || statusTextFor(status),
      headers: init?.headers,
    })
    if (keep) keepBody(this, finalBody)
    if (finalBody !== null) announceImpliedType(this, finalBody, keep, init, domBlob?.type)
    if (safeStatus !== status) {
      Object.defineProperty(this, 'status', { value: status, enumerable: true })
      Object.defineProperty(this, 'ok', { value: status >= 200 && status < 300, enumerable: true })
    }
    if (init?.type !== undefined) {
      Object.defineProperty(this, 'type', { value: init.type, enumerable: true })
    }
    if (setCookies.length > 0) {
      Object.defineProperty(this, kSetCookies, { value: setCookies })
    }
    if (NULL_BODY_STATUS.has(status)) announceNoBody(this.headers, status, init?.headers)
  }

  /** A `text/plain` response with its Content-Length. */
  static text<BodyType extends string>(
    body?: NoInfer<BodyType> | null,
    init?: HttpResponseInit,
  ): HttpResponse<BodyType> {
    const headers = withDefaults(init, 'text/plain')
    // A number or other value (a route param, say) is sent as its text, as `new Response()` does.
    const text = body === undefined || body === null ? undefined : String(body)
    withLength(headers, text ?? '')
    return new HttpResponse<DefaultBodyType>(text ?? null, { ...init, headers }) as HttpResponse<BodyType>
  }

  /** An `application/json` response; the body is `JSON.stringify`d. */
  static override json<BodyType extends DefaultBodyType>(
    body?: NoInfer<BodyType>,
    init?: HttpResponseInit,
  ): HttpResponse<BodyType> {
    if (init === undefined) {
      // The common `HttpResponse.json(body)`: two known headers, no Headers object to build.
      const text = body === undefined ? '' : JSON.stringify(body)
      const headers: Array<[string, string]> = [
        ['Content-Type', 'application/json'],
        ['Content-Length', String(byteLength(text))],
      ]
      const response = new HttpResponse<DefaultBodyType>(text === '' ? null : text, {
        headers,
      }) as HttpResponse<BodyType>
      Object.defineProperty(response, kDefaultContentType, { value: true })
      return response
    }
    const explicitType = hasContentType(init)
    const headers = withDefaults(init, 'application/json')
    const text = body === undefined ? '' : JSON.stringify(body)
    withLength(headers, text)
    const response = new HttpResponse<DefaultBodyType>(text === '' ? null : text, {
      ...init,
      headers,
    }) as HttpResponse<BodyType>
    if (!explicitType) Object.defineProperty(response, kDefaultContentType, { value: true })
    return response
  }

  /** A `text/xml` response. */
  static xml<BodyType extends string>(
    body?: NoInfer<BodyType> | null,
    init?: HttpResponseInit,
  ): HttpResponse<BodyType> {
    return new HttpResponse<DefaultBodyType>(body ?? null, {
      ...init,
      headers: withDefaults(init, 'text/xml'),
    }) as HttpResponse<BodyType>
  }

  /** A `text/html` response. */
  static html<BodyType extends string>(
    body?: NoInfer<BodyType> | null,
    init?: HttpResponseInit,
  ): HttpResponse<BodyType> {
    return new HttpResponse<DefaultBodyType>(body ?? null, {
      ...init,
      headers: withDefaults(init, 'text/html'),
    }) as HttpResponse<BodyType>
  }

  /** An `application/octet-stream` response with its Content-Length. */
  static arrayBuffer(
    body?: ArrayBuffer | SharedArrayBuffer | ArrayBufferView,
    init?: HttpResponseInit,
  ): HttpResponse<ArrayBuffer> {
    const headers = withDefaults(init, 'application/octet-stream')
    const bytes = body === undefined || body === null ? new Uint8Array(0) : toBytes(body)
    // Without a body there is no length to announce (as in MSW).
    if (body != null && !headers.has('content-length')) {
      headers.set('Content-Length', String(bytes.byteLength))
      computedLength.add(headers)
    }
    return new HttpResponse<DefaultBodyType>(bytes, { ...init, headers }) as HttpResponse<ArrayBuffer>
  }

  /** A `multipart/form-data` response; the platform writes the boundary. */
  static formData(body?: FormData, init?: HttpResponseInit): HttpResponse<FormData> {
    return new HttpResponse<FormData>(body ?? null, init)
  }

  /** A network error: the client's request fails as if the connection broke. */
  static override error(): HttpResponse<never> {
    return Response.error() as HttpResponse<never>
  }
}

installKeptBody(HttpResponse.prototype)

/** Headers whose Content-Length a shorthand computed (the user did not write it). */
const computedLength = new WeakSet<Headers>()

/** Sets the Content-Length of a shorthand's body, unless the user gave one. */
function withLength(headers: Headers, text: string): void {
  if (headers.has('content-length')) return
  headers.set('Content-Length', String(byteLength(text)))
  computedLength.add(headers)
}

/**
 * The Content-Type a body implies (text, a Blob's type, a FormData boundary), written through the
 * response's own `headers.set`. The platform adds it without telling anyone, so the http
 * interceptor, which records the headers written (for `http.request` clients' `rawHeaders`),
 * would drop it; a kept text body is not the platform's, so it is added here as the platform would.
 */
function announceImpliedType(
  response: Response,
  body: NonNullable<ResponseBodyInit>,
  kept: boolean,
  init: ResponseInit | undefined,
  blobType: string | undefined,
): void {
  const { headers } = response
  if (kept) {
    if (typeof body === 'string' && !headers.has('content-type'))
      headers.set('content-type', 'text/plain;charset=UTF-8')
    return
  }
  const implied = blobType || headers.get('content-type')
  if (implied && !hasContentType(init)) headers.set('content-type', implied)
}

/**
 * A null-body status must not announce a body it cannot have: a client that reads a
 * Content-Length would wait for bytes that never come (Node's http client does for 205). A
 * 205 says "no content" with 0. 204 and 1xx carry none, unless the user wrote one (clients
 * ignore it there, as the platform's Response keeps it); a 304 keeps the length of the
 * representation it stands for.
 */
function announceNoBody(headers: Headers, status: number, given: HeadersInit | undefined): void {
  if (status === 205) {
    if (headers.get('content-length') !== '0') headers.set('Content-Length', '0')
    return
  }
  if (status === 304 || !headers.has('content-length')) return
  const written = !(given instanceof Headers && computedLength.has(given))
  if (!written) headers.delete('content-length')
}

/**
 * The status as the platform reads it (a numeric string from `params`, a fraction truncated),
 * checked against the range a response can have.
 */
function toStatus(given: unknown): number {
  if (given === undefined) return 200
  const status = Math.trunc(Number(given))
  if (!Number.isFinite(status) || status < 100 || status > 999) throw new RangeError(messages.invalidStatus(given))
  return status
}

function hasContentType(init: ResponseInit | undefined): boolean {
  return init?.headers !== undefined && new Headers(init.headers).has('content-type')
}

function withDefaults(init: ResponseInit | undefined, contentType: string): Headers {
  const headers = new Headers(init?.headers)
  if (!headers.has('content-type')) headers.set('Content-Type', contentType)
  return headers
}

let encoder: TextEncoder | undefined
function byteLength(text: string): number {
  // ASCII fast path: one byte per character.
  if (/^[\x00-\x7f]*$/.test(text)) return text.length
  return (encoder ??= new TextEncoder()).encode(text).byteLength
}

function toBytes(body: ArrayBuffer | SharedArrayBuffer | ArrayBufferView): Uint8Array<ArrayBuffer> {
  if (ArrayBuffer.isView(body)) {
    return new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength)
  }
  if (body instanceof ArrayBuffer) return new Uint8Array(body)
  // SharedArrayBuffer cannot back a Response body: copy it.
  const copy = new Uint8Array(body.byteLength)
  copy.set(new Uint8Array(body))
  return copy
}

function collectSetCookies(init: HeadersInit | undefined): string[] {
  if (init === undefined) return []
  const values: string[] = []
  if (init instanceof Headers) {
    return typeof init.getSetCookie === 'function' ? init.getSetCookie() : []
  }
  const entries = Array.isArray(init) ? init : Object.entries(init)
  for (const [name, value] of entries) {
    if (name.toLowerCase() !== 'set-cookie') continue
    if (Array.isArray(value)) values.push(...(value as string[]))
    else values.push(String(value))
  }
  return values
}

/** Set-Cookie values of a mocked response, wherever they were recorded. */
export function getSetCookies(response: Response): string[] {
  const recorded = (response as { [kSetCookies]?: string[] })[kSetCookies]
  if (recorded) return recorded
  return typeof response.headers.getSetCookie === 'function' ? response.headers.getSetCookie() : []
}
