import type { WebSocketListener, WebSocketListenerTarget } from './types'

/**
 * Listeners of several handlers on one connection share one event target per side (the
 * intercepted client, the real server). Each handler's listeners are wrapped so that:
 * - `event.stopPropagation()` in one handler's listener keeps the event from the listeners of
 *   every other handler (the handler's own later listeners still run), as in MSW;
 * - `event.stopImmediatePropagation()` stops every later listener (the platform does that);
 * - a listener that throws is reported through `onError` instead of escaping as an
 *   uncaught exception.
 */

/** The handler a listener belongs to; any object identity works. */
export type ListenerOwner = object

interface PropagationState {
  /** The owner whose listener is running. */
  running: ListenerOwner | undefined
  /** The owner that called stopPropagation(). */
  stoppedBy: ListenerOwner | undefined
}

const propagation = new WeakMap<Event, PropagationState>()

function stateOf(event: Event): PropagationState {
  let state = propagation.get(event)
  if (state === undefined) {
    state = { running: undefined, stoppedBy: undefined }
    propagation.set(event, state)
    const original = event.stopPropagation
    Object.defineProperty(event, 'stopPropagation', {
      configurable: true,
      value(this: Event) {
        const current = propagation.get(event)
        if (current !== undefined) current.stoppedBy ??= current.running
        return original.call(this)
      },
    })
  }
  return state
}

/** How many handlers share a connection: propagation only matters when there are several. */
export interface ListenerOwners {
  readonly several: boolean
}

/** The listener to register on the shared target in place of `listener`. */
export function chainListener<E extends Event>(
  owner: ListenerOwner,
  owners: ListenerOwners,
  listener: (event: E) => void,
  onError: (error: unknown) => void,
): (event: E) => void {
  return function chained(this: unknown, event: E) {
    // One handler (the usual case): nothing to stop across handlers, so no bookkeeping per frame.
    if (!owners.several) {
      try {
        listener.call(this, event)
      } catch (error) {
        onError(error)
      }
      return
    }
    const state = stateOf(event)
    if (state.stoppedBy !== undefined && state.stoppedBy !== owner) return
    state.running = owner
    try {
      listener.call(this, event)
    } catch (error) {
      onError(error)
    } finally {
      state.running = undefined
    }
  }
}

/** A raw event target of the interceptor (its client or its server connection). */
export interface RawListenerTarget {
  addEventListener(type: string, listener: (event: never) => void, options?: AddEventListenerOptions | boolean): void
  removeEventListener(type: string, listener: (event: never) => void): void
}

/**
 * One handler's way of listening on a shared target: its listeners are chained (see above),
 * and removeEventListener finds the chained version of a listener.
 */
export class ListenerView<EventMap> implements WebSocketListenerTarget<EventMap> {
  readonly #chained = new Map<keyof EventMap, WeakMap<object, (event: never) => void>>()

  constructor(
    private readonly target: RawListenerTarget,
    private readonly owner: ListenerOwner,
    private readonly owners: ListenerOwners,
    private readonly onError: (error: unknown) => void,
  ) {}

  addEventListener<E extends keyof EventMap>(
    type: E,
    listener: WebSocketListener<EventMap[E]>,
    options?: AddEventListenerOptions | boolean,
  ): void {
    let byListener = this.#chained.get(type)
    if (byListener === undefined) this.#chained.set(type, (byListener = new WeakMap()))
    let chained = byListener.get(listener)
    if (chained === undefined) {
      chained = chainListener(this.owner, this.owners, listener as (event: Event) => void, this.onError)
      byListener.set(listener, chained)
    }
    this.target.addEventListener(String(type), chained, options)
  }

  removeEventListener<E extends keyof EventMap>(type: E, listener: WebSocketListener<EventMap[E]>): void {
    const chained = this.#chained.get(type)?.get(listener)
    if (chained !== undefined) this.target.removeEventListener(String(type), chained)
  }
}
