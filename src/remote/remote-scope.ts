import type { HandlerListApi } from '../runtime/setup-api'

/** A test's scope in the remote (`remote.createScope()`, or the one `remote.boundary()` makes). */
export interface RemoteScope extends Omit<HandlerListApi, 'events'> {
  /** The scope's id: random, sent to the app in the scope header. */
  readonly id: string
  /** The header to send with each request to the app that belongs to this scope. */
  readonly headers: Record<string, string>
  /** Aborted when the scope ends. */
  readonly ended: AbortSignal
  /** Runs `callback` with this scope current: `remote.use()` and `remote.headers()` inside it mean this scope. */
  run<Args extends unknown[], Result>(callback: (...args: Args) => Result, ...args: Args): Result
  /** Ends the scope: requests of it still in flight fail with an error saying so, later ones are refused. */
  close(): void
}
