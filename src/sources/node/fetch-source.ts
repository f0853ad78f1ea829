import { FetchResponse, createRequestId } from '@mswjs/interceptors'
import { NULL_BODY_STATUS } from '../../runtime/http-response'
import { chooseSource, FETCH_SWITCH } from './source-kind'
import { isAbsoluteUrl } from '../../runtime/is-url'
import { headOf, isRequestDraft, requestOf, type RequestHead, type SourceRequest } from '../../runtime/request-draft'
import { draftFetchRequest } from './fetch-request-draft'
import { sourceRequest } from '../node-shared/request-draft-of'
import type { AnswerController, FetchSourceKind, RequestSink } from './source-contract'
import {
  hasNodeFetch,
  hasResponseBody,
  isKeptWhole,
  platformRequest,
  platformState,
} from '../../runtime/node-fast-path'
import { toNetwork } from '../node-shared/network-scope'
import { faultOf } from '../../runtime/fault'
import { readyFault } from './fault-answers'

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

const noop = () => {}

/** Statuses fetch follows (or refuses, with `redirect: 'error'`). */
const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * The lean Node source for the global `fetch`: while servers listen, mocklib wraps the global
 * `fetch` with its own, which builds the `Request` from what the client passed,
 * keeps a string body as text (request-body.ts: readers need no stream copy), runs the shared
 * pipeline through the current server and answers with the same `FetchResponse` the
 * interceptor would build.
 *
 * Whatever it does not take is the fetch interceptor's, unchanged (`interceptorFetch`, applied
 * on first use): calls it cannot read exactly as the interceptor does (a `Request` input,
 * stream or form bodies, special methods and modes, relative URLs in jsdom), servers that chose
 * `fetchSource: 'interceptor'`, and the mocked responses whose shaping is the interceptor's
 * work: redirects fetch would follow or refuse, and encoded bodies it decompresses. Those are
 * handed over with the answer already decided (`takeHandoff`), so their events are not repeated.
 */
export class FetchSource {
  #pure: Fetch | undefined
  /** The global's descriptor before install(), put back by uninstall(). */
  #original: PropertyDescriptor | undefined
  /** Answers decided here for requests handed to the interceptor, by the request handed over. */
  readonly #handoffs = new WeakMap<object, Response>()

  constructor(
    private readonly current: () => RequestSink | undefined,
    /** The fetch interceptor's `fetch` (applied by the caller when first asked). */
    private readonly interceptorFetch: () => Fetch,
  ) {}

  /**
   * Wraps the global fetch; `pure` is the platform's, used for passthrough as the interceptor
   * uses it. False where there is nothing this source can wrap: no fetch, or a test environment's
   * own (happy-dom's), which is the interceptor's alone (the lean path builds Node's requests
   * and reads undici's state).
   */
  install(pure: Fetch | undefined): boolean {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'fetch')
    if (typeof pure !== 'function' || original?.configurable !== true || !hasNodeFetch()) return false
    this.#pure = pure
    this.#original = original
    Object.defineProperty(globalThis, 'fetch', {
      value: this.#fetch,
      enumerable: true,
      configurable: true,
      writable: true,
    })
    return true
  }

  /**
   * Runs `patch` with the platform's fetch on the global (an interceptor patches what it finds),
   * then puts back what was there.
   */
  underneath<T>(patch: () => T): T {
    const original = this.#original
    const current = Object.getOwnPropertyDescriptor(globalThis, 'fetch')
    if (original === undefined || current === undefined) return patch()
    Object.defineProperty(globalThis, 'fetch', original)
    try {
      return patch()
    } finally {
      Object.defineProperty(globalThis, 'fetch', current)
    }
  }

  /** Puts the platform's fetch back (an interceptor applied since restores the same one). */
  uninstall(): void {
    const original = this.#original
    this.#original = undefined
    this.#pure = undefined
    if (original !== undefined) Object.defineProperty(globalThis, 'fetch', original)
  }

  /** The answer decided for a request handed over to the interceptor (its raw request), once. */
  takeHandoff(rawRequest: unknown): Response | undefined {
    if (typeof rawRequest !== 'object' || rawRequest === null) return undefined
    const response = this.#handoffs.get(rawRequest)
    if (response !== undefined) this.#handoffs.delete(rawRequest)
    return response
  }

  readonly #fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const sink = this.current()
    if (this.#pure === undefined)
      return Promise.reject(new TypeError('mocklib: the fetch source was called after it was uninstalled'))
    if (sink === undefined || sink.fetchSource !== 'lean' || !takes(input, init))
      return this.interceptorFetch()(input, init)
    return this.#answer(sink, input as string | URL, init)
  }

  async #answer(sink: RequestSink, input: string | URL, init: RequestInit | undefined): Promise<Response> {
    const RequestClass = platformRequest()
    // Most calls become a draft whose Request is made only if a resolver, a listener or the
    // network needs it (runtime/request-draft.ts); the others are made now, as the interceptor
    // would (errors reject the call).
    const draft = draftFetchRequest(RequestClass, input, init)
    const request: SourceRequest = draft ?? sourceRequest(RequestClass, input, init)
    // A draft's signal is the client's (never aborted yet); the made request's follows it.
    const signal = draft === undefined ? (request as Request).signal : init?.signal
    // As the interceptor: an aborted request never reaches the pipeline.
    if (signal?.aborted === true) throw signal.reason
    const requestId = createRequestId()
    return new Promise<Response>((resolve, reject) => {
      let settled = false
      const onAbort = () => {
        if (settled) return
        settled = true
        reject((signal as AbortSignal).reason)
      }
      // A request built without a signal of the client's can never abort: no listener needed.
      const watched = init?.signal != null
      if (watched) (signal as AbortSignal).addEventListener('abort', onAbort, { once: true })
      const settle = (what: string) => {
        // As the interceptor's controller: a second answer (after an abort) is refused.
        if (settled) {
          // eslint-disable-next-line mocklib/coded-argument-errors -- a second answer: a state error, not an argument
          throw new Error(
            `mocklib: cannot ${what} ${request.method} ${request.url}: the request was already answered or aborted`,
          )
        }
        settled = true
        if (watched) (signal as AbortSignal).removeEventListener('abort', onAbort)
      }
      const passthrough = () => {
        settle('pass through')
        const response = toNetwork(() => this.#passthrough(sink, requestOf(request), requestId))
        response.then(resolve, reject)
        return response.then(noop, noop)
      }
      const controller: AnswerController = {
        respondWith: (response) => {
          settle('respond to')
          this.#respond(request, response).then(resolve, reject)
        },
        errorWith: (reason) => {
          settle('fail')
          reject(reason)
        },
        passthrough,
      }
      // The server passes fetch requests through itself; one it left alone goes too, unless aborted.
      const done = () => (settled ? undefined : passthrough())
      sink.answer({ request, requestId, controller }, 'fetch').then(done, done)
    })
  }

  /** The client's response to a mocked one, as the fetch interceptor shapes it. */
  async #respond(source: SourceRequest, raw: Response): Promise<Response> {
    const faulted = faultOf(raw)
    if (faulted !== undefined) {
      const request = requestOf(source)
      const failed = readyFault(faulted, request, 'fetch', request.signal)
      if (failed !== undefined) throw failed
    }
    if (raw instanceof Response && raw.type === 'error')
      throw Object.assign(new TypeError('Failed to fetch'), { cause: raw })
    const { status } = raw
    if (
      (REDIRECTS.has(status) && source.redirect !== 'manual') ||
      (raw.headers.has('content-encoding') && hasResponseBody(raw))
    ) {
      const request = requestOf(source)
      this.#handoffs.set(request, raw)
      return this.interceptorFetch()(request)
    }
    const request = headOf(source)
    return (
      answeredInPlace(request, raw) ??
      new FetchResponse(raw.body, {
        url: responseUrl(request),
        status,
        statusText: raw.statusText,
        headers: raw.headers,
      })
    )
  }

  /**
   * Performs the request as it is (marked as bound for the network: a dispatcher source lets it
   * go); a server that observes real responses gets copies.
   */
  async #passthrough(sink: RequestSink, request: Request, requestId: string): Promise<Response> {
    const copy = sink.wantsResponses ? request.clone() : undefined
    const response = await (this.#pure as Fetch)(request)
    if (copy !== undefined) {
      sink.observeResponse({
        response: FetchResponse.clone(response),
        request: copy,
        requestId,
        isMockedResponse: false,
      })
    }
    return response
  }
}

interface ResponseState {
  urlList: unknown[]
}

/**
 * The mocked response itself as the client's, where that is exactly what the interceptor's
 * copy would be: a platform response of type "default" with no URL yet and a status the
 * platform constructs. Its URL list gets the request's URL (what `response.url` reads, and
 * what `clone()` keeps), which saves a second `Response`. Otherwise undefined: the caller copies.
 */
function answeredInPlace(request: RequestHead, raw: Response): Response | undefined {
  const { status } = raw
  if (status < 200 || status > 599 || NULL_BODY_STATUS.has(status) || raw.type !== 'default') return undefined
  const state = platformState<ResponseState>(raw)
  if (state !== undefined) {
    if (state.urlList.length !== 0) return undefined
    // The request's URL record: a draft's is parsed from its URL, as its Request would parse it.
    const url = isRequestDraft(request)
      ? (request.parsedUrl ?? new URL(request.url))
      : platformState<{ url?: unknown }>(request)?.url
    if (url === undefined) return undefined
    state.urlList.push(url)
    return raw
  }
  // Node 24 keeps the URL list out of reach. A kept body's clone() is mocklib's own, which
  // keeps instance fields: the URL can be one, as the interceptor's copy would have it.
  if (!isKeptWhole(raw) || Object.hasOwn(raw, 'url')) return undefined
  Object.defineProperty(raw, 'url', { value: responseUrl(request), enumerable: true, configurable: true })
  return raw
}

/** `response.url` as fetch gives it: the request's URL without its fragment (the URL list pushed above drops it too). */
function responseUrl(request: RequestHead): string {
  const hash = request.url.indexOf('#')
  return hash === -1 ? request.url : request.url.slice(0, hash)
}

const MODES = new Set<unknown>([undefined, 'cors', 'no-cors', 'same-origin'])
const UNSUPPORTED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/**
 * Whether a fetch call is one the lean path builds exactly as the interceptor's `FetchRequest`
 * would: an absolute URL (string or URL), a plain init, and a body that needs no `duplex`.
 */
function takes(input: unknown, init: RequestInit | undefined): boolean {
  if (typeof input === 'string') {
    // jsdom: the interceptor resolves a relative URL against the page.
    if (typeof location !== 'undefined' && !isAbsoluteUrl(input)) return false
  } else if (!(input instanceof URL)) return false
  if (init === undefined || init === null) return true
  // The interceptor copies the init's own properties: an init with a prototype reads otherwise.
  const proto = Object.getPrototypeOf(init)
  if (proto !== Object.prototype && proto !== null) return false
  const { method, body, mode } = init
  if (!MODES.has(mode)) return false
  if (method !== undefined && typeof method !== 'string') return false
  const upper = method?.toUpperCase()
  if (upper !== undefined && UNSUPPORTED_METHODS.has(upper)) return false
  if (body === undefined || body === null) return true
  // The interceptor drops a GET or HEAD body where fetch refuses it: keep its answer.
  if (upper === undefined || upper === 'GET' || upper === 'HEAD') return false
  return (
    typeof body === 'string' ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  )
}

/**
 * The fetch source a server asked for: `listen({ fetchSource })`, else the environment variable
 * `MOCKLIB_FETCH_SOURCE`, else `'lean'`.
 */
export function chooseFetchSource(option: unknown): FetchSourceKind {
  return chooseSource(FETCH_SWITCH, option)
}
