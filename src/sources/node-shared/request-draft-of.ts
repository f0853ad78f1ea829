import { isFaithfulText, rememberBodyText } from '../../runtime/request-body'
import { RequestDraft } from '../../runtime/request-draft'
import { requestWithLazyBody } from '../../runtime/node-fast-path'

/** The methods the `Request` constructor upper-cases; any other token stays as written. */
const NORMALIZED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'])
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const CREDENTIALS = new Set<unknown>([undefined, 'omit', 'same-origin', 'include'])
const REDIRECTS = new Set<unknown>([undefined, 'follow', 'error', 'manual'])

/**
 * A draft (runtime/request-draft.ts) of `new RequestClass(url, init)`, when that `Request` is
 * certain to be made without an error and to read exactly as the draft does: an absolute URL
 * without credentials, a method token, valid headers, a text body or none, a platform signal not
 * yet aborted. Undefined otherwise: the caller makes the `Request` at once (and meets its errors
 * where the client expects them). `init` must be the caller's own copy (its headers too): the
 * draft's `Request` is made from it later, so a client changing its objects changes nothing.
 */
export function draftOf(
  RequestClass: typeof Request,
  url: string,
  init: RequestInit & { headers: HeadersInit },
): RequestDraft | undefined {
  const { body, signal, credentials, redirect } = init
  if (!CREDENTIALS.has(credentials) || !REDIRECTS.has(redirect)) return undefined
  if (signal != null && (!isPlatformSignal(RequestClass, signal) || signal.aborted)) return undefined
  if (body != null && (typeof body !== 'string' || !isFaithfulText(body))) return undefined
  const method = methodOf(init.method)
  const parsed = absoluteUrl(url)
  if (method === undefined || parsed === undefined) return undefined
  const href = parsed.href
  const text = body ?? undefined
  let headers: Headers
  try {
    headers = draftHeaders(init.headers, text !== undefined)
  } catch {
    return undefined
  }
  return new RequestDraft({
    method,
    url: href,
    parsedUrl: parsed,
    headers,
    text,
    credentials: credentials ?? 'same-origin',
    redirect: redirect ?? 'follow',
    make: () => sourceRequest(RequestClass, href, init),
  })
}

/**
 * `new RequestClass(input, init)` as a source makes it: a text body's stream is made only if
 * something reads it (runtime/node-fast-path/lazy-request-body.ts), and its readers (the GraphQL
 * reader, resolvers' copies) take the text, not a stream copy (request-body.ts).
 */
export function sourceRequest(
  RequestClass: typeof Request,
  input: string | URL,
  init: RequestInit | undefined,
): Request {
  if (typeof init?.body !== 'string') return new RequestClass(input, init)
  const request =
    requestWithLazyBody(RequestClass, input, init as RequestInit & { body: string }) ?? new RequestClass(input, init)
  rememberBodyText(request, init.body)
  return request
}

/**
 * The headers the request will have, for matching: made with the platform's class (the http
 * interceptor's wrapper of the global one records raw names, which nobody reads here), with the
 * content type the constructor adds for a string body. Throws for invalid headers.
 */
function draftHeaders(written: HeadersInit, textBody: boolean): Headers {
  const PlatformHeaders = globalThis.Headers.prototype.constructor as typeof Headers
  const headers = new PlatformHeaders(written)
  if (!textBody || headers.has('content-type')) return headers
  return new PlatformHeaders([...headers, ['content-type', 'text/plain;charset=UTF-8']])
}

let platformSignal: object | undefined

/**
 * Whether `signal` is an `AbortSignal` of the class the platform's `Request` takes (a test
 * environment's own, jsdom's, may be the global one and be refused by it).
 */
function isPlatformSignal(RequestClass: typeof Request, signal: unknown): boolean {
  platformSignal ??= Object.getPrototypeOf(new RequestClass('http://localhost/').signal) as object
  return Object.prototype.isPrototypeOf.call(platformSignal, signal as object)
}

function methodOf(method: unknown): string | undefined {
  if (method === undefined) return 'GET'
  if (typeof method !== 'string' || !TOKEN.test(method)) return undefined
  const upper = method.toUpperCase()
  return NORMALIZED.has(upper) ? upper : method
}

/** The parsed URL, for an absolute URL without credentials (the constructor refuses those). */
function absoluteUrl(input: string): URL | undefined {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return undefined
  }
  return url.username === '' && url.password === '' ? url : undefined
}
