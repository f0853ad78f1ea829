// WebSocket handshakes on the mock server's real sockets: `ws` handlers and GraphQL
// subscriptions (graphql-ws, legacy) answer them through the same connection pipeline as in a
// test. The RFC 6455 side is websocket-wire's (the 101, frames both ways over an in-memory
// socket); here that socket is joined to the client's TCP socket.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { PipelineOptions } from '../runtime/handle-request'
import type { HandlerList } from '../runtime/handler-list'
import { answerUpgrade, offeredProtocols, type UpgradeChannel } from '../websocket-wire/upgrade-bridge'
import type { UpgradedSocket } from '../websocket-wire/upgraded-socket'
import { handleConnection, takesConnection } from '../ws/handle-connection'
import { incomingHeaders, incomingUrl } from './incoming-request'
import type { OriginMap } from './origin-map'
import type { RequestHistory } from './request-history'

export interface UpgradeContext {
  list: HandlerList
  /** Records the handshake and the connection's messages both ways. */
  history: RequestHistory
  pipeline: PipelineOptions
  origins: OriginMap
  scheme: 'http' | 'https'
}

export function answerWebSocketUpgrade(
  message: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  context: UpgradeContext,
): void {
  const { list, scheme } = context
  const own = incomingUrl(message, scheme, `${message.socket.localAddress}:${message.socket.localPort}`)
  own.protocol = scheme === 'https' ? 'wss:' : 'ws:'
  const base = own.origin
  const url = context.origins.map(own, list.current(), true)
  const protocols = offeredProtocols(message.headers['sec-websocket-protocol'])
  const key = message.headers['sec-websocket-key']
  const { history } = context
  const entry = history.start(new Request(url, { headers: incomingHeaders(message) }))
  if (typeof key !== 'string' || !takesConnection(list, url, protocols, base)) {
    const text = `No WebSocket handler takes ${url.href}${protocols ? ` (subprotocols: ${protocols.join(', ')})` : ''}.`
    history.finish(entry, { status: 404, reason: 'unhandled' })
    socket.end(
      `HTTP/1.1 404 Not Found\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
    )
    return
  }
  const channel: UpgradeChannel = {
    upgrade(status, headers, peer) {
      history.finish(entry, { status, headers })
      let lines = `HTTP/1.1 ${status} Switching Protocols\r\n`
      for (const [name, value] of headers) lines += `${name}: ${value}\r\n`
      socket.write(`${lines}\r\n`)
      join(socket, peer, head)
    },
    fail(error) {
      const text = error.message
      history.finish(entry, { status: 403, reason: 'exception' })
      socket.end(
        `HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
      )
    },
    onAbort: undefined,
    onFrame: (direction, data) =>
      history.frame(
        entry,
        direction,
        typeof data === 'string' ? data : bytesOf(data as ArrayBufferLike | ArrayBufferView),
      ),
  }
  socket.once('close', () => channel.onAbort?.(new Error(`The client closed the WebSocket handshake to ${url.href}.`)))
  const pipeline = { ...context.pipeline, baseUrl: base }
  const Real =
    (globalThis as { WebSocket?: typeof WebSocket }).WebSocket ?? (NoNetworkWebSocket as unknown as typeof WebSocket)
  answerUpgrade({ url, key, protocols }, channel, (connection) => handleConnection(connection, list, pipeline), Real)
}

function bytesOf(data: ArrayBufferLike | ArrayBufferView): Uint8Array {
  return ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data)
}

/** Bytes both ways between the client's socket and the frame bridge's; either closing ends both. */
function join(socket: Duplex, peer: UpgradedSocket, head: Buffer): void {
  if (head.byteLength > 0) peer.write(head)
  socket.pipe(peer)
  peer.pipe(socket)
  socket.once('close', () => peer.destroy())
  socket.on('error', () => peer.destroy())
  peer.once('close', () => socket.destroy())
}

/** Without a platform WebSocket (Node 20 without its flag), a passthrough connection fails, saying why. */
class NoNetworkWebSocket extends EventTarget {
  constructor(url: string | URL) {
    super()
    // eslint-disable-next-line mocklib/coded-argument-errors -- this Node has no WebSocket, not an argument
    throw new Error(
      `mocklib cannot open the real WebSocket to ${String(url)}: this Node has no global WebSocket (Node 22+, or Node 20 with --experimental-websocket).`,
    )
  }
}
