import { hasPlatformState, platformState } from './undici-state'

interface BodyState {
  stream: ReadableStream<Uint8Array>
  readonly source: unknown
  readonly length: number | null
}

/**
 * A platform `Request` with a string body whose body stream is made only when something reads
 * it. undici makes a stream for every body when the request is built, and on Node 20 a stream
 * is the largest cost of a request (it is transferable: a native object the garbage collector
 * must track); the pipeline reads a known text instead (request-body.ts), so a GraphQL request
 * a handler answers never needs one. The request is built without a body, then given the body
 * undici would have made, with `stream` computed on first use: reading, cloning, copying or
 * sending the request sees exactly the body it would have had. Undefined where undici's state
 * cannot be reached (Node 24) or the init asks for more than a body (keepalive).
 */
export function requestWithLazyBody(
  RequestClass: typeof Request,
  input: string | URL,
  init: RequestInit & { body: string },
): Request | undefined {
  if (!hasPlatformState() || init.keepalive === true) return undefined
  const request = new RequestClass(input, { ...init, body: undefined })
  const state = platformState<{ body: BodyState | null }>(request)
  if (state === undefined || state.body !== null) return undefined
  const text = init.body
  // What the constructor does for a string body: a default content type.
  if (!request.headers.has('content-type')) request.headers.set('content-type', 'text/plain;charset=UTF-8')
  state.body = new LazyBody(text)
  return request
}

/**
 * The body state undici makes for a string, its stream made on first access. One class for every
 * request: an accessor of closures per body would give each its own hidden class, which V8 keeps
 * in the old generation with the request (docs/performance.md, "What survives a young-generation
 * collection").
 */
class LazyBody implements BodyState {
  #stream: ReadableStream<Uint8Array> | undefined
  readonly length: number

  constructor(readonly source: string) {
    this.length = Buffer.byteLength(source)
  }

  get stream(): ReadableStream<Uint8Array> {
    // A platform Response makes the same stream undici makes for a string body.
    this.#stream ??= new (globalThis.Response.prototype.constructor as typeof Response)(this.source)
      .body as ReadableStream<Uint8Array>
    return this.#stream
  }

  /** undici replaces the stream when it clones a body (a tee): take the replacement. */
  set stream(stream: ReadableStream<Uint8Array>) {
    this.#stream = stream
  }
}
