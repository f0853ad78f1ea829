import { AsyncLocalStorage } from 'node:async_hooks'
import { LifeCycleEmitter, type LifeCycleEvents } from '../emitter'
import type { PipelineOptions } from '../handle-request'
import { HandlerList, validateHandlers } from '../handler-list'
import { format } from '../messages'
import type { RequestHandler } from '../request-handler'
import { validateStrategy, type UnhandledRequestStrategy } from '../unhandled-request'
import { warnIfNoGlobalWebSocket } from '../../ws/no-global-websocket'
import { InterceptorSource } from './interceptor-source'

export interface ListenOptions {
  /** What to do with requests no handler matches. Default: 'warn'. */
  onUnhandledRequest?: UnhandledRequestStrategy
}

export interface SetupServer {
  /** Starts intercepting requests made by this process. */
  listen(options?: ListenOptions): void
  /** Stops intercepting, ends mocked event streams still open, and restores fetch, http, https and XMLHttpRequest exactly. */
  close(): void
  /** Prepends runtime handlers (overrides) to the current scope's list. */
  use(...handlers: RequestHandler[]): void
  /** Drops overrides; with handlers, they replace the initial list. */
  resetHandlers(...handlers: RequestHandler[]): void
  /** Lets used `once` handlers answer again and restarts generator resolvers. */
  restoreHandlers(): void
  /** The current scope's handlers, in precedence order. */
  listHandlers(): readonly RequestHandler[]
  /**
   * Wraps a function so that, while it runs (and in everything async it starts), use() and
   * resetHandlers() change only its own copy of the handler list. Parallel boundaries never
   * see each other's overrides, `once` handlers or generator progress.
   */
  boundary<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result
  /** Lifecycle events: request:start, request:match, request:unhandled, request:end, response:mocked, response:bypass, unhandledException. */
  readonly events: LifeCycleEvents
}

/**
 * Sets up request interception in Node with the given initial handlers.
 * Nothing is intercepted until `listen()`.
 */
export function setupServer(...handlers: RequestHandler[]): SetupServer {
  const initial = validateHandlers('setupServer()', handlers)
  const root = new HandlerList(initial)
  const scopes = new AsyncLocalStorage<HandlerList>()
  const emitter = new LifeCycleEmitter()
  let pipeline: PipelineOptions = { emitter, onUnhandledRequest: 'warn' }
  // Aborted by close(): responses still streaming (event streams) end with it.
  let lifetime = new AbortController()
  const active = () => scopes.getStore() ?? root
  const source = new InterceptorSource(active, () => pipeline, emitter)

  return {
    events: emitter,
    listen(options = {}) {
      if (source.applied) {
        throw new Error(
          format(
            'server.listen() was called while the server is already listening. Call it once (for example in a global setup file), or call server.close() first.',
          ),
        )
      }
      lifetime = new AbortController()
      pipeline = { emitter, onUnhandledRequest: validateStrategy(options.onUnhandledRequest), lifetime: lifetime.signal }
      source.apply()
      warnIfNoGlobalWebSocket(active().current())
    },
    close() {
      // A second close() is harmless, as in MSW 2.
      if (source.applied) source.dispose()
      lifetime.abort()
    },
    use(...next) {
      active().use(validateHandlers('server.use()', next))
      if (source.applied) warnIfNoGlobalWebSocket(next)
    },
    resetHandlers(...next) {
      active().reset(next.length > 0 ? validateHandlers('server.resetHandlers()', next) : undefined)
    },
    restoreHandlers() {
      active().restore()
    },
    listHandlers() {
      return active().current()
    },
    boundary(callback) {
      if (typeof callback !== 'function') {
        throw new TypeError(format('server.boundary(callback) needs a function to wrap.'))
      }
      return (...args) => scopes.run(new HandlerList(active().current()), callback, ...args)
    },
  }
}
