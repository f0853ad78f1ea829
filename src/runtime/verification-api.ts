import type { HistoryEntry, HistoryOption } from './call-history'
import type { RequestHandler } from './request-handler'
import type { UnusedHandlerStrategy } from './unused-handlers'
import type { RequestPredicate, WaitForRequestOptions } from './wait-for-request'

/** What `server.listen()` and `worker.start()` take for verification (docs/verification.md). */
export interface VerificationOptions {
  /**
   * What to do with handlers no request reached, checked when `resetHandlers()` drops them and
   * when the setup stops (`server.close()`, `worker.stop()`): `'warn'` prints them, `'error'`
   * throws `UnusedHandlersError` from that call, a function gets them. Default: no check.
   */
  onUnusedHandler?: UnusedHandlerStrategy
  /**
   * The request history `history`, `handler.calls` and `waitForRequest()` read: on by default,
   * keeping the last 100 requests per scope; `{ limit }` changes the bound, `false` keeps nothing
   * (and costs nothing).
   */
  history?: HistoryOption
}

/** What a setup that keeps a request history offers to read it (`setupServer`, `setupWorker`). */
export interface RequestVerification {
  /**
   * The requests the current scope (a `boundary()`'s own) resolved, oldest first: each with the
   * handler that answered or why none did, and the resolvers it ran. `resetHandlers()` clears it,
   * stopping drops it; `{ history: false }` keeps none. See docs/verification.md.
   */
  readonly history: ReadonlyArray<HistoryEntry<RequestHandler>>
  /**
   * Resolves with the handler's next call, or the next request the predicate accepts (in the
   * current scope), for code that sends requests nobody awaits; rejects after `timeout`
   * (default 5,000 ms) listing what came instead. See docs/verification.md.
   */
  waitForRequest<Handler extends RequestHandler>(
    handler: Handler,
    options?: WaitForRequestOptions,
  ): Promise<Handler['calls'][number]>
  waitForRequest(predicate: RequestPredicate, options?: WaitForRequestOptions): Promise<HistoryEntry<RequestHandler>>
}
