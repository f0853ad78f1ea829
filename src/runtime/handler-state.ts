import type { ChaosSteps } from './chaos-steps'
import type { CallHistory } from './call-history'
import type { HandlerShape, ResolverCleanup } from './handler-shape'
import { closeIterator } from './iterate-until'
import type { WhenHandlerRemoved } from './outlives-request'
import { runCleanups } from './resolver-cleanups'
import { sharedAcrossBuilds } from './shared-across-builds'
import type { NetworkConditions } from './throttle'

/** What one scope remembers about one handler between requests. */
export interface HandlerRunState {
  /** A `once` handler has answered. */
  used: boolean
  /** A request reached the resolver in this scope (pendingHandlers() lists handlers without it). */
  reached?: boolean
  /** A generator resolver in progress. */
  iterator: Iterator<unknown, unknown, unknown> | AsyncIterator<unknown, unknown, unknown> | undefined
  /** The generator returned: its last response repeats for every later request. */
  done: boolean
  /** An unread copy of the last response the generator produced, cloned for each replay. */
  final: unknown
  /** Cleanups registered with finalize() for the generator in progress (run when it finishes). */
  cleanups?: ResolverCleanup[]
  /** What to end when the handler leaves this scope's list (subscriptions it still serves). */
  removed?: Set<() => void>
  /** The one registration function for `removed` handed to this handler's runs in this scope. */
  whenRemoved?: WhenHandlerRemoved
}

/**
 * Run state of handlers within one scope (a server, a boundary, or `getResponse`).
 * Kept outside handler objects so that the same handler in two boundaries has two states.
 */
export class HandlerStateStore {
  #states = new WeakMap<HandlerShape, HandlerRunState>()
  /** What handlers keep in this scope besides their run state, by owner (`RequestContext.inScope`). */
  readonly kept: WeakMap<object, unknown> = new WeakMap()
  /** The same, forgotten by every `resetHandlers()` (`RequestContext.inScope(..., 'until reset')`). */
  keptUntilReset: WeakMap<object, unknown> = new WeakMap()

  /** The link requests of this scope cross (`listen({ network })`); none: answers arrive at once. */
  network: Readonly<NetworkConditions> | 'offline' | undefined

  /** The chaos every request and mocked connection of this scope meets (`listen({ chaos })`). */
  chaos: ChaosSteps | undefined

  /** The requests this scope resolved, when its server keeps a history (`listen({ history })`). */
  constructor(public history: CallHistory | undefined = undefined) {}

  get(handler: HandlerShape): HandlerRunState {
    let state = this.#states.get(handler)
    if (state === undefined) {
      state = { used: false, iterator: undefined, done: false, final: undefined }
      this.#states.set(handler, state)
    }
    return state
  }

  peek(handler: HandlerShape): HandlerRunState | undefined {
    return this.#states.get(handler)
  }

  /**
   * Runs `callback` when `handler` leaves this scope's list (resetHandlers() without it), for
   * work that outlives a request, such as a subscription. Returns the function that cancels it.
   */
  onRemoved(handler: HandlerShape, callback: () => void): () => void {
    const state = this.get(handler)
    const callbacks = (state.removed ??= new Set())
    callbacks.add(callback)
    return () => callbacks.delete(callback)
  }

  /**
   * `onRemoved` for `handler`, as one function made once per handler and scope: what the loop
   * gives each run that may outlive its request, and the connection pipeline each connection.
   */
  whenRemoved(handler: HandlerShape): WhenHandlerRemoved {
    const state = this.get(handler)
    return (state.whenRemoved ??= (callback) => this.onRemoved(handler, callback))
  }

  /** These handlers left the list: what they still serve in this scope ends. */
  removed(handlers: Iterable<HandlerShape>): void {
    for (const handler of handlers) {
      const callbacks = this.#states.get(handler)?.removed
      if (callbacks === undefined) continue
      for (const callback of [...callbacks]) {
        callbacks.delete(callback)
        callback()
      }
    }
  }

  /** No request reached the handler in this scope, or it is a `once` handler not yet spent. */
  isPending(handler: HandlerShape): boolean {
    const state = this.#states.get(handler)
    if (state === undefined) return true
    return handler.options.once === true ? !state.used : state.reached !== true
  }

  /** Forgets generator progress (resetHandlers): generators start over. */
  resetGenerators(handlers: Iterable<HandlerShape>): void {
    for (const handler of handlers) {
      const state = this.#states.get(handler)
      if (state === undefined) continue
      abandonGenerator(handler, state)
      state.done = false
      state.final = undefined
    }
  }

  /** Forgets everything about these handlers (restoreHandlers): they answer again, generators restart. */
  restore(handlers: Iterable<HandlerShape>): void {
    for (const handler of handlers) {
      const state = this.#states.get(handler)
      if (state !== undefined) abandonGenerator(handler, state)
      this.#states.delete(handler)
      // What the handler still serves stays bound to its leaving the list.
      if (state?.removed !== undefined) this.get(handler).removed = state.removed
      if (handler.options.once === true) usedHandlers.delete(handler)
    }
  }
}

/**
 * A generator left mid-way (resetHandlers, restoreHandlers): its `finally` blocks run, and so
 * do its finalize() cleanups, which would otherwise never run (a timer kept forever).
 */
function abandonGenerator(handler: HandlerShape, state: HandlerRunState): void {
  closeIterator(state.iterator) // a generator mid-step ends on its own
  state.iterator = undefined
  const cleanups = state.cleanups
  state.cleanups = undefined
  void runCleanups(handler, cleanups)
}

/**
 * Handlers whose resolver has run to an answer in any scope (a generator: to its end), for
 * MSW's `handler.isUsed`. Only an observation: lookup never reads it.
 */
// Marked by the loop of the server's build, read by `isUsed` of the handler's build.
const usedHandlers = sharedAcrossBuilds('usedHandlers.v1', () => new WeakSet<HandlerShape>())

export function markHandlerUsed(handler: HandlerShape): void {
  usedHandlers.add(handler)
}

export function isHandlerUsed(handler: HandlerShape): boolean {
  return usedHandlers.has(handler)
}

/** The scope of handlers used outside any server or worker: `getResponse()` and `handler.run()`. */
export const directStore: HandlerStateStore = new HandlerStateStore()
