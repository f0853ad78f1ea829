import type { PathParams } from '../rest/path-pattern'
import type { PlatformMessageEvent } from '../runtime/message-event'

/** What a WebSocket frame may carry: text, or binary as a Blob, an ArrayBuffer or a view on one. */
export type WebSocketData = string | ArrayBufferLike | Blob | ArrayBufferView

/**
 * A frame arriving, as a listener sees it: the platform's `MessageEvent` carrying the frame
 * (`origin`, `lastEventId` and the rest, as MSW types it), in projects with or without the DOM lib.
 */
export type WebSocketMessageEvent = PlatformMessageEvent<WebSocketData>

/** A connection closing, as a listener sees it (the DOM's `CloseEvent`, see WebSocketMessageEvent). */
export interface WebSocketCloseEvent extends Event {
  readonly code: number
  readonly reason: string
  readonly wasClean: boolean
}

/** Events a mocked client connection emits (`Message`: what a link's extension decodes frames to). */
export interface WebSocketClientEventMap<Message = WebSocketData> {
  /** The client sent a frame. `preventDefault()` keeps it from the real server (after `server.connect()`). */
  message: PlatformMessageEvent<Message>
  /** The connection closed, from either side. */
  close: WebSocketCloseEvent
}

/** Events of the real server connection, once `server.connect()` was called. */
export interface WebSocketServerEventMap<Message = WebSocketData> {
  open: Event
  /** The real server sent a frame. `preventDefault()` keeps it from the client. */
  message: PlatformMessageEvent<Message>
  /** The real connection failed. `preventDefault()` keeps the error from the client. */
  error: Event
  /** The real server closed. `preventDefault()` keeps the client open. */
  close: WebSocketCloseEvent
}

/**
 * A listener for one event type. Declared method-style, so its parameter is compared both ways:
 * a listener written against the DOM's types (`(event: MessageEvent) => …`,
 * `(event: MessageEvent<string>) => …`, `(event: CloseEvent) => …`) fits, as the events
 * delivered are the platform's, while a listener for another event (a `CloseEvent` one on
 * `message`, `MessageEvent<number>`) is still refused.
 */
export type WebSocketListener<E> = { listener(event: E): void }['listener']

/** Listening on one side of a connection: the client's events or the real server's. */
export interface WebSocketListenerTarget<EventMap> {
  addEventListener<E extends keyof EventMap>(
    type: E,
    listener: WebSocketListener<EventMap[E]>,
    options?: { once?: boolean; signal?: AbortSignal } | boolean,
  ): void
  removeEventListener<E extends keyof EventMap>(type: E, listener: WebSocketListener<EventMap[E]>): void
}

/** The intercepted client, as a connection listener sees it. */
/**
 * The socket the application holds: its `WebSocket` (the class mocklib put in place of the
 * global one), or, for a client mocklib speaks frames with (the undici and `ws` packages'
 * clients, a handshake sent as an HTTP request), an EventTarget with the same `url`,
 * `readyState` and `protocol`.
 */
export type WebSocketClientSocket = EventTarget & {
  readonly url: string
  readonly readyState: number
  readonly protocol: string
}

export interface WebSocketClientConnectionProtocol<Message = WebSocketData> extends WebSocketListenerTarget<
  WebSocketClientEventMap<Message>
> {
  /** Unique per connection; the same in every handler that sees it. */
  readonly id: string
  /** The URL the client connected to. */
  readonly url: URL
  /** The application's socket (MSW has it at runtime too): see {@link WebSocketClientSocket}. */
  readonly socket: WebSocketClientSocket
  /** Sends a frame to the client (a message of the link's extension, encoded, when it has one). */
  send(data: Message): void
  /**
   * Closes the client. Any code from 1000 to 4999 reaches the client as given (reserved codes
   * such as 1001 or 1011 included, which a browser's own `close()` refuses).
   */
  close(code?: number, reason?: string): void
}

/** The real server behind a mocked connection: idle until `connect()`. */
export interface WebSocketServerConnectionProtocol<Message = WebSocketData> extends WebSocketListenerTarget<
  WebSocketServerEventMap<Message>
> {
  /**
   * Opens the real connection. From then on frames flow both ways (client → server and
   * server → client) unless a `message` listener calls `event.preventDefault()`.
   * Frames sent before it opens are queued.
   */
  connect(): void
  /** Sends a frame to the real server (after `connect()`), encoded by the link's extension if it has one. */
  send(data: Message): void
  /** Closes the real connection. */
  close(): void
}

/** What a `connection` listener receives. */
export interface WebSocketHandlerConnection<Params extends PathParams = PathParams, Message = WebSocketData> {
  client: WebSocketClientConnectionProtocol<Message>
  server: WebSocketServerConnectionProtocol<Message>
  /** The subprotocols the client asked for, as given to `new WebSocket(url, protocols)`. */
  info: { protocols: string | string[] | undefined }
  /** Path parameters of the link's URL (`:room` in `wss://chat.test/rooms/:room`). */
  params: Params
}
