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
  /** The application's socket closing: the realm's `CloseEvent` where it has one. */
  close(code: number, reason: string, wasClean: boolean): Event
  /** A frame or a close as handlers see it: cancelable, and stopPropagation() stays per handler. */
  handlerMessage(data: WebSocketData): HandlerEvent & { readonly data: WebSocketData }
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
  class PropagationEvent extends Base implements HandlerEvent {
    running: object | undefined = undefined
    stoppedBy: object | undefined = undefined
    stoppedNow = false

    override stopPropagation(): void {
      this.stoppedBy ??= this.running
      super.stopPropagation()
    }

    override stopImmediatePropagation(): void {
      this.stoppedNow = true
      super.stopImmediatePropagation()
    }
  }
  class HandlerMessageEvent extends PropagationEvent {
    constructor(readonly data: WebSocketData) {
      super('message', { cancelable: true })
    }
  }
  class HandlerCloseEvent extends PropagationEvent implements CloseMembers {
    constructor(
      readonly code: number,
      readonly reason: string,
      readonly wasClean: boolean,
      cancelable: boolean,
    ) {
      super('close', { cancelable })
    }
  }
  /**
   * A `MessageEvent` of the realm, made without its constructor's argument conversion (the
   * slow part, in Node, of delivering a frame): a plain event carrying MessageEvent's
   * members on its own prototype, which inherits MessageEvent's so `instanceof MessageEvent` holds.
   */
  class SocketMessageEvent extends Base {
    readonly #data: WebSocketData
    readonly #origin: string
    constructor(data: WebSocketData, origin: string) {
      super('message')
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
  if (Message !== undefined) Object.setPrototypeOf(SocketMessageEvent.prototype, Message.prototype)
  class SocketCloseEvent extends Base {
    constructor(
      readonly code: number,
      readonly reason: string,
      readonly wasClean: boolean,
    ) {
      super('close')
    }
  }
  return {
    event: (type) => new Base(type),
    message: (data, origin) => new SocketMessageEvent(data, origin),
    close:
      Close === undefined
        ? (code, reason, wasClean) => new SocketCloseEvent(code, reason, wasClean)
        : (code, reason, wasClean) => new Close('close', { code, reason, wasClean }),
    handlerMessage: (data) => new HandlerMessageEvent(data),
    handlerClose: (code, reason, wasClean, cancelable) => new HandlerCloseEvent(code, reason, wasClean, cancelable),
    handlerEvent: (type, cancelable) => new PropagationEvent(type, { cancelable }),
  }
}
