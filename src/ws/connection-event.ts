import type { PathParams } from '../rest/path-pattern'
import type {
  WebSocketClientConnectionProtocol,
  WebSocketData,
  WebSocketHandlerConnection,
  WebSocketServerConnectionProtocol,
} from './types'

/**
 * What a WebSocket handler's `connection` listener receives (MSW 3 names it
 * `WebSocketConnectionEvent`): the connection's client and server, the subprotocols asked for,
 * the link URL's params, and the handshake as a `Request`. A plain class, not an `Event`
 * subclass: React Native has no `Event`.
 */
export class WebSocketConnectionEvent<
  Params extends PathParams = PathParams,
  Message = WebSocketData,
> implements WebSocketHandlerConnection<Params, Message> {
  readonly type = 'connection' as const
  readonly client: WebSocketClientConnectionProtocol<Message>
  readonly server: WebSocketServerConnectionProtocol<Message>
  readonly info: { protocols: string | string[] | undefined }
  readonly params: Params
  /** The client's id, the one lifecycle events carry. */
  readonly requestId: string
  /** The handshake as a Request (a GET to the ws:// URL with `upgrade: websocket`), made when first read. */
  declare readonly request: Request

  constructor(
    connection: WebSocketHandlerConnection<Params, Message> & { requestId: string },
    handshake: () => Request,
  ) {
    this.client = connection.client
    this.server = connection.server
    this.info = connection.info
    this.params = connection.params
    this.requestId = connection.requestId
    // A getter on the instance, not a private field: listeners typed with MSW's shapes stay assignable.
    Object.defineProperty(this, 'request', { get: handshake, enumerable: true })
  }
}

/** `Message` and `Api`: what a link's extensions decode frames to and add to the event. */
export interface WebSocketHandlerEventMap<
  Params extends PathParams = PathParams,
  Message = WebSocketData,
  Api = object,
> {
  connection: [args: WebSocketConnectionEvent<Params, Message> & Api]
}

export type WebSocketEventListener<
  EventType extends keyof WebSocketHandlerEventMap = 'connection',
  Params extends PathParams = PathParams,
  Message = WebSocketData,
  Api = object,
> = (...args: WebSocketHandlerEventMap<Params, Message, Api>[EventType]) => void
