import { format, warnOnce } from '../runtime/messages'
import type { RequestHandler } from '../runtime/request-handler'
import { isWebSocketHandler } from './websocket-handler'

/**
 * WebSocket handlers need a global WebSocket to patch for `new WebSocket()` (the `ws` package's
 * client is answered without one). Node 20 has one only behind a flag: say so once, when a server listens with
 * WebSocket handlers (or gets some later) and there is none.
 */
export function warnIfNoGlobalWebSocket(handlers: readonly RequestHandler[]): void {
  if (typeof (globalThis as { WebSocket?: unknown }).WebSocket !== 'undefined') return
  const handler = handlers.find((candidate) => isWebSocketHandler(candidate) && !candidate.servesHttp)
  if (handler === undefined) return
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node
  warnOnce(
    'no-global-websocket',
    format(
      `"${handler.info.header}": there is no global WebSocket here${node === undefined ? '' : ` (Node ${node})`}, ` +
        "so mocklib mocks only the `ws` package's client (and the undici package's, with the undici source). " +
        'For new WebSocket(), use Node 22 or later, start Node 20 with --experimental-websocket, ' +
        "or set globalThis.WebSocket = (await import('undici')).WebSocket before server.listen().",
    ),
  )
}
