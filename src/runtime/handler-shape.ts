import type { NetworkOption } from './scope-network'
import type { MaybePromise } from './maybe-promise'
import type { RequestContext } from './request-context'

/**
 * What the resolution loop, per-scope handler state and `finalize()` cleanups need of a handler.
 * A leaf, so those files never import the `RequestHandler` class (whose `run()`/`test()` use
 * them): `RequestHandler` implements this shape, and callers keep their own handler type
 * through the generic parameters that take it.
 */
export interface HandlerShape {
  readonly kind: string
  readonly info: HandlerInfo
  readonly options: RequestHandlerOptions
  /** The resolver; the loop passes it the argument `match()` returned. */
  readonly resolver: (info: never) => unknown
  match(ctx: RequestContext): MaybePromise<object | Response | null>
  finalizeResponse(response: Response, ctx: RequestContext): Response
}

export interface RequestHandlerOptions {
  /** Answer one request, then step aside (until `restoreHandlers()`). */
  once?: boolean
  /**
   * This handler's own link, as `listen({ network })` gives a server's: its resolver sees a
   * request after `latency` and the body's time at `upload` bytes per second, and its response
   * streams back at `download`. See docs/faults.md.
   */
  network?: NetworkOption
}

export interface HandlerInfo {
  /** A one-line description, such as "GET https://api.test/posts" or "query ListPosts". */
  readonly header: string
  /** Where the handler was created (file:line:column), when the stack tells. */
  readonly callFrame: string | undefined
}

/** A cleanup registered with `finalize()`; it may be async. */
export type ResolverCleanup = () => MaybePromise<void>
