// handleRequest() and onUnhandledRequest() with MSW 2's signatures: the request pipeline as
// plain functions, for code that intercepts requests itself (an HTTP middleware, a custom
// source) and wants mocklib's handlers to answer them.
import { LifeCycleEmitter, type LifeCycleEventName, type LifeCycleEventsMap } from './emitter'
import { handleRequest as runPipeline } from './handle-request'
import { HandlerList, validateHandlers } from './handler-list'
import { HandlerStateStore } from './handler-state'
import type { RequestHandler } from './request-handler'
import {
  onUnhandledRequest as applyStrategy,
  validateStrategy,
  type UnhandledRequestStrategy,
} from './unhandled-request'

/** Anything that can receive lifecycle events, such as an `Emitter<LifeCycleEventsMap>` of strict-event-emitter. */
export interface LifeCycleEventSink {
  emit<E extends LifeCycleEventName>(event: E, ...args: LifeCycleEventsMap[E]): unknown
}

export interface HandleRequestOptions {
  /** Base URL for relative handler paths (defaults to the document's, if any). */
  resolutionContext?: { baseUrl?: string }
  /** Called when no handler answered and the request should be performed as-is. */
  onPassthroughResponse?(request: Request): void
  /** Called with the mocked response before it is returned. */
  onMockedResponse?(response: Response, result: { handler: RequestHandler | undefined; response: Response }): void
}

const EVENTS: readonly LifeCycleEventName[] = [
  'request:start',
  'request:match',
  'request:unhandled',
  'request:end',
  'unhandledException',
]
// `once` and generator progress persist across calls, as they do within one server.
const store = new HandlerStateStore()

/**
 * Runs a request through the handlers as a server would: lifecycle events (sent to `emitter`),
 * the unhandled-request strategy, exceptions answered with a 500. Resolves to the mocked
 * response, or `undefined` to perform the request as-is; rejects when the 'error' strategy
 * (or a failing callback) refuses an unhandled request.
 */
export async function handleRequest(
  request: Request,
  requestId: string,
  handlers: readonly RequestHandler[],
  options: { onUnhandledRequest?: UnhandledRequestStrategy } = {},
  emitter?: LifeCycleEventSink,
  handleRequestOptions: HandleRequestOptions = {},
): Promise<Response | undefined> {
  const list = new HandlerList(validateHandlers('handleRequest()', handlers), store)
  const events = new LifeCycleEmitter()
  if (emitter !== undefined) {
    for (const event of EVENTS) events.on(event, (...args) => emitter.emit(event, ...args))
  }
  const result = await runPipeline(request, requestId, list, {
    emitter: events,
    onUnhandledRequest: validateStrategy(options.onUnhandledRequest),
    baseUrl: handleRequestOptions.resolutionContext?.baseUrl,
  })
  if (result.type === 'error') throw result.error
  if (result.type === 'passthrough') {
    handleRequestOptions.onPassthroughResponse?.(request)
    return undefined
  }
  handleRequestOptions.onMockedResponse?.(result.response, { handler: result.handler, response: result.response })
  return result.response
}

/**
 * Applies an unhandled-request strategy to a request: 'warn' (default) prints a warning,
 * 'error' prints an error and rejects, 'bypass' does nothing, a callback decides.
 */
export async function onUnhandledRequest(request: Request, strategy: UnhandledRequestStrategy = 'warn'): Promise<void> {
  await applyStrategy(request, validateStrategy(strategy), async () => [])
}
