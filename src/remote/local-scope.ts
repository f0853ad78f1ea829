import type { AsyncLocalStorage } from 'node:async_hooks'
import { HandlerList, validateHandlers } from '../runtime/handler-list'
import type { RequestHandler } from '../runtime/request-handler'
import type { RemoteScope } from './remote-scope'
import type { ResolveScope } from './answer-resolve'

/**
 * One test's scope in the remote: its own copy of the handler list (overrides, `once` and
 * generator state), named by a random id the test sends to the app as a request header. The app
 * resolves the requests it makes while serving those requests here, and nowhere else.
 */
export class LocalScope implements RemoteScope, ResolveScope {
  readonly id: string = crypto.randomUUID()
  readonly list: HandlerList
  readonly #ended = new AbortController()

  constructor(
    handlers: readonly RequestHandler[],
    private readonly header: string,
    private readonly current: AsyncLocalStorage<LocalScope>,
    private readonly onClose: (scope: LocalScope) => void,
  ) {
    this.list = new HandlerList(handlers)
  }

  get ended(): AbortSignal {
    return this.#ended.signal
  }

  /** The header to send with each request to the app that belongs to this scope. */
  get headers(): Record<string, string> {
    return { [this.header]: this.id }
  }

  use(...handlers: RequestHandler[]): void {
    this.list.use(validateHandlers('scope.use()', handlers))
  }

  resetHandlers(...handlers: RequestHandler[]): void {
    this.list.reset(handlers.length > 0 ? validateHandlers('scope.resetHandlers()', handlers) : undefined)
  }

  restoreHandlers(): void {
    this.list.restore()
  }

  listHandlers(): readonly RequestHandler[] {
    return this.list.current()
  }

  pendingHandlers(): readonly RequestHandler[] {
    return this.list.pending()
  }

  /** Runs `callback` with this scope current: `remote.use()` and `remote.headers()` inside it mean this scope. */
  run<Args extends unknown[], Result>(callback: (...args: Args) => Result, ...args: Args): Result {
    return this.current.run(this, callback, ...args)
  }

  /** Ends the scope: requests of it still in flight fail with an error saying so, later ones are refused. */
  close(): void {
    if (this.#ended.signal.aborted) return
    this.#ended.abort()
    this.onClose(this)
  }
}
