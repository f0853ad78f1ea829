import type { ListenerOptions } from './owned-listeners'
import type { HandlerEvent } from './socket-events'
import type {
  WebSocketClientConnectionProtocol,
  WebSocketClientSocket,
  WebSocketData,
  WebSocketListener,
  WebSocketListenerTarget,
  WebSocketServerConnectionProtocol,
} from './types'
import {
  extensionValues,
  type AnyWebSocketExtension,
  type WebSocketExtensionContext,
  type WebSocketExtensionMessageContext,
} from './websocket-extension'
import type { WebSocketConnection } from './websocket-connection'

type Side = WebSocketClientConnectionProtocol<unknown> | WebSocketServerConnectionProtocol<unknown>
type FrameEvent = HandlerEvent & { readonly data: WebSocketData; readonly origin: string }

/**
 * One extension applied to one connection: it decodes each frame once (every handler's listener
 * sees the same decoded events) and encodes what handlers send. Its context's client and server
 * are the views of the first handler that took the connection with this extension.
 */
export class ExtensionSession {
  readonly context: WebSocketExtensionContext<unknown>
  readonly #decoded = new WeakMap<Event, FrameEvent[]>()

  constructor(
    readonly extension: AnyWebSocketExtension,
    private readonly raw: WebSocketConnection,
    client: WebSocketClientConnectionProtocol,
    server: WebSocketServerConnectionProtocol,
  ) {
    this.context = {
      client: new ExtendedClient(client, this),
      server: new ExtendedServer(server, this),
      info: { protocols: raw.protocols },
    }
  }

  /** Whether the extension takes this connection. */
  matches(): boolean {
    return this.extension.match?.(this.context) ?? true
  }

  /** The client and server a handler sees: its own views, speaking the extension's messages. */
  views(
    client: WebSocketClientConnectionProtocol,
    server: WebSocketServerConnectionProtocol,
  ): { client: WebSocketClientConnectionProtocol<unknown>; server: WebSocketServerConnectionProtocol<unknown> } {
    return { client: new ExtendedClient(client, this), server: new ExtendedServer(server, this) }
  }

  encode(message: unknown, side: Side): Generator<WebSocketData> {
    return extensionValues(this.extension.encode(message, this.#messageContext(side)))
  }

  /** The decoded events a frame event carries, made on first use and shared by every listener. */
  decode(event: FrameEvent, side: Side): readonly FrameEvent[] {
    let decoded = this.#decoded.get(event)
    if (decoded === undefined) {
      decoded = []
      for (const message of extensionValues(this.extension.decode(event.data, this.#messageContext(side)))) {
        decoded.push(this.raw.events.handlerMessage(message as WebSocketData, event.origin) as FrameEvent)
      }
      this.#decoded.set(event, decoded)
    }
    return decoded
  }

  #messageContext(connection: Side): WebSocketExtensionMessageContext<unknown> {
    return { ...this.context, connection }
  }
}

/** One side's listeners, with `message` listeners given the decoded messages. */
class ExtendedListeners<EventMap> implements WebSocketListenerTarget<EventMap> {
  readonly #wrapped = new WeakMap<object, (event: FrameEvent) => void>()

  constructor(
    private readonly inner: WebSocketListenerTarget<EventMap>,
    protected readonly session: ExtensionSession,
  ) {}

  addEventListener<E extends keyof EventMap>(
    type: E,
    listener: WebSocketListener<EventMap[E]>,
    options?: ListenerOptions | boolean,
  ): void {
    if (type !== 'message' || typeof listener !== 'function')
      return this.inner.addEventListener(type, listener, options)
    let wrapped = this.#wrapped.get(listener)
    if (wrapped === undefined) this.#wrapped.set(listener, (wrapped = this.#wrap(listener as never)))
    this.inner.addEventListener(type, wrapped as never, options)
  }

  removeEventListener<E extends keyof EventMap>(type: E, listener: WebSocketListener<EventMap[E]>): void {
    const wrapped = type === 'message' ? this.#wrapped.get(listener as object) : undefined
    this.inner.removeEventListener(type, (wrapped ?? listener) as never)
  }

  #wrap(listener: (event: FrameEvent) => void): (event: FrameEvent) => void {
    const side = this as unknown as Side
    const session = this.session
    return function (this: unknown, event: FrameEvent) {
      for (const decoded of session.decode(event, side)) {
        if (event.stoppedNow) return
        decoded.running = event.running
        decoded.listenerTarget = event.listenerTarget
        listener.call(this, decoded)
        // What a listener does to the message is done to the frame: the listener lists read the frame.
        if (decoded.defaultPrevented && !event.defaultPrevented) event.preventDefault()
        if (decoded.stoppedBy !== undefined) event.stoppedBy ??= decoded.stoppedBy
        if (decoded.stoppedNow) event.stoppedNow = true
      }
    }
  }
}

class ExtendedClient extends ExtendedListeners<never> implements WebSocketClientConnectionProtocol<unknown> {
  constructor(
    private readonly client: WebSocketClientConnectionProtocol,
    session: ExtensionSession,
  ) {
    super(client as never, session)
  }

  get id(): string {
    return this.client.id
  }

  get url(): URL {
    return this.client.url
  }

  get socket(): WebSocketClientSocket {
    return this.client.socket
  }

  send(message: unknown): void {
    for (const frame of this.session.encode(message, this)) this.client.send(frame)
  }

  close(code?: number, reason?: string): void {
    this.client.close(code, reason)
  }
}

class ExtendedServer extends ExtendedListeners<never> implements WebSocketServerConnectionProtocol<unknown> {
  constructor(
    private readonly server: WebSocketServerConnectionProtocol,
    session: ExtensionSession,
  ) {
    super(server as never, session)
  }

  connect(): void {
    this.server.connect()
  }

  send(message: unknown): void {
    for (const frame of this.session.encode(message, this)) this.server.send(frame)
  }

  close(): void {
    this.server.close()
  }
}
