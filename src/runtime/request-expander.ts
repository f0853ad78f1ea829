import { executeHandlers, type HandlerOutcome } from './execute-handlers'
import { collectHints, exceptionResult, type PipelineOptions, type PipelineResult } from './handle-request'
import type { HandlerList } from './handler-list'
import { RequestContext } from './request-context'
import type { MaybePromise, RequestHandler } from './request-handler'
import { onUnhandledRequest } from './unhandled-request'

/**
 * Splits a request that stands for several requests (a GraphQL batch) into parts.
 * A handler kind provides one through `RequestHandler.expander`; REST handlers have none.
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

/**
 * Runs the parts of an expandable request through the same list and state as any request.
 * Resolves to undefined when the request is not expandable or no part matched a handler
 * (the request is then unhandled as a whole, exactly as without expanders).
 */
export async function expandRequest(
  ctx: RequestContext,
  list: HandlerList,
  options: PipelineOptions,
  alreadyMatched: boolean,
): Promise<PipelineResult | undefined> {
  const { emitter } = options
  const payload = { request: ctx.request, requestId: ctx.requestId }
  let expansion: RequestExpansion | undefined
  try {
    for (const expander of list.expanders()) {
      expansion = await expander.expand(ctx)
      if (expansion !== undefined) break
    }
  } catch (error) {
    return exceptionResult(ctx.request, ctx.requestId, error, undefined, emitter)
  }
  if (expansion === undefined) return undefined

  let matched = false
  const outcomes: PartOutcome[] = []
  const unhandled: RequestContext[] = []
  for (const part of expansion.parts) {
    const partCtx = new RequestContext(part, ctx.requestId, ctx.baseUrl)
    let outcome: HandlerOutcome
    try {
      let candidates = list.candidates(partCtx)
      if (candidates instanceof Promise) candidates = await candidates
      outcome = await executeHandlers(candidates, partCtx, list.store, {
        onMatch: () => {
          if (!matched && !alreadyMatched) emitter.emit('request:match', payload)
          matched = true
        },
      })
    } catch (error) {
      // A predicate threw: this part answers 500, like a whole request would.
      outcomes.push({ type: 'mocked', response: exceptionResponseOf(part, ctx, error, options) })
      continue
    }
    switch (outcome.type) {
      case 'mocked':
        outcomes.push({ type: 'mocked', response: outcome.response })
        break
      case 'exception':
        outcomes.push({ type: 'mocked', response: exceptionResponseOf(part, ctx, outcome.error, options, outcome.handler) })
        break
      case 'unhandled':
        unhandled.push(partCtx)
        outcomes.push({ type: 'passthrough' })
        break
      default:
        outcomes.push({ type: 'passthrough' })
    }
  }
  if (!matched) return undefined

  // Parts nobody handled follow the unhandled-request strategy one by one, so the message
  // names the operation that is missing; under 'error' the whole request fails.
  for (const partCtx of unhandled) {
    try {
      await onUnhandledRequest(partCtx.request, options.onUnhandledRequest, () => collectHints(list, partCtx))
    } catch (error) {
      if (typeof options.onUnhandledRequest === 'function') {
        return exceptionResult(ctx.request, ctx.requestId, error, undefined, emitter)
      }
      emitter.emit('request:end', payload)
      return { type: 'error', error }
    }
  }

  try {
    const response = await expansion.combine(outcomes)
    emitter.emit('request:end', payload)
    return { type: 'mocked', response, handler: undefined }
  } catch (error) {
    return exceptionResult(ctx.request, ctx.requestId, error, undefined, emitter)
  }
}

function exceptionResponseOf(
  part: Request,
  ctx: RequestContext,
  error: unknown,
  options: PipelineOptions,
  handler?: RequestHandler,
): Response {
  const result = exceptionResult(part, ctx.requestId, error, handler, options.emitter)
  return result.type === 'mocked' ? result.response : new Response(null, { status: 500 })
}
