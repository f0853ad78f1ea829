import { MocklibTypeError } from './errors'
import { HandlerIndex, type Candidates } from './handler-index'
import { HandlerStateStore } from './handler-state'
import { messages } from './messages'
import type { RequestHandler } from './request-handler'
import { isRequestHandler } from './request-handler'
import type { RequestContext } from './request-context'
import type { RequestExpander } from './request-expander'
import type { HandlerScope } from './resolve-request'

/**
 * One scope's ordered handler list (SPEC section 3): initial handlers, with runtime
 * overrides prepended by use(). A server has one; every boundary has its own; each
 * `getResponse()` call makes one (sharing one state store).
 */
export class HandlerList implements HandlerScope {
  #initial: readonly RequestHandler[]
  #overrides: RequestHandler[] = []
  #current: readonly RequestHandler[] | undefined
  #expanders: readonly RequestExpander[] | undefined
  #index: HandlerIndex | undefined
  #indexBase: string | undefined
  /** Kept in their place but left out of current() (a mock server's switched-off handlers). */
  #disabled: ReadonlySet<RequestHandler> = new Set()
  /** `once` and generator progress of handlers, for this scope. */
  readonly store: HandlerStateStore

  constructor(initial: readonly RequestHandler[], store: HandlerStateStore = new HandlerStateStore()) {
    this.store = store
    // Frozen: listHandlers() hands this array out, and a caller must not reorder our state.
    this.#initial = Object.isFrozen(initial) ? initial : Object.freeze([...initial])
  }

  /** Overrides first, then initial handlers: the order precedence follows. */
  current(): readonly RequestHandler[] {
    if (this.#current === undefined) {
      const listed = this.listed()
      this.#current = this.#disabled.size === 0 ? listed : Object.freeze(listed.filter((h) => !this.#disabled.has(h)))
    }
    return this.#current
  }

  /** Every handler in precedence order, switched-off ones included. */
  listed(): readonly RequestHandler[] {
    return this.#overrides.length === 0 ? this.#initial : Object.freeze([...this.#overrides, ...this.#initial])
  }

  /** Switches handlers off (they keep their place and state) or, with an empty set, all back on. */
  disable(handlers: ReadonlySet<RequestHandler>): void {
    this.#disabled = handlers
    this.#changed()
  }

  /** The distinct expanders of the current handlers (none for a REST-only list). */
  expanders(): readonly RequestExpander[] {
    if (this.#expanders === undefined) {
      const found = new Set<RequestExpander>()
      for (const handler of this.current()) if (handler.expander !== undefined) found.add(handler.expander)
      this.#expanders = [...found]
    }
    return this.#expanders
  }

  use(handlers: readonly RequestHandler[]): void {
    this.#overrides = [...handlers, ...this.#overrides]
    this.#changed()
  }

  /**
   * No arguments: back to the initial list. With handlers: they become the initial list.
   * Returns the handlers that left the list.
   */
  reset(next: readonly RequestHandler[] | undefined): readonly RequestHandler[] {
    const leaving = this.current()
    if (next !== undefined) this.#initial = Object.freeze([...next])
    this.#overrides = []
    this.store.resetGenerators(leaving)
    this.store.keptUntilReset = new WeakMap()
    this.store.history?.clear()
    this.#changed()
    const staying = new Set(this.current())
    const left = leaving.filter((handler) => !staying.has(handler))
    this.store.removed(left)
    return left
  }

  /** The handlers of the current list no request reached in this scope, in precedence order. */
  pending(handlers: readonly RequestHandler[] = this.current()): RequestHandler[] {
    return handlers.filter((handler) => this.store.isPending(handler))
  }

  /** Lets `once` handlers answer again, restarting their generators (others keep theirs, as in MSW). */
  restore(): void {
    this.store.restore(this.current().filter((handler) => handler.options.once === true))
  }

  /** The handlers worth trying for a request, in list order. */
  candidates(ctx: RequestContext): Candidates {
    const handlers = this.current()
    if (handlers.length < 4) return handlers
    if (this.#index === undefined || this.#indexBase !== ctx.baseUrl) {
      this.#index = new HandlerIndex(handlers, ctx.baseUrl)
      this.#indexBase = ctx.baseUrl
    }
    return this.#index.candidates(ctx)
  }

  #changed(): void {
    this.#current = undefined
    this.#expanders = undefined
    this.#index = undefined
  }
}

/** Checks what setupServer(), use() and resetHandlers() received; throws a clear error if wrong. */
export function validateHandlers(api: string, handlers: readonly unknown[]): RequestHandler[] {
  if (handlers.length === 1 && Array.isArray(handlers[0])) {
    throw new MocklibTypeError('MOCKLIB_INVALID_HANDLERS', messages.spreadHandlers(api))
  }
  handlers.forEach((handler, index) => {
    if (Array.isArray(handler)) throw new MocklibTypeError('MOCKLIB_INVALID_HANDLERS', messages.spreadHandlers(api))
    if (!isRequestHandler(handler))
      throw new MocklibTypeError('MOCKLIB_INVALID_HANDLERS', messages.notAHandler(api, handler, index))
  })
  return handlers as RequestHandler[]
}
