import type { CallHistory, HandlerCall, HistoryEntry } from './call-history'
import { MAX_DELAY_MS } from './delay'
import { MocklibTypeError } from './errors'
import { format } from './messages'
import { reasonsText } from './near-miss'
import { isRequestHandler, type RequestHandler } from './request-handler'

/** `server.waitForRequest()`'s options. */
export interface WaitForRequestOptions {
  /** Milliseconds before the promise rejects. Default: 5,000. */
  timeout?: number
}

/** What `waitForRequest` waits for: a handler's next call, or the next request a predicate accepts. */
export type RequestPredicate = (entry: HistoryEntry<RequestHandler>) => boolean

/**
 * Resolves with the next call of `target` (a handler), or the next history entry `target` (a
 * predicate) accepts, as the history records it; rejects after `timeout` naming what came instead.
 */
export function waitForRequest<Handler extends RequestHandler>(
  history: CallHistory | undefined,
  target: Handler,
  options?: WaitForRequestOptions,
): Promise<Handler['calls'][number]>
export function waitForRequest(
  history: CallHistory | undefined,
  target: RequestPredicate,
  options?: WaitForRequestOptions,
): Promise<HistoryEntry<RequestHandler>>
export function waitForRequest(
  history: CallHistory | undefined,
  target: RequestHandler | RequestPredicate,
  options: WaitForRequestOptions = {},
): Promise<unknown> {
  const handler = isRequestHandler(target) ? target : undefined
  if (handler === undefined && typeof target !== 'function') {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format('server.waitForRequest() takes a handler or a function (entry) => boolean.'),
    )
  }
  const timeout = options.timeout ?? 5000
  // A longer timer (Infinity included) would fire at once: the platform clamps it to 1 ms.
  if (typeof timeout !== 'number' || !(timeout >= 0 && timeout <= MAX_DELAY_MS)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        `server.waitForRequest() takes a timeout in milliseconds from 0 to ${MAX_DELAY_MS}, got ${String(timeout)}.`,
      ),
    )
  }
  if (history === undefined) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        'server.waitForRequest() reads the request history, which this server does not keep: ' +
          'call it while the server listens, without listen({ history: false }).',
      ),
    )
  }
  const seen: string[] = []
  return new Promise((resolve, reject) => {
    const stop = history.subscribe((entry) => {
      let found = false
      try {
        found = handler === undefined && (target as RequestPredicate)(entry as HistoryEntry<RequestHandler>)
      } catch (error) {
        finish()
        return reject(error as Error)
      }
      const call = handler === undefined ? undefined : entry.calls.find((candidate) => candidate.handler === handler)
      if (found || call !== undefined) {
        finish()
        resolve((call as HandlerCall | undefined) ?? entry)
      } else if (seen.length < 10) {
        seen.push(`${entry.method} ${entry.url}${nearMissNote(entry, handler)}`)
      }
    })
    const timer = setTimeout(() => {
      finish()
      const what = handler === undefined ? 'a request the predicate accepts' : `a call of "${handler.info.header}"`
      const came = seen.length === 0 ? 'No request came.' : `Requests that came instead:\n  ${seen.join('\n  ')}`
      reject(new Error(format(`server.waitForRequest() waited ${timeout} ms for ${what}. ${came}`)))
    }, timeout)
    const finish = () => {
      clearTimeout(timer)
      stop()
    }
  })
}

/** Why a request that came instead did not reach the awaited handler (or, awaiting a predicate, any handler). */
function nearMissNote(entry: HistoryEntry, handler: RequestHandler | undefined): string {
  const miss = entry.nearMiss
  if (miss === undefined || (handler !== undefined && miss.handler !== handler)) return ''
  return handler === undefined
    ? ` (closest handler "${miss.handler.info.header}": ${reasonsText(miss.reasons)})`
    : ` (${reasonsText(miss.reasons)})`
}
