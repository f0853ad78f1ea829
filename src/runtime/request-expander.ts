import type { RequestContext } from './request-context'
import type { MaybePromise } from './maybe-promise'

/**
 * Splits a request that stands for several requests (a GraphQL batch) into parts.
 * A handler kind provides one through `RequestHandler.expander`; REST handlers have none.
 * The parts are run by `resolve-request.ts`, like any request.
 */
export interface RequestExpander {
  /** The parts of this request, or undefined when it is not one this expander splits. */
  expand(ctx: RequestContext): MaybePromise<RequestExpansion | undefined>
}

export interface RequestExpansion {
  /** One request per part, each run through the handler list as if it had been sent alone. */
  readonly parts: readonly Request[]
  /** Builds the one answer to the original request from the parts' outcomes, in order. */
  combine(outcomes: readonly PartOutcome[]): MaybePromise<Response>
}

/** How one part was answered: a response, or "perform this part for real". */
export type PartOutcome = { type: 'mocked'; response: Response } | { type: 'passthrough' }
