import { MocklibTypeError } from '../runtime/errors'
import { format } from '../runtime/messages'
import type {
  GraphQLPassthroughEvent,
  GraphQLPassthroughEventMap,
  GraphQLPassthroughListener,
  GraphQLPassthroughSubscription,
} from './types'

type EventType = keyof GraphQLPassthroughEventMap<object | null>
type AnyListener = (event: GraphQLPassthroughEvent) => void

/** One message of the real server; only `next`, `error` and `complete` can be kept from the client. */
class PassthroughEvent implements GraphQLPassthroughEvent {
  #prevented = false

  constructor(
    readonly type: EventType,
    readonly data: unknown,
  ) {}

  get defaultPrevented(): boolean {
    return this.#prevented
  }

  preventDefault(): void {
    if (this.type !== 'connection_ack') this.#prevented = true
  }
}

/**
 * What `subscription.passthrough()` returns: one passed-through subscription's view of the
 * real server (passthrough-connection.ts dispatches its messages here before relaying them).
 * An inert one (`stop` a no-op, nothing dispatched) stands for a passthrough that could not start.
 */
export class PassthroughSubscription implements GraphQLPassthroughSubscription<object | null> {
  readonly #label: string
  readonly #stop: () => void
  readonly #listeners = new Map<EventType, Set<AnyListener>>()
  #stopped = false

  constructor(label: string, stop: () => void = () => {}) {
    this.#label = label
    this.#stop = stop
  }

  addEventListener<Type extends EventType>(
    type: Type,
    listener: GraphQLPassthroughListener<object | null, Type>,
  ): void {
    if (typeof listener !== 'function') {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        format(
          `subscription.passthrough().addEventListener("${String(type)}") of the subscription "${this.#label}" needs a function, got ${typeof listener}.`,
        ),
      )
    }
    let listeners = this.#listeners.get(type)
    if (listeners === undefined) this.#listeners.set(type, (listeners = new Set()))
    listeners.add(listener as AnyListener)
  }

  removeEventListener<Type extends EventType>(
    type: Type,
    listener: GraphQLPassthroughListener<object | null, Type>,
  ): void {
    this.#listeners.get(type)?.delete(listener as AnyListener)
  }

  unsubscribe(): void {
    if (this.#stopped) return
    this.#stopped = true
    this.#stop()
  }

  /** @internal Gives a message of the real server to the listeners; false when one kept it from the client. */
  dispatch(type: EventType, data: unknown): boolean {
    const event = new PassthroughEvent(type, data)
    for (const listener of [...(this.#listeners.get(type) ?? [])]) {
      try {
        listener(event)
      } catch (error) {
        console.error(
          format(
            `A subscription.passthrough() "${type}" listener of the subscription "${this.#label}" threw; the other listeners still ran.`,
          ),
          error,
        )
      }
    }
    return !event.defaultPrevented
  }
}
