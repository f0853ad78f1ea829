import { asError } from './as-error'
import { RequestNotes, type UnansweredReason } from './call-history'
import { isBypassed, removeBypassMarker } from './bypass'
import { isNodeProcess } from './environment'
import { isMocklibVerdict } from './errors'
import type { LifeCycleEmitter } from './emitter'
import type { HandlerList } from './handler-list'
import { messages } from './messages'
import { explainNearMisses, type NearMiss } from './near-miss'
import { RequestContext } from './request-context'
import type { SourceRequest } from './request-draft'
import type { RequestHandler } from './request-handler'
import { resolveRequest } from './resolve-request'
import { acrossDownlink, acrossUplink } from './scope-network'
import { onUnhandledRequest, type UnhandledRequestStrategy } from './unhandled-request'

/** What a source should do with an intercepted request. */
export type PipelineResult =
  | { type: 'mocked'; response: Response; handler: RequestHandler | undefined; logTitle?: string }
  | { type: 'passthrough'; reason?: PassthroughReason }
  | { type: 'error'; error: unknown }

/**
 * Why a request goes to the network: a resolver returned `passthrough()`, handlers matched and none
 * answered, none matched (after the unhandled-request strategy), or it was sent with `bypass()`.
 * Sources perform all four alike; a remote (remote/) tells them apart for the app process.
 */
export type PassthroughReason = Extract<UnansweredReason, 'passthrough' | 'fallthrough' | 'unhandled' | 'bypass'>

export interface PipelineOptions {
  emitter: LifeCycleEmitter
  onUnhandledRequest: UnhandledRequestStrategy
  /** Aborted when the server or worker stops, or a function that makes it (see RequestContext.lifetime). */
  lifetime?: AbortSignal | (() => AbortSignal)
  /** Base URL for relative handler paths; default: the document's, if any. */
  baseUrl?: string
  /**
   * Told the handlers closest to a request no handler took, closest first (near-miss.ts), for a
   * history other than the scope's own (the mock server's); worked out only when given.
   */
  onNearMisses?: (misses: readonly NearMiss[]) => void
  /**
   * Asked before the handler list, once per request not bypassed (an app process's remote:
   * remote/remote-delegate.ts). A result answers the request; undefined lets the list resolve it.
   */
  delegate?: (ctx: RequestContext) => Promise<PipelineResult | undefined>
}

/**
 * The request pipeline, shared by every source (Node interceptors, the Service Worker,
 * in-page fallback): lifecycle events and the unhandled-request strategy around the one
 * resolution loop (`resolve-request.ts`). It never rejects: every fault becomes a defined result.
 */
export async function handleRequest(
  /** A `Request`, or a draft whose `Request` is made only when something reads it (request-draft.ts). */
  request: SourceRequest,
  requestId: string,
  list: HandlerList,
  options: PipelineOptions,
  /**
   * Aborted when the client gives up, where the request's own signal does not tell (Node's
   * http), or a function that makes that signal on first use (see RequestContext).
   */
  clientSignal?: AbortSignal | (() => AbortSignal),
): Promise<PipelineResult> {
  const { emitter } = options
  const ctx = new RequestContext(request, requestId, options.baseUrl, options.lifetime, clientSignal)
  announce(emitter, 'request:start', ctx)
  const history = list.store.history

  if (isBypassed(ctx.head)) {
    removeBypassMarker(ctx.request.headers)
    announce(emitter, 'request:end', ctx)
    if (history !== undefined) history.add(bypassNotes(ctx))
    return { type: 'passthrough', reason: 'bypass' }
  }

  const { network, chaos } = list.store
  if (network === undefined && chaos === undefined) return resolveInScope(ctx, list, options)
  return resolveAcrossScope(ctx, list, options)
}

/**
 * The request across the scope's link and chaos: the link's uplink (or offline's failure), then
 * chaos' decision (a fault answers at once); the answer is cut as chaos chose, then carried
 * back at the link's pace.
 */
async function resolveAcrossScope(
  ctx: RequestContext,
  list: HandlerList,
  options: PipelineOptions,
): Promise<PipelineResult> {
  const { network, chaos } = list.store
  let early = network === undefined ? undefined : await acrossUplink(network, ctx.source)
  const step =
    early === undefined && chaos !== undefined ? await chaos.request(ctx.head.method, ctx.head.url) : undefined
  early ??= step?.answer
  if (early !== undefined) {
    announce(options.emitter, 'request:end', ctx)
    const result: PipelineResult = { type: 'mocked', response: early, handler: undefined }
    const history = list.store.history
    if (history !== undefined) history.add(noteResult(new RequestNotes(ctx.source, ctx.requestId), result))
    return result
  }
  const result = await resolveInScope(ctx, list, options)
  if (result.type !== 'mocked') return result
  const response = step?.cut === undefined ? result.response : step.cut(result.response)
  if (network === undefined || network === 'offline') return { ...result, response }
  return { ...result, response: await acrossDownlink(network, response) }
}

/** The request, not bypassed, answered by the delegate or the scope's list (noted in its history). */
async function resolveInScope(
  ctx: RequestContext,
  list: HandlerList,
  options: PipelineOptions,
): Promise<PipelineResult> {
  const history = list.store.history
  if (options.delegate !== undefined) {
    const delegated = await delegate(options.delegate, ctx)
    if (delegated !== undefined) {
      // No handler of this list answered: 'request:match' (which names one) stays for the list's own.
      announce(options.emitter, 'request:end', ctx)
      return delegated
    }
  }
  ctx.rerun = (next, nextId) => handleRequest(next, nextId, list, options)
  if (history === undefined) return resolveAndAnswer(ctx, list, options, undefined)
  const notes = new RequestNotes(ctx.source, ctx.requestId)
  ctx.notes = notes
  const result = await resolveAndAnswer(ctx, list, options, notes)
  history.add(noteResult(notes, result))
  return result
}

/** The one resolution loop with lifecycle events and the unhandled-request strategy around it. */
async function resolveAndAnswer(
  ctx: RequestContext,
  list: HandlerList,
  options: PipelineOptions,
  notes: RequestNotes | undefined,
): Promise<PipelineResult> {
  const { emitter } = options
  const { requestId } = ctx
  const unhandled = (target: RequestContext) =>
    onUnhandledRequest(
      target.request,
      options.onUnhandledRequest,
      () => collectHints(list, target),
      async () => (await nearMissesOf(list, target))[0] as NearMiss<RequestHandler> | undefined,
    )
  // 'request:match' is announced once the resolver has run (as in MSW): a resolver that throws
  // gives start → unhandledException → response:mocked, with no match and no end. It names the
  // handler (MSW 3).
  const resolution = await resolveRequest(ctx, list, {
    onMatch: (handler) => {
      if (emitter.has('request:match')) emitter.emit('request:match', { request: ctx.request, requestId, handler })
    },
    partException: (part, error, handler) => exceptionResult(part, requestId, error, handler, emitter).response,
    partUnhandled: async (part, index) => {
      try {
        await unhandled(part)
      } finally {
        if (notes !== undefined) notes.unhandledPart(index, await nearMissesOf(list, part))
      }
    },
  })

  switch (resolution.type) {
    case 'mocked':
      announce(emitter, 'request:end', ctx)
      return ctx.logTitle === undefined ? resolution : { ...resolution, logTitle: ctx.logTitle }
    case 'passthrough':
    case 'fallthrough':
      announce(emitter, 'request:end', ctx)
      return { type: 'passthrough', reason: resolution.type }
    case 'exception':
      if (notes !== undefined) notes.reason = 'exception'
      return exceptionResult(ctx.request, requestId, resolution.error, resolution.handler, emitter)
    case 'part-unhandled-failed':
      return strategyFailed(resolution.error, ctx, options)
    case 'unhandled': {
      announce(emitter, 'request:unhandled', ctx)
      try {
        await unhandled(ctx)
      } catch (error) {
        return strategyFailed(error, ctx, options)
      } finally {
        if (notes !== undefined || options.onNearMisses !== undefined) {
          const misses = await nearMissesOf(list, ctx)
          if (notes !== undefined) notes.nearMisses = misses
          options.onNearMisses?.(misses)
        }
      }
      announce(emitter, 'request:end', ctx)
      return { type: 'passthrough', reason: 'unhandled' }
    }
  }
}

/**
 * What the history keeps of a result: the handler and status line that answered, or why none
 * did. A request going to the network keeps a copy of its body first: the network reads it.
 */
function noteResult(notes: RequestNotes, result: PipelineResult): RequestNotes {
  switch (result.type) {
    case 'mocked':
      notes.answered(result.handler, result.response)
      break
    case 'passthrough':
      notes.reason = result.reason
      notes.keepBody()
      break
    case 'error':
      notes.reason ??= 'unhandled'
  }
  return notes
}

/** Emits a request's event; a draft's `Request` is made only when someone listens. */
function announce(
  emitter: LifeCycleEmitter,
  event: 'request:start' | 'request:unhandled' | 'request:end',
  ctx: RequestContext,
): void {
  if (emitter.has(event)) emitter.emit(event, { request: ctx.request, requestId: ctx.requestId })
}

function bypassNotes(ctx: RequestContext): RequestNotes {
  const notes = new RequestNotes(ctx.source, ctx.requestId)
  notes.reason = 'bypass'
  return notes
}

/** The delegate's answer; one that rejects fails the request with its error, so the pipeline never rejects. */
async function delegate(
  ask: NonNullable<PipelineOptions['delegate']>,
  ctx: RequestContext,
): Promise<PipelineResult | undefined> {
  try {
    return await ask(ctx)
  } catch (error) {
    return { type: 'error', error }
  }
}

/**
 * The unhandled-request strategy threw: a callback's Response is the answer, its error a 500;
 * the 'error' strategy's fails the request.
 */
function strategyFailed(error: unknown, ctx: RequestContext, options: PipelineOptions): PipelineResult {
  if (typeof options.onUnhandledRequest === 'function') {
    // A Response the callback throws answers the request, as one a resolver throws does.
    if (error instanceof Response) {
      announce(options.emitter, 'request:end', ctx)
      return { type: 'mocked', response: error, handler: undefined }
    }
    return exceptionResult(ctx.request, ctx.requestId, error, undefined, options.emitter)
  }
  announce(options.emitter, 'request:end', ctx)
  return { type: 'error', error }
}

/** Reports an exception (the `unhandledException` event, else the console) and answers 500. */
function exceptionResult(
  request: Request,
  requestId: string,
  error: unknown,
  handler: RequestHandler | undefined,
  emitter: LifeCycleEmitter,
): { type: 'mocked'; response: Response; handler: RequestHandler | undefined } {
  const thrown = asError(error)
  if (emitter.has('unhandledException')) {
    emitter.emit('unhandledException', { error: thrown, request, requestId })
  } else if (isMocklibVerdict(error)) {
    // mocklib's own verdict: its message names the handler and what to change; the stack is ours.
    console.error(messages.verdictInHandler(error))
  } else {
    const message =
      handler === undefined
        ? messages.unhandledCallbackException(request)
        : messages.resolverException(handler.info.header, request)
    console.error(message, error)
  }
  return { type: 'mocked', response: exceptionResponse(error), handler }
}

/** A 500 carrying the thrown error as JSON, so the failure is visible in the client. */
function exceptionResponse(error: unknown): Response {
  const body = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error
  let text: string
  try {
    text = JSON.stringify(body) ?? JSON.stringify(String(error))
  } catch {
    text = JSON.stringify(String(error))
  }
  return new Response(text, {
    status: 500,
    // MSW's two texts: its Service Worker answers "Request Handler Error", Node's interceptors "Unhandled Exception".
    statusText: typeof document !== 'undefined' && !isNodeProcess() ? 'Request Handler Error' : 'Unhandled Exception',
    headers: { 'content-type': 'application/json' },
  })
}

const kNearMisses = Symbol('nearMisses')

/** The handlers closest to an unhandled request, worked out once for its message, callback and history. */
function nearMissesOf(list: HandlerList, ctx: RequestContext): Promise<NearMiss[]> {
  return ctx.memo(kNearMisses, () => explainNearMisses(ctx, list.current(), list.store))
}

async function collectHints(list: HandlerList, ctx: RequestContext): Promise<string[]> {
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
