import { isBypassed, removeBypassMarker } from './bypass'
import type { LifeCycleEmitter } from './emitter'
import { executeHandlers } from './execute-handlers'
import { withoutBodyForHead } from './head-response'
import type { HandlerList } from './handler-list'
import { messages } from './messages'
import { RequestContext } from './request-context'
import type { RequestHandler } from './request-handler'
import { expandRequest } from './request-expander'
import { onUnhandledRequest, type UnhandledRequestStrategy } from './unhandled-request'

/** What a source should do with an intercepted request. */
export type PipelineResult =
  | { type: 'mocked'; response: Response; handler: RequestHandler | undefined }
  | { type: 'passthrough' }
  | { type: 'error'; error: unknown }

export interface PipelineOptions {
  emitter: LifeCycleEmitter
  onUnhandledRequest: UnhandledRequestStrategy
}

/**
 * The request pipeline, shared by every source (Node interceptors, the Service Worker,
 * in-page fallback): events, handler lookup, fall-through, unhandled requests, exceptions.
 * It never rejects: every fault becomes a defined result.
 */
export async function handleRequest(
  request: Request,
  requestId: string,
  list: HandlerList,
  options: PipelineOptions,
): Promise<PipelineResult> {
  const { emitter } = options
  const payload = { request, requestId }
  emitter.emit('request:start', payload)

  if (isBypassed(request)) {
    removeBypassMarker(request.headers)
    emitter.emit('request:end', payload)
    return { type: 'passthrough' }
  }

  const ctx = new RequestContext(request, requestId)
  // 'request:match' is announced once the resolver has run (as in MSW): a resolver that throws
  // gives start → unhandledException → response:mocked, with no match and no end.
  let matched = false
  let matchEmitted = false
  const emitMatch = () => {
    if (!matched || matchEmitted) return
    matchEmitted = true
    emitter.emit('request:match', payload)
  }
  let outcome
  try {
    let candidates = list.candidates(ctx)
    if (candidates instanceof Promise) candidates = await candidates
    outcome = await executeHandlers(candidates, ctx, list.store, {
      onMatch: () => {
        matched = true
      },
    })
  } catch (error) {
    // A handler's predicate threw (a custom predicate, say): report it like a resolver error.
    outcome = { type: 'exception' as const, error, handler: undefined }
  }

  // A request that stands for several (a GraphQL batch) and found no answer as a whole:
  // each part goes through the same list. Lists without expanders (REST only) skip this.
  if ((outcome.type === 'unhandled' || outcome.type === 'fallthrough') && list.expanders().length > 0) {
    emitMatch()
    const expanded = await expandRequest(ctx, list, options, outcome.type === 'fallthrough')
    if (expanded !== undefined) return expanded
  }

  switch (outcome.type) {
    case 'mocked': {
      emitMatch()
      emitter.emit('request:end', payload)
      const response = request.method === 'HEAD' ? withoutBodyForHead(outcome.response) : outcome.response
      return { type: 'mocked', response, handler: outcome.handler }
    }
    case 'passthrough':
    case 'fallthrough':
      emitMatch()
      emitter.emit('request:end', payload)
      return { type: 'passthrough' }
    case 'exception':
      return exceptionResult(request, requestId, outcome.error, outcome.handler, emitter)
    case 'unhandled': {
      emitter.emit('request:unhandled', payload)
      try {
        await onUnhandledRequest(request, options.onUnhandledRequest, () => collectHints(list, ctx))
      } catch (error) {
        if (typeof options.onUnhandledRequest === 'function') {
          return exceptionResult(request, requestId, error, undefined, emitter)
        }
        emitter.emit('request:end', payload)
        return { type: 'error', error }
      }
      emitter.emit('request:end', payload)
      return { type: 'passthrough' }
    }
  }
}

export function exceptionResult(
  request: Request,
  requestId: string,
  error: unknown,
  handler: RequestHandler | undefined,
  emitter: LifeCycleEmitter,
): PipelineResult {
  const asError = error instanceof Error ? error : new Error(String(error))
  if (emitter.has('unhandledException')) {
    emitter.emit('unhandledException', { error: asError, request, requestId })
  } else {
    const message =
      handler === undefined ? messages.unhandledCallbackException(request) : messages.resolverException(handler.info.header, request)
    console.error(message, error)
  }
  return { type: 'mocked', response: exceptionResponse(error), handler }
}

/** A 500 carrying the thrown error as JSON, so the failure is visible in the client. */
export function exceptionResponse(error: unknown): Response {
  const body =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack }
      : error
  let text: string
  try {
    text = JSON.stringify(body) ?? JSON.stringify(String(error))
  } catch {
    text = JSON.stringify(String(error))
  }
  return new Response(text, {
    status: 500,
    statusText: 'Unhandled Exception',
    headers: { 'content-type': 'application/json' },
  })
}

export async function collectHints(list: HandlerList, ctx: RequestContext): Promise<string[]> {
  const hints: string[] = []
  const handlers = list.current()
  for (const handler of handlers) {
    try {
      const hint = await handler.diagnose(ctx, handlers)
      if (typeof hint === 'string' && !hints.includes(hint)) hints.push(hint)
    } catch {
      // Diagnostics are best effort: never let them change the outcome.
    }
    if (hints.length >= 5) break
  }
  return hints
}
