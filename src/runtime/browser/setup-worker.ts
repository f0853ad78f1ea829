import { MocklibTypeError } from '../errors'
import { LifeCycleEmitter, type LifeCycleEvents } from '../emitter'
import { isNodeProcess } from '../environment'
import type { PipelineOptions } from '../handle-request'
import { HandlerList, validateHandlers } from '../handler-list'
import type { RequestHandler } from '../request-handler'
import { validateStrategy, type UnhandledRequestStrategy } from '../unhandled-request'
import { browserMessages } from './browser-messages'
import { FallbackSource } from './fallback-source'
import type { PageRuntime } from './resolve-in-page'
import { ServiceWorkerSource } from './service-worker-source'
import { serviceWorkerUnavailableReason } from './supports-service-worker'
import { PageWebSocketSource } from './websocket-source'
import { defaultFindWorker } from './worker-registration'

export interface StartOptions {
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
  /** Which registered worker is mocklib's. Default: the one whose script URL equals `serviceWorker.url`. */
  findWorker?: (scriptUrl: string, workerUrl: string) => boolean
}

export interface SetupWorker {
  /**
   * Registers the worker (or, where Service Workers are unavailable, patches fetch and
   * XMLHttpRequest in the page). Resolves when mocking is active: await it before the app's
   * first request. Resolves with the registration, or undefined in fallback mode.
   */
  start(options?: StartOptions): Promise<ServiceWorkerRegistration | undefined>
  /** Resolves once no request of this page is mocked any more; in-flight ones are answered first. */
  stop(): Promise<void>
  /** Prepends runtime handlers (overrides). */
  use(...handlers: RequestHandler[]): void
  /** Drops overrides; with handlers, they replace the initial list. */
  resetHandlers(...handlers: RequestHandler[]): void
  /** Lets used `once` handlers answer again and restarts generator resolvers. */
  restoreHandlers(): void
  /** The handlers in precedence order. */
  listHandlers(): readonly RequestHandler[]
  /** Lifecycle events: request:start, request:match, request:unhandled, request:end, response:mocked, response:bypass, unhandledException. */
  readonly events: LifeCycleEvents
}

export const DEFAULT_WORKER_URL = '/mockServiceWorker.js'

type State =
  | { name: 'stopped' }
  | { name: 'starting' | 'started'; source: ServiceWorkerSource | FallbackSource; started: Promise<ServiceWorkerRegistration | undefined> }

/**
 * Sets up request mocking in a web page with the given initial handlers. Each page (tab) has
 * its own handlers: the worker asks the page a request came from.
 */
export function setupWorker(...handlers: RequestHandler[]): SetupWorker {
  if (isNodeProcess() || typeof window === 'undefined' || typeof document === 'undefined') {
    throw new Error(browserMessages.notInBrowser())
  }
  const list = new HandlerList(validateHandlers('setupWorker()', handlers))
  const emitter = new LifeCycleEmitter()
  let pipeline: PipelineOptions = { emitter, onUnhandledRequest: 'warn' }
  // Aborted by stop(): mocked responses still streaming (event streams) end with it.
  let lifetime = new AbortController()
  let quiet = false
  let state: State = { name: 'stopped' }
  const runtime: PageRuntime = { emitter, list: () => list, pipeline: () => pipeline, quiet: () => quiet }
  const websockets = new PageWebSocketSource(runtime)

  return {
    events: emitter,
    start(options = {}) {
      if (state.name !== 'stopped') {
        console.warn(browserMessages.redundantStart())
        return state.started.then(() => undefined)
      }
      const url = options.serviceWorker?.url ?? DEFAULT_WORKER_URL
      const findWorker = options.findWorker ?? defaultFindWorker
      // Bad options reject the returned promise, so start().catch() sees them too.
      try {
        if (typeof url !== 'string') throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', browserMessages.badWorkerUrl(url))
        if (typeof findWorker !== 'function') throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', browserMessages.badFindWorker())
        lifetime = new AbortController()
        pipeline = { emitter, onUnhandledRequest: validateStrategy(options.onUnhandledRequest), lifetime: lifetime.signal }
      } catch (error) {
        return Promise.reject(error)
      }
      quiet = options.quiet === true

      const unavailable = serviceWorkerUnavailableReason()
      let source: ServiceWorkerSource | FallbackSource
      let started: Promise<ServiceWorkerRegistration | undefined>
      if (unavailable === undefined) {
        const sw = new ServiceWorkerSource(runtime, {
          url,
          registrationOptions: options.serviceWorker?.options,
          findWorker,
          quiet,
        })
        source = sw
        started = sw.start()
      } else {
        const fallback = new FallbackSource(runtime)
        source = fallback
        if (!quiet) warnFallbackOnce(unavailable)
        started = fallback.start().then(() => {
          if (!quiet) console.log(browserMessages.fallbackEnabled())
          return undefined
        })
      }
      // WebSockets are patched in the page in both modes (no Service Worker sees them).
      started = Promise.all([started, websockets.start()]).then(([registration]) => registration)
      const current: State = { name: 'starting', source, started }
      state = current
      return started.then(
        (registration) => {
          if (state === current) current.name = 'started'
          return registration
        },
        (error: unknown) => {
          if (state === current) state = { name: 'stopped' }
          throw error
        },
      )
    },
    async stop() {
      if (state.name === 'stopped') {
        console.warn(browserMessages.redundantStop())
        return
      }
      const { source, started } = state
      state = { name: 'stopped' }
      lifetime.abort()
      // A stop() right after start() waits for the start to finish, then undoes it.
      await started.catch(() => undefined)
      websockets.stop()
      await source.stop()
      if (!quiet) console.log(browserMessages.stopped())
    },
    use(...next) {
      list.use(validateHandlers('worker.use()', next))
    },
    resetHandlers(...next) {
      list.reset(next.length > 0 ? validateHandlers('worker.resetHandlers()', next) : undefined)
    },
    restoreHandlers() {
      list.restore()
    },
    listHandlers() {
      return list.current()
    },
  }
}

let fallbackAnnounced = false
function warnFallbackOnce(reason: string): void {
  if (fallbackAnnounced) return
  fallbackAnnounced = true
  console.warn(browserMessages.fallback(reason))
}
