import { MocklibTypeError } from '../../runtime/errors'
import { format } from '../../runtime/messages'
import type { RequestHandler } from '../../runtime/request-handler'
import type { HandlerListApi } from '../../runtime/setup-api'
import type { UnhandledFrameHandle } from '../../runtime/unhandled-frame'
import { NetworkReadyState, type NetworkApi } from './define-network'

/** What `network.configure()` of a setup's network takes (MSW 3's options, less `sources`). */
export interface SetupNetworkOptions {
  /** The initial handlers: `resetHandlers()` returns to them. */
  handlers?: RequestHandler[]
  /** What to do with a request no handler takes. Default: `'warn'`. */
  onUnhandledFrame?: UnhandledFrameHandle
  context?: {
    /** No console output for mocked requests. Default: false. */
    quiet?: boolean
  }
}

/**
 * The network `virtual:mocklib` exports (mocklib/vite): MSW 3's network API over a
 * `setupWorker()` in a page or a `setupServer()` in server code, whose sources it keeps.
 */
export interface SetupNetwork extends Omit<NetworkApi, 'enable' | 'disable' | 'configure'> {
  /** Starts mocking; resolves once requests are answered. Does nothing while enabled. */
  enable(): Promise<void>
  /** Stops mocking; resolves once no request is mocked any more. Does nothing while disabled. */
  disable(): Promise<void>
  /** Sets the options the next `enable()` uses; while enabled, it throws. */
  configure(options: SetupNetworkOptions): void
  /** The handlers no request reached yet, as `setupServer().pendingHandlers()`. */
  pendingHandlers(): readonly RequestHandler[]
}

/** How the network starts and stops its setup (`worker.start()`, `server.listen()`...). */
export interface SetupLifecycle {
  enable(options: { onUnhandledFrame: UnhandledFrameHandle; quiet: boolean }): unknown
  disable(): unknown
}

/**
 * A network over a setup: its handler list and events are the setup's, `enable()`/`disable()`
 * start and stop it. The virtual module of mocklib/vite builds its `network` with this.
 */
export function networkFromSetup(setup: HandlerListApi, lifecycle: SetupLifecycle): SetupNetwork {
  let settings: SetupNetworkOptions = {}
  let readyState: NetworkReadyState = NetworkReadyState.DISABLED
  // enable() and disable() run one after the other, in call order.
  let queue: Promise<void> = Promise.resolve()
  const inTurn = (step: () => Promise<void>): Promise<void> => (queue = queue.then(step, step))

  return {
    get readyState() {
      return readyState
    },
    events: setup.events,
    configure(options) {
      if (readyState === NetworkReadyState.ENABLED) {
        // eslint-disable-next-line mocklib/coded-argument-errors -- the network's state, not an argument
        throw new Error(format('Cannot call network.configure() while it is enabled: call network.disable() first.'))
      }
      if ('sources' in options) {
        throw new MocklibTypeError(
          'MOCKLIB_INVALID_ARGUMENT',
          format(
            'network.configure({ sources }) of virtual:mocklib: this network keeps its own sources (the worker in a page, the interceptors in Node). For custom sources, use defineNetwork() from mocklib/experimental.',
          ),
        )
      }
      if (options.handlers !== undefined) setup.resetHandlers(...options.handlers)
      settings = { ...settings, ...options }
    },
    enable: () =>
      inTurn(async () => {
        if (readyState === NetworkReadyState.ENABLED) return
        readyState = NetworkReadyState.ENABLED
        try {
          await lifecycle.enable({
            onUnhandledFrame: settings.onUnhandledFrame ?? 'warn',
            quiet: settings.context?.quiet === true,
          })
        } catch (error) {
          readyState = NetworkReadyState.DISABLED
          throw error
        }
      }),
    disable: () =>
      inTurn(async () => {
        if (readyState === NetworkReadyState.DISABLED) return
        readyState = NetworkReadyState.DISABLED
        await lifecycle.disable()
      }),
    use: (...handlers) => setup.use(...handlers),
    resetHandlers: (...handlers) => setup.resetHandlers(...handlers),
    restoreHandlers: () => setup.restoreHandlers(),
    listHandlers: () => setup.listHandlers(),
    pendingHandlers: () => setup.pendingHandlers(),
  }
}
