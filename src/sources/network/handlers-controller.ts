import { HandlerList, validateHandlers } from '../../runtime/handler-list'
import type { RequestHandler } from '../../runtime/request-handler'

/**
 * Where a network keeps its handlers (MSW 3's handlers controller). mocklib has one kind,
 * `InMemoryHandlersController`: the same handler list, overrides and `once` state a
 * `setupServer()` has.
 */
export abstract class HandlersController {
  /** Prepends runtime handlers (overrides). */
  abstract use(handlers: readonly RequestHandler[]): void
  /** Drops overrides; with handlers, they replace the initial list. */
  abstract reset(handlers: readonly RequestHandler[]): void
  /** Lets used `once` handlers answer again. */
  abstract restore(): void
  /** The handlers in precedence order. */
  abstract listHandlers(): readonly RequestHandler[]
}

export class InMemoryHandlersController extends HandlersController {
  /** @internal The list the pipeline resolves against. */
  readonly list: HandlerList

  constructor(initialHandlers: readonly RequestHandler[] = []) {
    super()
    this.list = new HandlerList(validateHandlers('new InMemoryHandlersController()', initialHandlers))
  }

  use(handlers: readonly RequestHandler[]): void {
    this.list.use(validateHandlers('network.use()', handlers))
  }

  reset(handlers: readonly RequestHandler[]): void {
    this.list.reset(handlers.length > 0 ? validateHandlers('network.resetHandlers()', handlers) : undefined)
  }

  restore(): void {
    this.list.restore()
  }

  listHandlers(): readonly RequestHandler[] {
    return this.list.current()
  }
}
