import { innermost } from '../runtime/delegating-handler'
import type { RequestContext } from '../runtime/request-context'
import { isRequestHandler, type RequestHandler } from '../runtime/request-handler'
import type { HandlerOperationType } from './compile-predicate'
import type { CompiledEndpoint } from './endpoint'

/** What code outside the handler (diagnostics) may ask a GraphQL handler; GraphQLHandler implements it. */
export interface GraphQLHandlerShape extends RequestHandler {
  readonly kind: 'graphql'
  readonly operationType: HandlerOperationType
  // @internal on the members GraphQLHandler keeps out of its declarations (stripInternal), so the
  // published class still implements the published interface.
  /** @internal */
  readonly endpoint: CompiledEndpoint | undefined
  /** @internal True when a request to this URL may be for this handler (always, without a link). */
  endpointMatches(ctx: RequestContext): boolean
  /** @internal What this handler matches by name, for diagnostics. */
  describeMatch(): { type: HandlerOperationType; name: string | undefined; regexp: RegExp | undefined }
}

/**
 * The GraphQL handler a handler is or stands for (through delegating wrappers), found by its
 * `kind`, so handlers from the other build of mocklib count too; undefined for other kinds.
 */
export function asGraphQLHandler(handler: unknown): GraphQLHandlerShape | undefined {
  if (!isRequestHandler(handler)) return undefined
  const inner = innermost(handler)
  return inner.kind === 'graphql' ? (inner as GraphQLHandlerShape) : undefined
}
