import { executeHandlers, type HandlerOutcome } from './execute-handlers'
import type { Candidates } from './handler-index'
import type { HandlerStateStore } from './handler-state'
import { withoutBodyForHead } from './head-response'
import { RequestContext } from './request-context'
import type { PartOutcome, RequestExpander, RequestExpansion } from './request-expander'
import type { RequestHandler } from './request-handler'

/** What resolution needs of a handler list: `HandlerList` is one, per server scope or per `getResponse()` call. */
export interface HandlerScope {
  /** The handlers worth trying for a request, in list order (an index may skip some). */
  candidates(ctx: RequestContext): Candidates
  /** The distinct expanders (batch splitters) of the list; none for REST-only lists. */
  expanders(): readonly RequestExpander[]
  readonly store: HandlerStateStore
}

/** How a request was resolved against a list, before any event or unhandled-request strategy. */
export type Resolution =
  | { type: 'mocked'; response: Response; handler: RequestHandler | undefined }
  /** A handler returned `passthrough()`: perform it as-is. */
  | { type: 'passthrough' }
  /** Handlers matched and none answered: perform it as-is; it counts as handled. */
  | { type: 'fallthrough' }
  | { type: 'unhandled' }
  /** A resolver, predicate, expander or combiner threw (`handler` when known). */
  | { type: 'exception'; error: unknown; handler: RequestHandler | undefined }
  /** The unhandled-request strategy failed a batch part: the whole request fails with it. */
  | { type: 'part-unhandled-failed'; error: unknown }

export interface ResolveHooks {
  /**
   * Called at most once, as soon as the request (or one of its parts) is known to be handled,
   * with the handler that took it (of a batch, the first part's).
   */
  onMatch?(handler: RequestHandler): void
  /** A part's handler threw: the response that stands for that part. May throw to reject the resolution. */
  partException(part: Request, error: unknown, handler: RequestHandler | undefined): Response
  /**
   * A part no handler matched (`index`: its position among the parts): apply the
   * unhandled-request strategy; throwing fails the whole request.
   */
  partUnhandled(part: RequestContext, index: number): Promise<void>
}

/**
 * The one resolution loop, used by every source (through `handleRequest`) and by
 * `getResponse()`: candidates → handlers in precedence order → batch parts when the request
 * as a whole found no answer → the HEAD rule. Events and the unhandled-request strategy for
 * the whole request stay with the caller.
 */
export async function resolveRequest(
  ctx: RequestContext,
  scope: HandlerScope,
  hooks: ResolveHooks,
): Promise<Resolution> {
  let matchAnnounced = false
  const announce = (handler: RequestHandler) => {
    if (matchAnnounced) return
    matchAnnounced = true
    hooks.onMatch?.(handler)
  }
  const outcome = await runHandlers(ctx, scope)

  // A request that stands for several (a GraphQL batch) and found no answer as a whole:
  // each part goes through the same list. Lists without expanders (REST only) skip this.
  if ((outcome.type === 'unhandled' || outcome.type === 'fallthrough') && scope.expanders().length > 0) {
    if (outcome.type === 'fallthrough') announce(outcome.handler)
    const expanded = await resolveParts(ctx, scope, { ...hooks, onMatch: announce })
    if (expanded !== undefined) return expanded
  }

  switch (outcome.type) {
    case 'mocked':
      announce(outcome.handler)
      return {
        type: 'mocked',
        response: ctx.head.method === 'HEAD' ? withoutBodyForHead(outcome.response) : outcome.response,
        handler: outcome.handler,
      }
    case 'passthrough':
    case 'fallthrough':
      announce(outcome.handler)
      return { type: outcome.type }
    case 'exception':
      return { type: 'exception', error: outcome.error, handler: outcome.handler }
    case 'unhandled':
      return { type: 'unhandled' }
  }
}

/**
 * Candidates, then the precedence loop; a throwing index lookup is reported like a predicate.
 * Split candidates run their head first: the rest (and the work it needs, such as reading a
 * GraphQL body) is reached only when no handler in the head answered.
 */
async function runHandlers(
  ctx: RequestContext,
  scope: HandlerScope,
  onMatch?: (handler: RequestHandler) => void,
): Promise<HandlerOutcome<RequestHandler>> {
  try {
    const candidates = scope.candidates(ctx)
    if (isList(candidates)) return await executeHandlers(candidates, ctx, scope.store, { onMatch })
    const head = await executeHandlers(candidates.head, ctx, scope.store, { onMatch })
    if (head.type !== 'unhandled' && head.type !== 'fallthrough') return head
    const rest = await executeHandlers(await candidates.rest(), ctx, scope.store, { onMatch })
    return rest.type === 'unhandled' ? head : rest
  } catch (error) {
    return { type: 'exception', error, handler: undefined }
  }
}

function isList(candidates: Candidates): candidates is readonly RequestHandler[] {
  return Array.isArray(candidates)
}

/**
 * Runs the parts of an expandable request through the same list and state as any request.
 * Resolves to undefined when the request is not expandable or no part matched a handler
 * (the request is then unhandled as a whole, exactly as without expanders).
 */
async function resolveParts(
  ctx: RequestContext,
  scope: HandlerScope,
  hooks: ResolveHooks,
): Promise<Resolution | undefined> {
  let expansion: RequestExpansion | undefined
  try {
    for (const expander of scope.expanders()) {
      expansion = await expander.expand(ctx)
      if (expansion !== undefined) break
    }
  } catch (error) {
    return { type: 'exception', error, handler: undefined }
  }
  if (expansion === undefined) return undefined

  let matched = false
  const outcomes: PartOutcome[] = []
  const unhandled: Array<[RequestContext, number]> = []
  for (const part of expansion.parts) {
    const partCtx = new RequestContext(part, ctx.requestId, ctx.baseUrl, ctx.lifetime, ctx.clientSignal)
    partCtx.notes = ctx.notes
    const outcome = await runHandlers(partCtx, scope, (handler) => {
      matched = true
      hooks.onMatch?.(handler)
    })
    switch (outcome.type) {
      case 'mocked':
        outcomes.push({ type: 'mocked', response: outcome.response })
        break
      case 'exception':
        outcomes.push({ type: 'mocked', response: hooks.partException(part, outcome.error, outcome.handler) })
        break
      case 'unhandled':
        unhandled.push([partCtx, outcomes.length])
        outcomes.push({ type: 'passthrough' })
        break
      default:
        outcomes.push({ type: 'passthrough' })
    }
  }
  if (!matched) return undefined

  // Parts nobody handled follow the unhandled-request strategy one by one, so the message
  // names the operation that is missing; a failing strategy fails the whole request.
  for (const [partCtx, index] of unhandled) {
    try {
      await hooks.partUnhandled(partCtx, index)
    } catch (error) {
      return { type: 'part-unhandled-failed', error }
    }
  }
  try {
    return { type: 'mocked', response: await expansion.combine(outcomes), handler: undefined }
  } catch (error) {
    return { type: 'exception', error, handler: undefined }
  }
}
