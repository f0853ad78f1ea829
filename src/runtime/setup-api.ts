import { LifeCycleEmitter, type LifeCycleEvents, type LifeCycleEventsMap } from './emitter'
import { HandlerList, validateHandlers } from './handler-list'
import type { HandlerShape } from './handler-shape'
import type { NearMiss } from './near-miss'
import type { HistoryEntry } from './call-history'
import type { RequestHandler } from './request-handler'
import { waitForRequest, type RequestPredicate, type WaitForRequestOptions } from './wait-for-request'
import { reportUnused, type UnusedHandlerCheckpoint, type UnusedHandlerStrategy } from './unused-handlers'

/**
 * What every setup (`setupServer` in Node and React Native, `setupWorker` in a page) offers
 * beside starting and stopping: its handler list and its life-cycle events.
 */
export interface HandlerListApi {
  /** Prepends runtime handlers (overrides) to the current scope's list. */
  use(...handlers: RequestHandler[]): void
  /** Drops overrides; with handlers, they replace the initial list. */
  resetHandlers(...handlers: RequestHandler[]): void
  /** Lets used `once` handlers answer again and restarts generator resolvers. */
  restoreHandlers(): void
  /** The current scope's handlers, in precedence order. */
  listHandlers(): readonly RequestHandler[]
  /**
   * The current scope's handlers no request reached in this scope (a `once` handler not
   * spent included), in precedence order.
   */
  pendingHandlers(): readonly RequestHandler[]
  /**
   * Lifecycle events: request:start, request:match, request:unhandled, request:end, response:mocked, response:bypass,
   * unhandledException.
   */
  readonly events: LifeCycleEvents
}

/**
 * The handler-list API of a setup (MSW's `SetupApi`): `use`, `resetHandlers`,
 * `restoreHandlers`, `listHandlers` and lifecycle `events`. `SetupServerApi` extends it; a
 * custom setup can too, adding how it intercepts requests. `EventMap` is kept for MSW's
 * signature (`SetupApi<LifeCycleEventsMap>`); the events are mocklib's lifecycle events.
 */
export abstract class SetupApi<EventMap extends object = LifeCycleEventsMap> implements HandlerListApi {
  /** @internal The handlers given at creation and the runtime overrides. */
  protected readonly handlerList: HandlerList
  /** @internal */
  protected readonly emitter: LifeCycleEmitter = new LifeCycleEmitter()
  /**
   * Lifecycle events: request:start, request:match, request:unhandled, request:end, response:mocked, response:bypass,
   * unhandledException.
   */
  readonly events: LifeCycleEvents = this.emitter
  /** @internal What `onUnusedHandler` asked for; none: no check. */
  protected unusedHandlerStrategy: UnusedHandlerStrategy | undefined
  /** @internal Only carries the type argument. */
  declare protected readonly eventMap?: EventMap

  constructor(...initialHandlers: RequestHandler[]) {
    this.handlerList = new HandlerList(validateHandlers(`${this.setupName().factory}`, initialHandlers))
  }

  /** @internal How messages name this setup: its factory and its instance. */
  protected setupName(): { factory: string; instance: string } {
    return { factory: 'setupServer()', instance: 'server' }
  }

  /** @internal The list in effect for the current call (a subclass may scope it). */
  protected activeList(): HandlerList {
    return this.handlerList
  }

  /** Prepends runtime handlers (overrides) to the current scope's list. */
  use(...handlers: RequestHandler[]): void {
    this.activeList().use(validateHandlers(`${this.setupName().instance}.use()`, handlers))
  }

  /** Drops overrides; with handlers, they replace the initial list. */
  resetHandlers(...handlers: RequestHandler[]): void {
    const { instance } = this.setupName()
    const list = this.activeList()
    // Read before the reset clears the history they are kept in.
    const nearMisses = this.unusedHandlerStrategy === undefined ? undefined : list.store.history?.nearMisses()
    const left = list.reset(handlers.length > 0 ? validateHandlers(`${instance}.resetHandlers()`, handlers) : undefined)
    // After the reset, so that an 'error' leaves the list reset for the next test.
    this.checkUnused(() => list.pending(left), 'resetHandlers', nearMisses)
  }

  /** Lets used `once` handlers answer again and restarts generator resolvers. */
  restoreHandlers(): void {
    this.activeList().restore()
  }

  /** The current scope's handlers, in precedence order. */
  listHandlers(): readonly RequestHandler[] {
    return this.activeList().current()
  }

  /**
   * The current scope's handlers no request reached in this scope (a `once` handler not
   * spent included), in precedence order.
   */
  pendingHandlers(): readonly RequestHandler[] {
    return this.activeList().pending()
  }

  /**
   * Resolves with the handler's next call, or the next request the predicate accepts (in the
   * current scope), for code that sends requests nobody awaits; rejects after `timeout`. Needs
   * a setup that keeps a history (`setupServer`, `setupWorker`). See docs/verification.md.
   */
  waitForRequest<Handler extends RequestHandler>(
    handler: Handler,
    options?: WaitForRequestOptions,
  ): Promise<Handler['calls'][number]>
  waitForRequest(predicate: RequestPredicate, options?: WaitForRequestOptions): Promise<HistoryEntry<RequestHandler>>
  waitForRequest(target: RequestHandler | RequestPredicate, options?: WaitForRequestOptions): Promise<unknown> {
    return waitForRequest(this.activeList().store.history, target as RequestPredicate, options)
  }

  /**
   * @internal The setup stops (`close()`, `stop()`): its history goes, and under `onUnusedHandler`
   * the handlers no request reached over the whole run are reported, with the requests that came
   * closest to them. Call it last, with the environment restored: an 'error' throws.
   */
  protected stopVerification(at: UnusedHandlerCheckpoint): void {
    const store = this.handlerList.store
    const nearMisses = this.unusedHandlerStrategy === undefined ? undefined : store.history?.nearMisses()
    store.history = undefined
    try {
      this.checkUnused(() => this.handlerList.pending(), at, nearMisses)
    } finally {
      this.unusedHandlerStrategy = undefined
    }
  }

  /** @internal Reports handlers no request reached, as `onUnusedHandler` says. */
  protected checkUnused(
    pending: () => readonly RequestHandler[],
    at: UnusedHandlerCheckpoint,
    nearMisses?: ReadonlyMap<HandlerShape, NearMiss>,
  ): void {
    // Without a strategy, the pending handlers are not even listed.
    if (this.unusedHandlerStrategy === undefined) return
    const misses = nearMisses as ReadonlyMap<RequestHandler, NearMiss<RequestHandler>> | undefined
    reportUnused(pending(), this.unusedHandlerStrategy, at, this.setupName().instance, misses)
  }
}

/** The handler-list methods every setup has (`HandlerListApi`). */
const HANDLER_LIST_METHODS = ['use', 'resetHandlers', 'restoreHandlers', 'listHandlers', 'pendingHandlers'] as const

/**
 * Gives `api` its handler-list methods and the named ones (its start and stop) as own properties
 * bound to it, so they work detached, as the objects MSW 2.14's `setupServer()` and
 * `setupWorker()` return do: `afterAll(server.close)`, `beforeAll(server.listen)`,
 * `const { use, resetHandlers } = server`.
 */
export function withBoundMethods<T extends HandlerListApi>(api: T, names: readonly (keyof T & string)[]): T {
  for (const name of [...HANDLER_LIST_METHODS, ...names]) {
    const method = api[name]
    if (typeof method !== 'function') continue
    Object.defineProperty(api, name, { value: method.bind(api), writable: true, configurable: true, enumerable: true })
  }
  return api
}
