import type { RequestHandler, ResolverCleanup } from './request-handler'

/** What one scope remembers about one handler between requests. */
export interface HandlerRunState {
  /** A `once` handler has answered. */
  used: boolean
  /** A generator resolver in progress. */
  iterator: Iterator<unknown, unknown, unknown> | AsyncIterator<unknown, unknown, unknown> | undefined
  /** The generator returned: its last response repeats for every later request. */
  done: boolean
  /** An unread copy of the last response the generator produced, cloned for each replay. */
  final: unknown
  /** Cleanups registered with finalize() for the generator in progress (run when it finishes). */
  cleanups?: ResolverCleanup[]
}

/**
 * Run state of handlers within one scope (a server, a boundary, or `getResponse`).
 * Kept outside handler objects so that the same handler in two boundaries has two states.
 */
export class HandlerStateStore {
  #states = new WeakMap<RequestHandler, HandlerRunState>()

  get(handler: RequestHandler): HandlerRunState {
    let state = this.#states.get(handler)
    if (state === undefined) {
      state = { used: false, iterator: undefined, done: false, final: undefined }
      this.#states.set(handler, state)
    }
    return state
  }

  peek(handler: RequestHandler): HandlerRunState | undefined {
    return this.#states.get(handler)
  }

  /** Forgets generator progress (resetHandlers): generators start over. */
  resetGenerators(handlers: Iterable<RequestHandler>): void {
    for (const handler of handlers) {
      const state = this.#states.get(handler)
      if (state === undefined) continue
      closeIterator(state.iterator)
      state.iterator = undefined
      state.done = false
      state.final = undefined
      state.cleanups = undefined
    }
  }

  /** Forgets everything about these handlers (restoreHandlers): they answer again, generators restart. */
  restore(handlers: Iterable<RequestHandler>): void {
    for (const handler of handlers) {
      closeIterator(this.#states.get(handler)?.iterator)
      this.#states.delete(handler)
    }
  }
}

/** Ends an abandoned generator, so its `finally` blocks run (a generator mid-step refuses: ignored). */
function closeIterator(iterator: HandlerRunState['iterator']): void {
  if (typeof iterator?.return !== 'function') return
  try {
    void Promise.resolve(iterator.return()).catch(() => {})
  } catch {
    // Still running: it ends on its own.
  }
}
