import { MocklibTypeError } from '../runtime/errors'
import type { PathParams } from '../rest/path-pattern'
import { format } from '../runtime/messages'
import type { RequestHandlerOptions } from '../runtime/request-handler'
import type { WebSocketEventListener, WebSocketHandlerEventMap } from './connection-event'
import type { WebSocketClientConnectionProtocol, WebSocketData } from './types'
import { WebSocketHandler } from './websocket-handler'

/** One mocked WebSocket server: the handlers it creates and the clients connected to them. */
export interface WebSocketLink<Params extends PathParams = PathParams> {
  /** The clients connected through this link's handlers and not closed yet. */
  readonly clients: Set<WebSocketClientConnectionProtocol>
  /**
   * Creates a handler that receives every connection to the link's URL:
   * `server.use(chat.addEventListener('connection', ({ client }) => …))`.
   * With `{ once: true }` it takes one connection (until `restoreHandlers()`).
   */
  addEventListener<EventType extends keyof WebSocketHandlerEventMap<Params>>(
    event: EventType,
    listener: WebSocketEventListener<EventType, Params>,
    options?: RequestHandlerOptions,
  ): WebSocketHandler<Params>
  /** Sends a frame to every connected client. */
  broadcast(data: WebSocketData): void
  /** Sends a frame to every connected client except the given one(s). */
  broadcastExcept(
    clients: WebSocketClientConnectionProtocol | readonly WebSocketClientConnectionProtocol[],
    data: WebSocketData,
  ): void
}

export interface WebSocketNamespace {
  /**
   * A mocked WebSocket server at `url`: an absolute `ws(s)://` URL with the path syntax
   * `http` handlers use (`wss://chat.test/rooms/:room`), a path resolved against the page,
   * or a RegExp.
   */
  link<Params extends PathParams<keyof Params> = PathParams>(url: string | RegExp): WebSocketLink<Params>
}

function createLink<Params extends PathParams>(url: string | RegExp): WebSocketLink<Params> {
  const clients = new Set<WebSocketClientConnectionProtocol>()
  const ids = new Set<string>()
  const registry = {
    add(client: WebSocketClientConnectionProtocol, closed: Promise<void>) {
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
  // Validates the URL now, where the link is written, rather than at the first handler.
  new WebSocketHandler(url, () => {}, undefined, undefined)

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
      return new WebSocketHandler<Params>(url, listener, options, registry)
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
