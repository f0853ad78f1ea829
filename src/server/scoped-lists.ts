// Per-client scopes of the mock server: handlers `POST /__mocklib/use` added with a `scope` answer
// only requests that carry that scope in the `x-mocklib-scope` header (the remote's scope header),
// ahead of the server's own list; other clients never see them.
import { HandlerList } from '../runtime/handler-list'
import type { RequestHandler } from '../runtime/request-handler'

interface Scope {
  overrides: RequestHandler[]
  /** The list requests of the scope resolve against, made for `base` (the server's current handlers). */
  list?: HandlerList
  base?: readonly RequestHandler[]
}

export class ScopedLists {
  readonly #scopes = new Map<string, Scope>()

  use(scope: string, handler: RequestHandler): void {
    const entry = this.#scopes.get(scope) ?? { overrides: [] }
    entry.overrides = [handler, ...entry.overrides]
    entry.list = undefined
    this.#scopes.set(scope, entry)
  }

  /** Drops one scope's handlers, or every scope's; returns the handlers that left. */
  reset(scope?: string): RequestHandler[] {
    const leaving = scope === undefined ? [...this.#scopes.values()] : [this.#scopes.get(scope) ?? { overrides: [] }]
    if (scope === undefined) this.#scopes.clear()
    else this.#scopes.delete(scope)
    return leaving.flatMap((entry) => entry.overrides)
  }

  /**
   * The list a request of `scope` resolves against: the scope's handlers, then `base`'s current
   * ones, sharing `base`'s state (a `once` handler answers once, whichever client asks). `base`
   * itself for a request without a scope, or of a scope nothing was added to.
   */
  listFor(scope: string | undefined, base: HandlerList): HandlerList {
    const entry = scope === undefined ? undefined : this.#scopes.get(scope)
    if (entry === undefined) return base
    const current = base.current()
    if (entry.list === undefined || entry.base !== current) {
      entry.list = new HandlerList([...entry.overrides, ...current], base.store)
      entry.base = current
    }
    return entry.list
  }
}
