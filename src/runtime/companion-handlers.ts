import { DelegatingHandler } from './delegating-handler'
import type { MaybePromise } from './maybe-promise'
import type { RequestContext } from './request-context'
import type { IndexHint, RequestHandler, ResolverInfoBase, ResponseResolver } from './request-handler'

const kCompanions = Symbol.for('mocklib.companionHandlers')

interface Carrier {
  readonly [kCompanions]?: readonly RequestHandler[]
}

/**
 * Handlers of other kinds that a handler brings into the list with it, in its place: the schema
 * executor's handler brings the subscription handler that serves its subscriptions. Pipelines
 * that look for a kind other than the carrier's (ws/handle-connection.ts) look at the
 * companions too. Keyed by a global symbol, so the ESM and CommonJS builds agree.
 */
export function companionsOf(handler: RequestHandler): readonly RequestHandler[] {
  return (handler as Carrier)[kCompanions] ?? []
}

/**
 * A handler that stands for `inner` and brings `companion` with it. HTTP requests the companion
 * takes are its own (its resolver, its response as it made it: an event stream stays one); every
 * other request is `inner`'s. Connections reach the companion through companionsOf().
 */
export class CompanionHandler extends DelegatingHandler {
  readonly #companion: RequestHandler
  /** Resolver arguments the companion's match() made, and requests it answered. */
  readonly #taken: WeakSet<object>

  constructor(inner: RequestHandler, companion: RequestHandler) {
    const taken = new WeakSet<object>()
    const resolve = (args: ResolverInfoBase) =>
      taken.has(args) ? companion.resolver(args as never) : inner.resolver(args as never)
    super(inner, resolve as ResponseResolver<ResolverInfoBase>)
    this.#companion = companion
    this.#taken = taken
    Object.defineProperty(this, kCompanions, { value: Object.freeze([companion]), enumerable: false })
  }

  override match(ctx: RequestContext): MaybePromise<ResolverInfoBase | Response | null> {
    const taken = this.#companion.match(ctx)
    return taken instanceof Promise ? taken.then((args) => this.#choose(ctx, args)) : this.#choose(ctx, taken)
  }

  /** Tried for every request the companion or `inner` may take. */
  override indexHint(baseUrl: string | undefined): IndexHint | undefined {
    return this.#companion.indexHint(baseUrl) === undefined ? undefined : this.inner.indexHint(baseUrl)
  }

  override finalizeResponse(response: Response, ctx: RequestContext): Response {
    return this.#taken.has(ctx)
      ? this.#companion.finalizeResponse(response, ctx)
      : this.inner.finalizeResponse(response, ctx)
  }

  #choose(
    ctx: RequestContext,
    args: ResolverInfoBase | Response | null,
  ): MaybePromise<ResolverInfoBase | Response | null> {
    if (args === null) return this.inner.match(ctx)
    this.#taken.add(ctx)
    if (!(args instanceof Response)) this.#taken.add(args)
    return args
  }
}
