import { historyFor, type CallHistory, type HistoryEntry } from '../../runtime/call-history'
import { scopeNetwork, type NetworkOption } from '../../runtime/scope-network'
import { scopeChaos, type Chaos, type ChaosOptions } from '../../runtime/chaos'
import { trackScope } from '../../runtime/current-scope'
import { MocklibTypeError } from '../../runtime/errors'
import type { LifeCycleEventsMap } from '../../runtime/emitter'
import { isNodeProcess } from '../../runtime/environment'
import type { PipelineOptions } from '../../runtime/handle-request'
import type { RequestHandler } from '../../runtime/request-handler'
import { SetupApi, withBoundMethods, type HandlerListApi } from '../../runtime/setup-api'
import type { UnhandledRequestStrategy } from '../../runtime/unhandled-request'
import { validateUnusedStrategy } from '../../runtime/unused-handlers'
import type { RequestVerification, VerificationOptions } from '../../runtime/verification-api'
import { unhandledStrategy, type UnhandledFrameHandle } from '../../runtime/unhandled-frame'
import { browserMessages } from './messages'
import { FallbackSource } from './fallback-source'
import type { PageRuntime } from './resolve-in-page'
import { ServiceWorkerSource } from './service-worker-source'
import { serviceWorkerUnavailableReason } from './supports-service-worker'
import { PageWebSocketSource } from './websocket-source'
import { defaultFindWorker } from './worker-registration'

export interface StartOptions extends VerificationOptions {
  serviceWorker?: {
    /** Where the worker script is served. Default: '/mockServiceWorker.js'. */
    url?: string
    /** Registration options, such as `scope`. */
    options?: RegistrationOptions
  }
  /** No console output for mocked requests or for start(). Default: false. */
  quiet?: boolean
  /** What to do with requests no handler matches. Default: 'warn'. */
  onUnhandledRequest?: UnhandledRequestStrategy
  /** MSW 3's name for `onUnhandledRequest`; a callback gets `{ frame, defaults }`. */
  onUnhandledFrame?: UnhandledFrameHandle
  /** Which registered worker is mocklib's. Default: the one whose script URL equals `serviceWorker.url`. */
  findWorker?: (scriptUrl: string, workerUrl: string) => boolean
  /**
   * @deprecated Has no effect and prints a warning, as in MSW 2 (accepted so code written for
   * MSW compiles): await `worker.start()` before the app's first request instead.
   */
  waitUntilReady?: boolean
  /**
   * The link every request of the page crosses, as setupServer's `listen({ network })`:
   * `{ download, upload?, latency? }` (bytes per second, ms) or `'slow-3g'`, `'fast-3g'`,
   * `'offline'`. See docs/faults.md.
   */
  network?: NetworkOption
  /** Chaos for every request and WebSocket connection of the page, as setupServer's `listen({ chaos })`. */
  chaos?: Chaos | ChaosOptions
}

export interface SetupWorker extends HandlerListApi, RequestVerification {
  /**
   * Registers the worker (or, where Service Workers are unavailable, patches fetch and
   * XMLHttpRequest in the page). Resolves when mocking is active: await it before the app's
   * first request. Resolves with the registration, or undefined in fallback mode.
   */
  start(options?: StartOptions): Promise<ServiceWorkerRegistration | undefined>
  /** Resolves once no request of this page is mocked any more; in-flight ones are answered first. */
  stop(): Promise<void>
}

export const DEFAULT_WORKER_URL = '/mockServiceWorker.js'

type State =
  | { name: 'stopped' }
  | {
      name: 'starting' | 'started'
      source: ServiceWorkerSource | FallbackSource
      started: Promise<ServiceWorkerRegistration | undefined>
    }

/**
 * Sets up request mocking in a web page with the given initial handlers. Each page (tab) has
 * its own handlers: the worker asks the page a request came from.
 */
export function setupWorker(...handlers: RequestHandler[]): SetupWorker {
  if (isNodeProcess() || typeof window === 'undefined' || typeof document === 'undefined') {
    // eslint-disable-next-line mocklib/coded-argument-errors -- the environment is not a browser, not an argument
    throw new Error(browserMessages.notInBrowser())
  }
  // Its methods work detached, as MSW's: `afterAll(worker.stop)`.
  return withBoundMethods(new SetupWorkerApi(...handlers), ['start', 'stop', 'waitForRequest'])
}

/**
 * The page's setup: the shared handler-list API of `SetupApi`, started and stopped in the page.
 * Exported under MSW's name; `setupWorker()` is the way to create one (it checks for a page).
 */
export class SetupWorkerApi extends SetupApi<LifeCycleEventsMap> implements SetupWorker {
  #pipeline: PipelineOptions = { emitter: this.emitter, onUnhandledRequest: 'warn' }
  // Aborted by stop(): mocked responses still streaming (event streams) end with it.
  #lifetime = new AbortController()
  #quiet = false
  #state: State = { name: 'stopped' }
  readonly #runtime: PageRuntime = {
    emitter: this.emitter,
    list: () => this.handlerList,
    pipeline: () => this.#pipeline,
    quiet: () => this.#quiet,
    active: () => this.#state.name !== 'stopped',
  }
  readonly #websockets = new PageWebSocketSource(this.#runtime)
  #untrackScope: (() => void) | undefined

  /** @internal */
  protected override setupName(): { factory: string; instance: string } {
    return { factory: 'setupWorker()', instance: 'worker' }
  }

  start(options: StartOptions = {}): Promise<ServiceWorkerRegistration | undefined> {
    if (this.#state.name !== 'stopped') {
      console.warn(browserMessages.redundantStart())
      return this.#state.started.then(() => undefined)
    }
    let settings: WorkerSettings
    let history: CallHistory | undefined
    let network: ReturnType<typeof scopeNetwork>
    let chaos: ReturnType<typeof scopeChaos>
    // Bad options reject the returned promise, so start().catch() sees them too.
    try {
      settings = readStartOptions(options)
      this.unusedHandlerStrategy = validateUnusedStrategy(options.onUnusedHandler)
      history = historyFor(options.history)
      network = scopeNetwork(options.network, 'worker.start({ network: %s })')
      chaos = scopeChaos(options.chaos, 'worker.start({ chaos: %s })')
      this.#lifetime = new AbortController()
      this.#pipeline = {
        emitter: this.emitter,
        onUnhandledRequest: unhandledStrategy(options, 'worker.start()'),
        lifetime: this.#lifetime.signal,
      }
    } catch (error) {
      return Promise.reject(error)
    }
    this.#quiet = options.quiet === true
    this.handlerList.store.history = history
    this.handlerList.store.network = network
    this.handlerList.store.chaos = chaos
    this.#untrackScope = trackScope(() => this.activeList())
    const first = startSource(this.#runtime, settings, options.serviceWorker?.options, this.#quiet)
    // WebSockets are patched in the page in both modes (no Service Worker sees them).
    const started = Promise.all([first.started, this.#websockets.start()]).then(([registration]) => registration)
    const current: State = { name: 'starting', source: first.source, started }
    this.#state = current
    return started.then(
      (registration) => {
        if (this.#state === current) current.name = 'started'
        return registration
      },
      (error: unknown) => {
        if (this.#state === current) {
          this.#state = { name: 'stopped' }
          this.#untrackScope?.()
          this.#untrackScope = undefined
          this.handlerList.store.history = undefined
          this.handlerList.store.network = undefined
          this.handlerList.store.chaos = undefined
          this.unusedHandlerStrategy = undefined
        }
        throw error
      },
    )
  }

  async stop(): Promise<void> {
    if (this.#state.name === 'stopped') {
      console.warn(browserMessages.redundantStop())
      return
    }
    const { source, started } = this.#state
    this.#state = { name: 'stopped' }
    this.#lifetime.abort()
    this.#untrackScope?.()
    this.#untrackScope = undefined
    this.handlerList.store.network = undefined
    this.handlerList.store.chaos = undefined
    // Said at once, as MSW does: callers often do not await stop() before logging or restarting.
    if (!this.#quiet) console.log(browserMessages.stopped())
    // A stop() right after start() waits for the start to finish, then undoes it.
    await started.catch(() => undefined)
    this.#websockets.stop()
    await source.stop()
    // Last, with nothing mocked any more: an 'error' rejects stop(), not the next test's start.
    this.stopVerification('stop')
  }

  get history(): ReadonlyArray<HistoryEntry<RequestHandler>> {
    return (this.handlerList.store.history?.entries() ?? []) as Array<HistoryEntry<RequestHandler>>
  }
}

interface WorkerSettings {
  url: string
  findWorker: (scriptUrl: string, workerUrl: string) => boolean
}

/** The worker URL and matcher of start(), checked: throws on a value of the wrong type. */
function readStartOptions(options: StartOptions): WorkerSettings {
  const url = options.serviceWorker?.url ?? DEFAULT_WORKER_URL
  const findWorker = options.findWorker ?? defaultFindWorker
  if (options.waitUntilReady !== undefined) console.warn(browserMessages.waitUntilReadyIgnored())
  if (typeof url !== 'string') throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', browserMessages.badWorkerUrl(url))
  if (typeof findWorker !== 'function')
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', browserMessages.badFindWorker())
  return { url, findWorker }
}

/** Starts the Service Worker source, or the in-page fallback where Service Workers are unavailable. */
function startSource(
  runtime: PageRuntime,
  settings: WorkerSettings,
  registrationOptions: RegistrationOptions | undefined,
  quiet: boolean,
): { source: ServiceWorkerSource | FallbackSource; started: Promise<ServiceWorkerRegistration | undefined> } {
  const unavailable = serviceWorkerUnavailableReason()
  if (unavailable === undefined) {
    const source = new ServiceWorkerSource(runtime, { ...settings, registrationOptions, quiet })
    return { source, started: source.start() }
  }
  const source = new FallbackSource(runtime)
  if (!quiet) warnFallbackOnce(unavailable)
  const started = source.start().then(() => {
    if (!quiet) console.log(browserMessages.fallbackEnabled())
    return undefined
  })
  return { source, started }
}

let fallbackAnnounced = false
function warnFallbackOnce(reason: string): void {
  if (fallbackAnnounced) return
  fallbackAnnounced = true
  console.warn(browserMessages.fallback(reason))
}
