import { withListenerCopy } from '../../runtime/listener-copy'
import type { LifeCycleEmitter } from '../../runtime/emitter'
import { handleRequest, type PipelineOptions } from '../../runtime/handle-request'
import type { HandlerList } from '../../runtime/handler-list'
import { storeMockedCookies } from './document-cookies'
import { logMockedRequest } from './log-mocked-request'

/** What the page tells a source to do with one request. */
export type PageAnswer =
  | { type: 'mocked'; response: Response; delivered(): void }
  | { type: 'network-error'; delivered(): void }
  | { type: 'passthrough' }

/** What every browser source (the Service Worker, the in-page fallback) shares. */
export interface PageRuntime {
  readonly emitter: LifeCycleEmitter
  list(): HandlerList
  pipeline(): PipelineOptions
  quiet(): boolean
  /** False from the moment stop() is called: requests that reach the page after it go to the network. */
  active(): boolean
}

/**
 * Runs the shared pipeline once for a request caught in this page and prepares the answer:
 * mocked cookies go to document.cookie; the log line and `response:mocked` are produced
 * once the source calls `delivered()`, from a clone taken before the body leaves.
 */
export async function resolveInPage(request: Request, requestId: string, runtime: PageRuntime): Promise<PageAnswer> {
  // stop() was called but the worker had not heard of it yet when it forwarded this request.
  if (!runtime.active()) return { type: 'passthrough' }
  const result = await handleRequest(request, requestId, runtime.list(), runtime.pipeline())
  if (result.type === 'passthrough') return { type: 'passthrough' }
  if (result.type === 'error') return { type: 'network-error', delivered: () => {} }

  const { response, handler, logTitle } = result
  const { emitter } = runtime
  const log = !runtime.quiet()
  const observe = emitter.has('response:mocked')
  const isError = response.type === 'error'
  if (!isError) storeMockedCookies(request, response)
  // The log and the listeners read copies (listener-copy.ts); the page reads `answer`.
  let answer = response
  let forLog = response
  let forEvent: Response | undefined
  if (log && !isError) [answer, forLog] = withListenerCopy(answer)
  if (observe && !isError) [answer, forEvent] = withListenerCopy(answer)

  const delivered = () => {
    if (log) void logMockedRequest(request, handler, forLog, logTitle).catch(() => {})
    if (forEvent) emitter.emit('response:mocked', { response: forEvent, request, requestId })
  }
  return isError ? { type: 'network-error', delivered } : { type: 'mocked', response: answer, delivered }
}
