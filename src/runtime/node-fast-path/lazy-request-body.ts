import { hasPlatformState, platformState } from './undici-state'

interface BodyState {
  stream: ReadableStream<Uint8Array>
  source: unknown
  length: number | null
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
  state.body = lazyBody(text)
  return request
}

/** The body state undici makes for a string, with the stream made on first access. */
function lazyBody(text: string): BodyState {
  const body = { source: text, length: Buffer.byteLength(text) } as BodyState
  const settle = (stream: ReadableStream<Uint8Array>) => {
    Object.defineProperty(body, 'stream', { value: stream, writable: true, enumerable: true, configurable: true })
    return stream
  }
  Object.defineProperty(body, 'stream', {
    enumerable: true,
    configurable: true,
    // A platform Response makes the same stream undici makes for a string body.
    get: () =>
      settle(
        new (globalThis.Response.prototype.constructor as typeof Response)(text).body as ReadableStream<Uint8Array>,
      ),
    // undici replaces the stream when it clones a body (a tee): take the replacement.
    set: settle,
  })
  return body
}
