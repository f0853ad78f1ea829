import { MocklibTypeError } from '../../runtime/errors'
import { AsyncLocalStorage } from 'node:async_hooks'
import type { LifeCycleEventsMap } from '../../runtime/emitter'
import { trackScope } from '../../runtime/current-scope'
import { CallHistory, historyFor, type HistoryEntry } from '../../runtime/call-history'
import { HandlerList } from '../../runtime/handler-list'
import { HandlerStateStore } from '../../runtime/handler-state'
import { LazyAbort } from '../../runtime/lazy-abort-signal'
import type { RequestVerification, VerificationOptions } from '../../runtime/verification-api'
import { format, messages } from '../../runtime/messages'
import type { RequestHandler } from '../../runtime/request-handler'
import type { UnhandledRequestStrategy } from '../../runtime/unhandled-request'
import { unhandledStrategy, type UnhandledFrameHandle } from '../../runtime/unhandled-frame'
import { validateUnusedStrategy } from '../../runtime/unused-handlers'
import { warnIfNoGlobalWebSocket } from '../../ws/no-global-websocket'
import type { ConnectionOptions } from '../../ws/handle-connection'
import { SetupApi, withBoundMethods, type HandlerListApi } from '../../runtime/setup-api'
import { CustomInterceptors, type CustomInterceptor } from '../node/custom-interceptors'
import { chooseFetchSource } from '../node/fetch-source'
import { chooseSource, HTTP_SWITCH } from '../node/source-kind'
import { InterceptorSource } from '../node/interceptor-source'
import { sharedInterceptors } from '../node/shared-interceptors'
import { DispatcherSource } from '../undici/dispatcher-source'
import { sharedDispatcher } from '../undici/shared-dispatcher'
import { validateSources, type NodeSource } from './node-sources'
import { wrapDispatcher, type ComposableDispatcher } from '../undici/wrap-dispatcher'
import { openRemote, type OpenRemote } from '../../remote/open-remote'
import type { RemoteOptions } from '../../remote/remote-options'
import { scopeNetwork, type NetworkOption } from '../../runtime/scope-network'
import { scopeChaos, type Chaos, type ChaosOptions } from '../../runtime/chaos'

export type { NodeSource } from './node-sources'
export type { ComposableDispatcher } from '../undici/wrap-dispatcher'

export interface ListenOptions extends VerificationOptions {
  /** What to do with requests no handler matches. Default: 'warn'. */
  onUnhandledRequest?: UnhandledRequestStrategy
  /** MSW 3's name for `onUnhandledRequest`; a callback gets `{ frame, defaults }`. */
  onUnhandledFrame?: UnhandledFrameHandle
  /**
   * What catches requests. Default: `['interceptors']` (global fetch, http/https, XMLHttpRequest,
   * WebSocket). Add `'undici'` for undici's global dispatcher: `undici.request`, `stream`,
   * `pipeline` and `fetch` of the `undici` package, and Node's own EventSource.
   */
  sources?: readonly NodeSource[]
  /**
   * With the interceptors, what answers the global `fetch`: `'lean'` (default; mocklib wraps
   * `fetch` itself and hands the calls it does not cover to the interceptor) or `'interceptor'`
   * (the fetch interceptor of `@mswjs/interceptors` answers every call). Default: the environment variable
   * `MOCKLIB_FETCH_SOURCE`, else `'lean'`. See docs/node.md.
   */
  fetchSource?: 'lean' | 'interceptor'
  /**
   * With the interceptors, what answers `http`/`https` requests (`http.request`, axios, got,
   * superagent, node-fetch 2): `'interceptor'` (default; the ClientRequest interceptor of
   * `@mswjs/interceptors`) or `'lean'` (mocklib hands mocked answers to the `ClientRequest`
   * itself). Default: the environment variable `MOCKLIB_HTTP_SOURCE`, else `'interceptor'`.
   * See docs/node.md.
   */
  httpSource?: 'lean' | 'interceptor'
  /**
   * In an app process driven by a test process's `setupRemoteServer()`: every request is offered
   * first to the remote's handlers, for the scope of the incoming request being served, then to
   * this server's handlers, then to `onUnhandledRequest`. `true` reads `MOCKLIB_REMOTE_URL` and
   * `MOCKLIB_REMOTE_TOKEN` (what `remote.env()` gives). See docs/remote.md.
   */
  remote?: boolean | RemoteOptions
  /**
   * The link every request of this server crosses: `{ download, upload?, latency? }` (bytes per
   * second, ms) or `'slow-3g'`, `'fast-3g'`, `'offline'`. Each request waits the latency and its
   * body's upload time before the handlers see it, and mocked bodies stream at `download`;
   * offline, every request fails as an unreachable host. `server.boundary(callback, { network })`
   * sets a boundary's own. See docs/faults.md.
   */
  network?: NetworkOption
  /**
   * Chaos for every request of this server and every connection its handlers take, as if each
   * handler were wrapped with `chaos.wrap()`: a fault answers a request before the handlers see it
   * (a cut cuts the mocked response). `server.boundary(callback, { chaos })` sets a boundary's own.
   */
  chaos?: Chaos | ChaosOptions
}

/** What a boundary changes for the code it runs, beside its own copy of the handler list. */
export interface BoundaryOptions {
  /** The link this boundary's requests cross (as `listen({ network })`), instead of the server's; `null`: none. */
  network?: NetworkOption | null
  /** The chaos this boundary's requests meet (as `listen({ chaos })`), instead of the server's; `null`: none. */
  chaos?: Chaos | ChaosOptions | null
}

export interface SetupServer extends HandlerListApi, RequestVerification {
  /** Starts intercepting requests made by this process. */
  listen(options?: ListenOptions): void
  /**
   * Stops intercepting, ends mocked event streams still open, and restores fetch, http, https and XMLHttpRequest
   * exactly.
   */
  close(): void
  /**
   * Wraps a function so that, while it runs (and in everything async it starts), use() and
   * resetHandlers() change only its own copy of the handler list. Parallel boundaries never
   * see each other's overrides, `once` handlers or generator progress. `{ network }` gives the
   * boundary its own link (else it has the server's).
   */
  boundary<Args extends unknown[], Result>(
    callback: (...args: Args) => Result,
    options?: BoundaryOptions,
  ): (...args: Args) => Result
  /**
   * Wraps an undici dispatcher of your own (Agent, Pool, Client): while the server listens,
   * requests dispatched through the result go through the server's handlers; the rest, and
   * everything once the server is closed, go through `dispatcher`.
   */
  dispatcher<D extends ComposableDispatcher>(dispatcher: D): ReturnType<D['compose']>
}

/**
 * Node request interception as a class (MSW's `SetupServerApi`). `setupServer(...handlers)` is
 * `new SetupServerApi(handlers)`; pass `interceptors` (from `@mswjs/interceptors`) to intercept
 * only what they cover, for example `[new ClientRequestInterceptor()]` for `http`/`https` alone.
 * Custom interceptors are applied for this server only, while it listens.
 */
export class SetupServerApi extends SetupApi<LifeCycleEventsMap> implements SetupServer {
  readonly #scopes = new AsyncLocalStorage<HandlerList>()
  readonly #source: InterceptorSource
  readonly #undici: DispatcherSource
  /** The sources in use while listening; undefined while closed. */
  #listening: ReadonlySet<NodeSource> | undefined
  #pipeline: ConnectionOptions
  // Aborted by close(): responses still streaming (event streams) end with it. Made on first
  // use: most servers never stream, and a signal aborted at every close() is most of a cycle's cost.
  #lifetime = new LazyAbort()
  #untrackScope: (() => void) | undefined
  #remote: OpenRemote | undefined

  constructor(handlers: RequestHandler[] = [], interceptors?: readonly CustomInterceptor[]) {
    super(...handlers)
    const custom = interceptors === undefined ? undefined : new CustomInterceptors(interceptors)
    this.#pipeline = { emitter: this.emitter, onUnhandledRequest: 'warn' }
    this.#source = new InterceptorSource(
      () => this.activeList(),
      () => this.#pipeline,
      this.emitter,
      custom === undefined ? sharedInterceptors : () => custom,
    )
    this.#undici = new DispatcherSource(
      () => this.activeList(),
      () => this.#pipeline,
      this.emitter,
    )
  }

  /** @internal */
  protected override activeList(): HandlerList {
    return this.#scopes.getStore() ?? this.handlerList
  }

  listen(options: ListenOptions = {}): void {
    if (this.#listening !== undefined) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- listen() twice: a state error, not an argument
      throw new Error(messages.alreadyListening())
    }
    const sources = validateSources(options.sources)
    const fetchSource = chooseFetchSource(options.fetchSource)
    const httpSource = chooseSource(HTTP_SWITCH, options.httpSource)
    this.unusedHandlerStrategy = validateUnusedStrategy(options.onUnusedHandler)
    const history = historyFor(options.history)
    const network = scopeNetwork(options.network, 'server.listen({ network: %s })')
    const chaos = scopeChaos(options.chaos, 'server.listen({ chaos: %s })')
    const onUnhandledRequest = unhandledStrategy(options, 'server.listen()')
    this.#remote = options.remote === undefined || options.remote === false ? undefined : openRemote(options.remote)
    this.#lifetime = new LazyAbort()
    this.#pipeline = {
      emitter: this.emitter,
      onUnhandledRequest,
      lifetime: this.#lifetime.signal,
      delegate: this.#remote?.delegate,
      connectionDelegate: this.#remote?.connectionDelegate,
    }
    this.#listening = sources
    this.handlerList.store.history = history
    this.handlerList.store.network = network
    this.handlerList.store.chaos = chaos
    if (sources.has('interceptors')) this.#source.apply(fetchSource, httpSource)
    if (sources.has('undici')) sharedDispatcher().join(this.#undici)
    this.#untrackScope = trackScope(() => this.activeList())
    if (sources.has('interceptors')) warnIfNoGlobalWebSocket(this.activeList().current())
  }

  close(): void {
    // A second close() is harmless, as in MSW 2.
    if (this.#source.applied) this.#source.dispose()
    sharedDispatcher().leave(this.#undici)
    this.#listening = undefined
    this.#untrackScope?.()
    this.#untrackScope = undefined
    this.#remote?.close()
    this.#remote = undefined
    this.#lifetime.abort()
    this.handlerList.store.network = undefined
    this.handlerList.store.chaos = undefined
    // Last, with the environment restored: an 'error' fails the test, not the next one.
    this.stopVerification('close')
  }

  get history(): ReadonlyArray<HistoryEntry<RequestHandler>> {
    return (this.activeList().store.history?.entries() ?? []) as Array<HistoryEntry<RequestHandler>>
  }

  dispatcher<D extends ComposableDispatcher>(dispatcher: D): ReturnType<D['compose']> {
    return wrapDispatcher(dispatcher, this.#undici, () => this.#listening !== undefined)
  }

  override use(...handlers: RequestHandler[]): void {
    super.use(...handlers)
    if (this.#source.applied) warnIfNoGlobalWebSocket(handlers)
  }

  boundary<Args extends unknown[], Result>(
    callback: (...args: Args) => Result,
    options: BoundaryOptions = {},
  ): (...args: Args) => Result {
    if (typeof callback !== 'function') {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        format('server.boundary(callback) needs a function to wrap.'),
      )
    }
    const network =
      options.network === null ? null : scopeNetwork(options.network, 'server.boundary(callback, { network: %s })')
    const chaos = options.chaos === null ? null : scopeChaos(options.chaos, 'server.boundary(callback, { chaos: %s })')
    return (...args) => {
      const outer = this.activeList()
      const history = outer.store.history === undefined ? undefined : new CallHistory(outer.store.history.limit)
      const store = new HandlerStateStore(history)
      store.network = network === null ? undefined : (network ?? outer.store.network)
      store.chaos = chaos === null ? undefined : (chaos ?? outer.store.chaos)
      return this.#scopes.run(new HandlerList(outer.current(), store), callback, ...args)
    }
  }
}

/**
 * Sets up request interception in Node with the given initial handlers.
 * Nothing is intercepted until `listen()`. Its methods work detached (`afterAll(server.close)`).
 */
export function setupServer(...handlers: RequestHandler[]): SetupServer {
  return withBoundMethods(new SetupServerApi(handlers), ['listen', 'close', 'boundary', 'dispatcher', 'waitForRequest'])
}
