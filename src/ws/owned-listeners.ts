import type { HandlerEvent } from './socket-events'

/**
 * The listeners on one side of a connection (the client's frames, the real server's events),
 * each registered by an owner: the handler it belongs to, or the source (logging, passthrough).
 * Dispatching runs them in registration order, as an EventTarget would, and:
 * - `event.stopPropagation()` in one owner's listener keeps the event from every other owner's
 *   listeners (the owner's own later listeners still run), as in MSW;
 * - `event.stopImmediatePropagation()` stops every later listener;
 * - a listener that throws is reported with its owner instead of escaping.
 * A plain list instead of an EventTarget: a frame costs one loop, not a platform dispatch.
 */
export type ListenerOwner = object

/**
 * The owner of listeners that watch every event (the page's frame log): no handler's stopPropagation() hides one from
 * them.
 */
export const observer: ListenerOwner = Object.freeze({})

interface Entry {
  readonly type: string
  readonly listener: (event: never) => void
  readonly owner: ListenerOwner
  readonly once: boolean
  removed: boolean
}

export interface ListenerOptions {
  once?: boolean
  signal?: AbortSignal
}

export class OwnedListeners {
  /**
   * Per type, replaced (never changed in place) when listeners come or go: a dispatch runs the list it started with.
   */
  readonly #byType = new Map<string, readonly Entry[]>()

  constructor(
    /** `this` in listeners: the application's socket, as in MSW. */
    private readonly thisArg: unknown,
    private readonly onError: (error: unknown, owner: ListenerOwner) => void,
    /** The events' `target` (the application's socket unless given). */
    private readonly target: () => EventTarget | null = () => thisArg as EventTarget,
  ) {}

  has(type: string): boolean {
    return this.#byType.has(type)
  }

  add(type: string, listener: (event: never) => void, owner: ListenerOwner, options?: ListenerOptions | boolean): void {
    if (typeof listener !== 'function') return
    const entries = this.#byType.get(type) ?? []
    if (entries.some((entry) => entry.listener === listener && entry.owner === owner)) return
    const { once = false, signal } = typeof options === 'object' && options !== null ? options : {}
    if (signal?.aborted) return
    const entry: Entry = { type, listener, owner, once, removed: false }
    this.#byType.set(type, [...entries, entry])
    signal?.addEventListener('abort', () => this.#remove(entry), { once: true })
  }

  remove(type: string, listener: (event: never) => void, owner: ListenerOwner): void {
    const entry = this.#byType
      .get(type)
      ?.find((candidate) => candidate.listener === listener && candidate.owner === owner)
    if (entry !== undefined) this.#remove(entry)
  }

  /** Drops every listener (the connection closed: nothing can reach them any more). */
  clear(): void {
    for (const entries of this.#byType.values()) for (const entry of entries) entry.removed = true
    this.#byType.clear()
  }

  dispatch(event: HandlerEvent): void {
    const entries = this.#byType.get(event.type)
    if (entries === undefined) return
    event.listenerTarget ??= this.target()
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index]
      if (entry.removed) continue
      if (event.stoppedNow) return
      if (event.stoppedBy !== undefined && event.stoppedBy !== entry.owner && entry.owner !== observer) continue
      if (entry.once) this.#remove(entry)
      event.running = entry.owner
      try {
        ;(entry.listener as (event: Event) => void).call(this.thisArg, event)
      } catch (error) {
        this.onError(error, entry.owner)
      } finally {
        event.running = undefined
      }
    }
  }

  #remove(entry: Entry): void {
    if (entry.removed) return
    entry.removed = true
    const rest = (this.#byType.get(entry.type) ?? []).filter((candidate) => candidate !== entry)
    if (rest.length === 0) this.#byType.delete(entry.type)
    else this.#byType.set(entry.type, rest)
  }
}
