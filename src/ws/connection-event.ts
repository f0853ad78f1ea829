import type { PathParams } from '../rest/path-pattern'
import type {
  WebSocketClientConnectionProtocol,
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
> implements WebSocketHandlerConnection<Params> {
  readonly type = 'connection' as const
  readonly client: WebSocketClientConnectionProtocol
  readonly server: WebSocketServerConnectionProtocol
  readonly info: { protocols: string | string[] | undefined }
  readonly params: Params
  /** The client's id, the one lifecycle events carry. */
  readonly requestId: string
  /** The handshake as a Request (a GET to the ws:// URL with `upgrade: websocket`), made when first read. */
  declare readonly request: Request

  constructor(connection: WebSocketHandlerConnection<Params> & { requestId: string }, handshake: () => Request) {
    this.client = connection.client
    this.server = connection.server
    this.info = connection.info
    this.params = connection.params
    this.requestId = connection.requestId
    // A getter on the instance, not a private field: listeners typed with MSW's shapes stay assignable.
    Object.defineProperty(this, 'request', { get: handshake, enumerable: true })
  }
}

export interface WebSocketHandlerEventMap<Params extends PathParams = PathParams> {
  connection: [args: WebSocketConnectionEvent<Params>]
}

export type WebSocketEventListener<
  EventType extends keyof WebSocketHandlerEventMap = 'connection',
  Params extends PathParams = PathParams,
> = (...args: WebSocketHandlerEventMap<Params>[EventType]) => void
