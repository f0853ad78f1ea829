import { MocklibTypeError } from '../runtime/errors'
import type { PathParams } from '../rest/path-pattern'
import { format } from '../runtime/messages'
import type { RequestHandlerOptions } from '../runtime/request-handler'
import type { WebSocketEventListener, WebSocketHandlerEventMap } from './connection-event'
import type { WebSocketClientConnectionProtocol, WebSocketData } from './types'
import type {
  AnyWebSocketExtension,
  WebSocketLinkApi,
  WebSocketLinkMessage,
  WebSocketLinkOptions,
} from './websocket-extension'
import { WebSocketHandler } from './websocket-handler'

/**
 * One mocked WebSocket server: the handlers it creates and the clients connected to them.
 * `Message` and `Api`: what its extensions decode frames to and add to the `connection` event.
 */
export interface WebSocketLink<Params extends PathParams = PathParams, Message = WebSocketData, Api = object> {
  /** The clients connected through this link's handlers and not closed yet. */
  readonly clients: Set<WebSocketClientConnectionProtocol<Message>>
  /**
   * Creates a handler that receives every connection to the link's URL:
   * `server.use(chat.addEventListener('connection', ({ client }) => …))`.
   * With `{ once: true }` it takes one connection (until `restoreHandlers()`).
   */
  addEventListener<EventType extends keyof WebSocketHandlerEventMap<Params>>(
    event: EventType,
    listener: WebSocketEventListener<EventType, Params, Message, Api>,
    options?: RequestHandlerOptions,
  ): WebSocketHandler<Params>
  /** Sends a frame (a message, with an extension) to every connected client. */
  broadcast(data: Message): void
  /** Sends a frame (a message, with an extension) to every connected client except the given one(s). */
  broadcastExcept(
    clients: WebSocketClientConnectionProtocol<Message> | readonly WebSocketClientConnectionProtocol<Message>[],
    data: Message,
  ): void
}

export interface WebSocketNamespace {
  /**
   * A mocked WebSocket server at `url`: an absolute `ws(s)://` URL with the path syntax
   * `http` handlers use (`wss://chat.test/rooms/:room`), a path resolved against the page,
   * or a RegExp. `options.extensions`: the protocols its connections speak
   * (`{ extensions: [new SocketIo()] }`), as in MSW 3.
   */
  link<
    Params extends PathParams<keyof Params> = PathParams,
    const Extensions extends readonly AnyWebSocketExtension[] = [],
  >(
    url: string | RegExp,
    options?: WebSocketLinkOptions<Extensions>,
  ): WebSocketLink<Params, WebSocketLinkMessage<Extensions>, WebSocketLinkApi<Extensions>>
}

function createLink<Params extends PathParams>(
  url: string | RegExp,
  options?: WebSocketLinkOptions<readonly AnyWebSocketExtension[]>,
): WebSocketLink<Params, unknown, object> {
  const clients = new Set<WebSocketClientConnectionProtocol<unknown>>()
  const ids = new Set<string>()
  const registry = {
    add(client: WebSocketClientConnectionProtocol<unknown>, closed: Promise<void>) {
      // Two handlers of one link may share a connection: the client is listed once.
      if (ids.has(client.id)) return
      ids.add(client.id)
      clients.add(client)
      void closed.then(() => {
        ids.delete(client.id)
        clients.delete(client)
      })
    },
  }
  // Validates the URL and the options now, where the link is written, rather than at the first handler.
  const extensions = new WebSocketHandler(url, () => {}, { extensions: options?.extensions }).extensions

  return {
    clients,
    addEventListener(event, listener, options) {
      if (event !== 'connection') {
        throw new MocklibTypeError(
          'MOCKLIB_INVALID_ARGUMENT',
          format(
            `ws.link(${String(url)}).addEventListener("${String(event)}") is not an event a link has. Listen for "connection".`,
          ),
        )
      }
      return new WebSocketHandler<Params>(url, listener as never, { ...options, extensions }, registry)
    },
    broadcast(data) {
      for (const client of clients) client.send(data)
    },
    broadcastExcept(except, data) {
      const skip = new Set((Array.isArray(except) ? except : [except]).map((client) => client.id))
      for (const client of clients) if (!skip.has(client.id)) client.send(data)
    },
  }
}

/** WebSocket handlers: `const chat = ws.link('wss://chat.test')`, then `chat.addEventListener('connection', …)`. */
export const ws: WebSocketNamespace = {
  link: createLink,
}
