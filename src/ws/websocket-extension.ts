import type { WebSocketClientConnectionProtocol, WebSocketData, WebSocketServerConnectionProtocol } from './types'

/**
 * What an extension's method gives back: one value, an iterator (a generator) of several, or
 * `undefined` for none. Only iterators are unfolded: a string, an array or a typed array is one value.
 */
export type WebSocketExtensionResult<Value> = Value | Iterator<Value, Value | void> | undefined

/** The mocked connection an extension works on (the client and server carry the extension's messages). */
export interface WebSocketExtensionContext<Message = WebSocketData> {
  client: WebSocketClientConnectionProtocol<Message>
  server: WebSocketServerConnectionProtocol<Message>
  info: { protocols: string | string[] | undefined }
}

/** The context of one `encode()` or `decode()`: `connection` is the side the data crosses. */
export interface WebSocketExtensionMessageContext<Message = WebSocketData> extends WebSocketExtensionContext<Message> {
  connection: WebSocketClientConnectionProtocol<Message> | WebSocketServerConnectionProtocol<Message>
}

/**
 * A protocol spoken over WebSocket frames (Socket.IO, a JSON envelope), given to
 * `ws.link(url, { extensions: [...] })`, as in MSW 3. With one, handlers speak the protocol's
 * messages: `client.send(message)` and `server.send(message)` encode, `message` events carry
 * decoded messages (a frame may decode to none, one or several), and the protocol's own frames
 * (a handshake, a reply to a control frame) are sent by mocklib while no real server is connected.
 * Frames passed between the client and a real server (`server.connect()`) are never re-encoded.
 */
export abstract class WebSocketExtension<Message = WebSocketData, Api = object> {
  /** Whether the extension applies to this connection (every connection when absent). */
  match?(context: WebSocketExtensionContext<Message>): boolean
  /** The frame(s) that carry `message`. */
  abstract encode(
    message: Message,
    context: WebSocketExtensionMessageContext<Message>,
  ): WebSocketExtensionResult<WebSocketData>
  /** The message(s) a frame carries: nothing for a control frame, which then reaches no listener. */
  abstract decode(
    data: WebSocketData,
    context: WebSocketExtensionMessageContext<Message>,
  ): WebSocketExtensionResult<Message>
  /** The frame(s) the protocol's server sends when the connection opens (its handshake). */
  connect?(context: WebSocketExtensionContext<Message>): WebSocketExtensionResult<WebSocketData>
  /** The frame(s) the protocol's server answers a client frame with (a pong for a ping). */
  receive?(data: WebSocketData, context: WebSocketExtensionContext<Message>): WebSocketExtensionResult<WebSocketData>
  /** What the extension adds to the `connection` event (Socket.IO's `rooms`). */
  extend?(context: WebSocketExtensionContext<Message>): Api
}

/** Any extension, whatever its messages and API. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- messages are compared both ways (methods)
export type AnyWebSocketExtension = WebSocketExtension<any, any>

/** The messages an extension speaks (read off `encode()`, whose parameter is the message). */
export type WebSocketExtensionMessage<Extension> = Extension extends {
  encode(message: infer Message, context: never): unknown
}
  ? Message
  : never

/** What an extension adds to the `connection` event. */
export type WebSocketExtensionApi<Extension> = Extension extends { extend?(context: never): infer Api }
  ? unknown extends Api
    ? object
    : Api
  : object

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never

/** The messages of a link given these extensions: raw frames without any. */
export type WebSocketLinkMessage<Extensions extends readonly AnyWebSocketExtension[]> = [Extensions[number]] extends [
  never,
]
  ? WebSocketData
  : WebSocketExtensionMessage<Extensions[number]>

/** What the extensions of a link add to its `connection` event (all of them, merged). */
export type WebSocketLinkApi<Extensions extends readonly AnyWebSocketExtension[]> = [Extensions[number]] extends [never]
  ? object
  : UnionToIntersection<WebSocketExtensionApi<Extensions[number]>>

/** `ws.link()`'s second argument. */
export interface WebSocketLinkOptions<Extensions extends readonly AnyWebSocketExtension[] = []> {
  /**
   * Protocols spoken over this link's connections: a connection speaks the first one whose
   * `match()` accepts it; the `connection` event carries what every matching one adds.
   */
  extensions?: Extensions
}

/** The values of an extension method's result, in order. */
export function* extensionValues<Value>(result: WebSocketExtensionResult<Value>): Generator<Value, void, undefined> {
  if (result === undefined) return
  if (typeof result === 'object' && result !== null && typeof (result as { next?: unknown }).next === 'function') {
    const iterator = result as Iterator<Value, Value | void>
    for (let step = iterator.next(); ; step = iterator.next()) {
      if (step.done === true) {
        if (step.value !== undefined) yield step.value as Value
        return
      }
      yield step.value
    }
  }
  yield result as Value
}
