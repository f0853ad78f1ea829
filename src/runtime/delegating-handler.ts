import type { NearMissReason } from './near-miss'
import type { RequestContext } from './request-context'
import type { RequestExpander } from './request-expander'
import {
  isRequestHandler,
  RequestHandler,
  type HandlerInfo,
  type IndexHint,
  type MaybePromise,
  type RequestHandlerOptions,
  type ResolverInfoBase,
  type ResponseResolver,
} from './request-handler'

/**
 * A handler that stands in for another one (`inner`) in the list: it has the inner handler's
 * kind, header, options and expander, and forwards matching, indexing, response shaping and
 * diagnostics to it. A subclass changes only what it adds: the schema executor's checked
 * bodies wrap the resolver, its endpoint handler answers more requests in `match`.
 */
export abstract class DelegatingHandler extends RequestHandler {
  override readonly kind: string
  override readonly info: HandlerInfo
  override readonly expander: RequestExpander | undefined
  override readonly options: RequestHandlerOptions

  constructor(
    readonly inner: RequestHandler,
    resolver: ResponseResolver<ResolverInfoBase> = inner.resolver as ResponseResolver<ResolverInfoBase>,
  ) {
    // Without `network`: the inner handler's resolver crosses its link already.
    super(inner.info.header, resolver, { ...inner.options, network: undefined })
    this.kind = inner.kind
    this.info = inner.info
    this.expander = inner.expander
    this.options = inner.options
  }

  override match(ctx: RequestContext): MaybePromise<ResolverInfoBase | Response | null> {
    return this.inner.match(ctx)
  }

  override indexHint(baseUrl: string | undefined): IndexHint | undefined {
    return this.inner.indexHint(baseUrl)
  }

  override finalizeResponse(response: Response, ctx: RequestContext): Response {
    return this.inner.finalizeResponse(response, ctx)
  }

  override diagnose(ctx: RequestContext, handlers?: readonly RequestHandler[]): MaybePromise<string | undefined> {
    return this.inner.diagnose(ctx, handlers)
  }

  override compare(ctx: RequestContext): MaybePromise<readonly NearMissReason[] | undefined> {
    return this.inner.compare(ctx)
  }
}

/** The handler a chain of delegating handlers stands for (the handler itself when it wraps none). */
export function innermost(handler: RequestHandler): RequestHandler {
  let current = handler
  for (
    let inner = (current as { inner?: unknown }).inner;
    isRequestHandler(inner);
    inner = (current as { inner?: unknown }).inner
  ) {
    current = inner
  }
  return current
}
