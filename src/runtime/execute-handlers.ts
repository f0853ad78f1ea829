import { isBodyTaken } from './node-fast-path'
import { MocklibTypeError } from './errors'
import { adoptForeignResponse } from './foreign-response'
import { isIterator } from './is-iterator'
import { cloneResponse } from './clone-response'
import { isPassthroughResponse } from './passthrough'
import { markHandlerUsed, type HandlerStateStore, type HandlerRunState } from './handler-state'
import { hasOwnRun } from './handler-members'
import { messages } from './messages'
import { offerWhenRemoved } from './outlives-request'
import { isResponse } from './platform-response'
import type { RequestContext } from './request-context'
import type { HandlerShape, ResolverCleanup } from './handler-shape'
import { runCleanups, watchAbort } from './resolver-cleanups'
import { sharedAcrossBuilds } from './shared-across-builds'

/** How a list of handlers dealt with one request. */
export type HandlerOutcome<Handler extends HandlerShape = HandlerShape> =
  /** A handler answered with a response (a network error response included). */
  | { type: 'mocked'; response: Response; handler: Handler }
  /** A handler returned passthrough(): perform the request as-is. */
  | { type: 'passthrough'; handler: Handler }
  /** Handlers matched but none answered: perform the request as-is; it counts as handled. */
  | { type: 'fallthrough'; handler: Handler }
  /** No handler matched. */
  | { type: 'unhandled' }
  /** A resolver or predicate threw something that is not a Response (the handler, when known). */
  | { type: 'exception'; error: unknown; handler: Handler | undefined }

export interface ExecuteOptions<Handler extends HandlerShape = HandlerShape> {
  /** Called once, when the first handler matches. */
  onMatch?: (handler: Handler) => void
  /** The loop behind `handler.run()`: a handler's own `run()` is not called again. */
  direct?: boolean
}

/**
 * The precedence rule, in one loop: the first handler, in list order, that matches and answers.
 * `candidates` is the list (or an index's exact subset of it) in list order.
 */
export async function executeHandlers<Handler extends HandlerShape>(
  candidates: readonly Handler[],
  ctx: RequestContext,
  store: HandlerStateStore,
  options: ExecuteOptions<Handler> = {},
): Promise<HandlerOutcome<Handler>> {
  let matched: Handler | undefined
  ctx.scopeData = store.kept
  ctx.scopeDataUntilReset = store.keptUntilReset

  for (let index = 0; index < candidates.length; index++) {
    const handler = candidates[index]
    const once = handler.options.once === true
    if (once && store.peek(handler)?.used) continue

    if (options.direct !== true && hasOwnRun(handler)) {
      // A subclass's own run() is called as MSW's loop calls it; its super.run() comes back here.
      const outcome = await runOverride(handler, ctx, store)
      if (outcome === undefined) continue
      if (matched === undefined) {
        matched = handler
        options.onMatch?.(handler)
      }
      if (outcome.type === 'fallthrough') continue
      return outcome
    }

    let args
    try {
      args = handler.match(ctx)
      if (args instanceof Promise) args = await args
    } catch (error) {
      // A custom predicate threw: the handler is known, so the report can name it.
      return { type: 'exception', error, handler }
    } finally {
      // A custom predicate's header edits count, as a resolver's do.
      ctx.adoptHeaderEdits()
    }
    if (args === null) continue
    if (args instanceof Response) {
      // Answered while matching (a protocol refusal): the resolver and its state are untouched.
      if (matched === undefined) options.onMatch?.(handler)
      return { type: 'mocked', response: handler.finalizeResponse(args, ctx), handler }
    }

    const state = store.get(handler)
    // Re-check after an async match: a parallel request may have used it meanwhile.
    if (once && state.used) continue
    if (matched === undefined) {
      matched = handler
      options.onMatch?.(handler)
    }

    const notes = ctx.notes
    const time = notes === undefined ? 0 : Date.now()
    const ran = await runMatched(handler, state, args, ctx, store)
    if (ran.threw) {
      notes?.call(handler, args, ctx.givenKeys(args), ctx.source, undefined, false, time)
      return { type: 'exception', error: ran.error, handler }
    }
    const outcome = outcomeOf(handler, ran.result, ctx)
    notes?.call(
      handler,
      args,
      ctx.givenKeys(args),
      ctx.source,
      outcome?.type === 'mocked' ? outcome.response : undefined,
      !outcome,
      time,
    )
    if (outcome !== undefined) return outcome
  }

  return matched === undefined ? { type: 'unhandled' } : { type: 'fallthrough', handler: matched }
}

/** The resolution a handler's own `run()` was called from, by request: its `super.run()` joins it. */
const runsInLoop = sharedAcrossBuilds(
  'runsInLoop.v1',
  () => new WeakMap<Request, { ctx: RequestContext; store: HandlerStateStore }>(),
)

/** @internal The context and scope state of the loop that called a handler's own `run()` with this request. */
export function loopOfRun(request: Request): { ctx: RequestContext; store: HandlerStateStore } | undefined {
  return runsInLoop.get(request)
}

type RunResult = { response?: Response } | null | undefined
type OwnRun = (args: {
  request: Request
  requestId: string
  resolutionContext: { baseUrl?: string }
}) => Promise<RunResult>

/** Calls a subclass's `run()`: `undefined` when it does not take the request, else what its result makes of it. */
async function runOverride<Handler extends HandlerShape>(
  handler: Handler,
  ctx: RequestContext,
  store: HandlerStateStore,
): Promise<HandlerOutcome<Handler> | undefined> {
  runsInLoop.set(ctx.request, { ctx, store })
  let result: RunResult
  try {
    const run = (handler as unknown as { run: OwnRun }).run
    result = await run.call(handler, {
      request: ctx.request,
      requestId: ctx.requestId,
      resolutionContext: { baseUrl: ctx.baseUrl },
    })
  } catch (error) {
    return { type: 'exception', error, handler }
  } finally {
    runsInLoop.delete(ctx.request)
  }
  if (result === null || result === undefined) return undefined
  const response = result.response === undefined ? undefined : adoptForeignResponse(result.response)
  if (response === undefined) return { type: 'fallthrough', handler }
  if (!isResponse(response)) {
    return {
      type: 'exception',
      error: new MocklibTypeError('MOCKLIB_INVALID_RESPONSE', messages.notAResponse(handler.info.header, response)),
      handler,
    }
  }
  if (isPassthroughResponse(response)) return { type: 'passthrough', handler }
  return { type: 'mocked', response, handler }
}

/**
 * Runs a matched handler's resolver, with `finalize()`: cleanups for this run, or for the
 * generator in progress (run when it ends). The client giving up first, or the server
 * stopping, runs them too: the resolver may never settle.
 */
async function runMatched(
  handler: HandlerShape,
  state: HandlerRunState,
  args: object,
  ctx: RequestContext,
  store: HandlerStateStore,
): Promise<{ threw: false; result: unknown } | { threw: true; error: unknown }> {
  const cleanups: ResolverCleanup[] = []
  let stopWatching: (() => void) | undefined
  const finalize = (cleanup: ResolverCleanup) => {
    if (typeof cleanup !== 'function')
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        messages.finalizeNeedsFunction(handler.info.header, cleanup),
      )
    ;(state.iterator !== undefined ? (state.cleanups ??= []) : cleanups).unshift(cleanup)
    stopWatching ??= watchAbort([ctx.clientSignal, ctx.lifetime], () => {
      void runCleanups(handler, cleanups)
      void runCleanups(handler, state.cleanups)
    })
  }
  try {
    const withExtras = withFinalize(args, finalize)
    offerWhenRemoved(withExtras, () => store.whenRemoved(handler))
    return { threw: false, result: await runResolver(handler, state, withExtras, cleanups) }
  } catch (error) {
    // A thrown Response answers like a returned one.
    const thrown = adoptForeignResponse(error)
    return thrown instanceof Response ? { threw: false, result: thrown } : { threw: true, error }
  } finally {
    stopWatching?.()
    ctx.adoptHeaderEdits()
    // Used once it ran (as in MSW); a generator, once it has ended. Reached in this scope either way.
    state.reached = true
    if (state.iterator === undefined) markHandlerUsed(handler)
  }
}

/** What a resolver's result makes of the request; undefined falls through to the next handler. */
function outcomeOf<Handler extends HandlerShape>(
  handler: Handler,
  returned: unknown,
  ctx: RequestContext,
): HandlerOutcome<Handler> | undefined {
  if (returned === undefined) return undefined
  const result = adoptForeignResponse(returned)
  // The platform's Response counts even after another fetch implementation took the global
  // name (Remix 2's installGlobals()): HttpResponse is built on the platform's class.
  if (!isResponse(result)) {
    return {
      type: 'exception',
      error: new MocklibTypeError('MOCKLIB_INVALID_RESPONSE', messages.notAResponse(handler.info.header, result)),
      handler,
    }
  }
  // A Response answers one request: one whose body was read (a Response object reused across
  // requests) would fail deep inside the source and leave the client hanging.
  if (isBodyTaken(result)) {
    return {
      type: 'exception',
      error: new MocklibTypeError('MOCKLIB_INVALID_RESPONSE', messages.responseBodyUsed(handler.info.header)),
      handler,
    }
  }
  if (isPassthroughResponse(result)) return { type: 'passthrough', handler }
  return { type: 'mocked', response: handler.finalizeResponse(result, ctx), handler }
}

/**
 * Adds `finalize` to a resolver argument without reading its other keys: a spread would call
 * the lazy `request` getter and make the body copy that only a resolver touching it needs.
 */
function withFinalize(args: object, finalize: (cleanup: ResolverCleanup) => void): object {
  const target = Object.isExtensible(args) ? args : Object.defineProperties({}, Object.getOwnPropertyDescriptors(args))
  return Object.defineProperty(target, 'finalize', {
    value: finalize,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

async function runResolver(
  handler: HandlerShape,
  state: HandlerRunState,
  args: object,
  cleanups: ResolverCleanup[],
): Promise<unknown> {
  const once = handler.options.once === true

  if (state.done) {
    if (once) state.used = true
    return replayFinal(state)
  }

  if (state.iterator === undefined) {
    let value: unknown
    try {
      value = handler.resolver(args as never) as unknown
      // A plain `once` resolver is used as soon as it runs, whatever it returns.
      if (once && !isIterator(value)) state.used = true
      if (value instanceof Promise) value = await value
    } catch (error) {
      await runCleanups(handler, cleanups)
      throw error
    }
    if (!isIterator(value)) {
      await runCleanups(handler, cleanups)
      return value
    }
    // A generator (or an async resolver that returned an iterator): its cleanups wait for its end.
    if (once) state.used = false
    state.iterator = value
    if (cleanups.length > 0) state.cleanups = cleanups.splice(0)
  }

  let step: IteratorResult<unknown, unknown>
  let value: unknown
  try {
    step = await state.iterator.next()
    value = step.value instanceof Promise ? await step.value : step.value
  } catch (error) {
    await finishGenerator(handler, state)
    throw error
  }
  // The last response a generator produced (returned, or yielded when it returns nothing)
  // answers every later request: keep an unread copy to clone from.
  if (value instanceof Response && !value.bodyUsed) state.final = cloneResponse(value)
  if (!step.done) return value
  await finishGenerator(handler, state)
  if (once) state.used = true
  return replayFinal(state)
}

async function finishGenerator(handler: HandlerShape, state: HandlerRunState): Promise<void> {
  state.done = true
  state.iterator = undefined
  const cleanups = state.cleanups
  state.cleanups = undefined
  await runCleanups(handler, cleanups)
}

function replayFinal(state: HandlerRunState): unknown {
  return state.final instanceof Response ? cloneResponse(state.final) : state.final
}
