import type { WebSocketData } from './types'

/**
 * The events of one realm (Node's globals, jsdom's, a page's), for the intercepted socket and
 * for handlers' listeners. Built from that realm's `Event` at patch time: an EventTarget of
 * jsdom accepts only jsdom's events.
 */
export interface SocketEvents {
  /** A plain event of the realm (`open`, `error`) for the application's socket. */
  event(type: string): Event
  /** A frame arriving at the application's socket: a `MessageEvent` of the realm. */
  message(data: WebSocketData, origin: string): Event
  /** The application's socket closing: a `CloseEvent` of the realm where it has that class. */
  close(code: number, reason: string, wasClean: boolean): Event
  /** A frame or a close as handlers see it: cancelable, and stopPropagation() stays per handler. */
  handlerMessage(data: WebSocketData, origin: string): HandlerEvent & { readonly data: WebSocketData }
  handlerClose(code: number, reason: string, wasClean: boolean, cancelable: boolean): HandlerEvent & CloseMembers
  handlerEvent(type: string, cancelable: boolean): HandlerEvent
}

interface CloseMembers {
  readonly code: number
  readonly reason: string
  readonly wasClean: boolean
}

/**
 * What the listener lists of a connection (owned-listeners.ts) read off an event they run:
 * which handler called stopPropagation(), and whether stopImmediatePropagation() was called.
 */
export interface HandlerEvent extends Event {
  /** @internal The handler whose listener is running. */
  running: object | undefined
  /** @internal The handler whose listener called stopPropagation(). */
  stoppedBy: object | undefined
  /** @internal stopImmediatePropagation() was called. */
  stoppedNow: boolean
  /**
   * @internal What `target` reads, since handlers' listeners run from a list, not an
   * EventTarget: the application's socket for the client's events, the real socket for the
   * server's (as in MSW).
   */
  listenerTarget: EventTarget | null
}

interface Realm {
  Event: typeof Event
  MessageEvent?: typeof MessageEvent
  CloseEvent?: typeof CloseEvent
}

const byRealm = new WeakMap<typeof Event, SocketEvents>()

export function socketEvents(realm: Realm): SocketEvents {
  let events = byRealm.get(realm.Event)
  if (events === undefined) byRealm.set(realm.Event, (events = createSocketEvents(realm)))
  return events
}

function createSocketEvents({ Event: Base, MessageEvent: Message, CloseEvent: Close }: Realm): SocketEvents {
  /** An event class of the realm whose instances track stopPropagation() per handler (HandlerEvent). */
  const propagating = () =>
    class PropagationEvent extends Base implements HandlerEvent {
      running: object | undefined = undefined
      stoppedBy: object | undefined = undefined
      stoppedNow = false
      listenerTarget: EventTarget | null = null

      override get target(): EventTarget | null {
        return this.listenerTarget ?? super.target
      }

      override get currentTarget(): EventTarget | null {
        return this.running === undefined ? super.currentTarget : this.listenerTarget
      }

      override stopPropagation(): void {
        this.stoppedBy ??= this.running
        super.stopPropagation()
      }

      override stopImmediatePropagation(): void {
        this.stoppedNow = true
        super.stopImmediatePropagation()
      }
    }
  const PlainEvent = propagating()
  /*
   * Frames and closes, for the application's socket and for handlers alike, are the realm's
   * `MessageEvent` and `CloseEvent` (`instanceof` holds, their members are there), made without
   * those constructors' argument conversion, the slow part of delivering a frame in Node: a
   * plain event whose class reads its own members and inherits the realm's prototype.
   */
  const MessageBase = propagating()
  if (Message !== undefined) Object.setPrototypeOf(MessageBase.prototype, Message.prototype)
  class FrameEvent extends MessageBase {
    readonly #data: WebSocketData
    readonly #origin: string
    constructor(data: WebSocketData, origin: string, cancelable: boolean) {
      super('message', { cancelable })
      this.#data = data
      this.#origin = origin
    }
    get data(): WebSocketData {
      return this.#data
    }
    get origin(): string {
      return this.#origin
    }
    get lastEventId(): string {
      return ''
    }
    get source(): null {
      return null
    }
    get ports(): readonly never[] {
      return []
    }
  }
  const CloseBase = propagating()
  if (Close !== undefined) Object.setPrototypeOf(CloseBase.prototype, Close.prototype)
  class ClosingEvent extends CloseBase implements CloseMembers {
    readonly #code: number
    readonly #reason: string
    readonly #wasClean: boolean
    constructor(code: number, reason: string, wasClean: boolean, cancelable: boolean) {
      super('close', { cancelable })
      this.#code = code
      this.#reason = reason
      this.#wasClean = wasClean
    }
    get code(): number {
      return this.#code
    }
    get reason(): string {
      return this.#reason
    }
    get wasClean(): boolean {
      return this.#wasClean
    }
  }
  return {
    event: (type) => new Base(type),
    message: (data, origin) => new FrameEvent(data, origin, false),
    close: (code, reason, wasClean) => new ClosingEvent(code, reason, wasClean, false),
    handlerMessage: (data, origin) => new FrameEvent(data, origin, true),
    handlerClose: (code, reason, wasClean, cancelable) => new ClosingEvent(code, reason, wasClean, cancelable),
    handlerEvent: (type, cancelable) => new PlainEvent(type, { cancelable }),
  }
}
