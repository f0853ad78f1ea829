// WebSocket handshakes on the mock server's real sockets: `ws` handlers and GraphQL
// subscriptions (graphql-ws, legacy) answer them through the same connection pipeline as in a
// test. The RFC 6455 side is websocket-wire's (the 101, frames both ways over an in-memory
// socket); here that socket is joined to the client's TCP socket.
import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { PipelineOptions } from '../runtime/handle-request'
import type { FrameData } from '../runtime/history-frame'
import type { HandlerList } from '../runtime/handler-list'
import type { RequestHandler } from '../runtime/request-handler'
import { answerUpgrade, offeredProtocols, type UpgradeChannel } from '../websocket-wire/upgrade-bridge'
import type { UpgradedSocket } from '../websocket-wire/upgraded-socket'
import type { WebSocketData } from '../ws/types'
import { connectionTaker, handleConnection } from '../ws/handle-connection'
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
  /** The handler that took a connection (the control API counts its calls). */
  answered?: (handler: RequestHandler) => void
}

export function answerWebSocketUpgrade(
  message: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  context: UpgradeContext,
): void {
  const { list, scheme, history } = context
  const own = incomingUrl(message, scheme)
  own.protocol = scheme === 'https' ? 'wss:' : 'ws:'
  const url = context.origins.map(own, list.current(), true)
  const entry = history.start(new Request(url, { headers: incomingHeaders(message) }))
  const target = {
    url,
    key: message.headers['sec-websocket-key'],
    protocols: offeredProtocols(message.headers['sec-websocket-protocol']),
  }
  bridgeUpgrade(
    socket,
    head,
    target,
    list,
    { ...context.pipeline, baseUrl: own.origin },
    {
      finish: (status, headers, reason, handler) => {
        if (handler !== undefined) context.answered?.(handler)
        history.finish(entry, { status, headers, reason, handler: handler?.info.header })
      },
      frame: (direction, data) => history.frame(entry, direction, data as FrameData),
    },
  )
}

/** A WebSocket handshake read off a real socket: where to, its key, the subprotocols offered. */
export interface UpgradeTarget {
  readonly url: URL
  readonly key: string | undefined
  readonly protocols: string[] | undefined
}

/** Sees what became of a handshake and, once open, each message both ways (a history). */
export interface UpgradeObserver {
  /** `handler`: the first listed handler that took the connection (once it is open). */
  finish(
    status: number,
    headers: Headers | undefined,
    reason: 'unhandled' | 'exception' | undefined,
    handler?: RequestHandler,
  ): void
  frame(direction: 'in' | 'out', data: WebSocketData): void
}

/**
 * Answers a handshake on a real socket from `list`'s `ws` handlers (`pipeline.baseUrl` resolves
 * relative links): a 404 when none takes the URL, a 403 when the connection is refused, else the
 * 101 and frames both ways between the socket and the handlers.
 */
export function bridgeUpgrade(
  socket: Duplex,
  head: Buffer,
  { url, key, protocols }: UpgradeTarget,
  list: HandlerList,
  pipeline: PipelineOptions,
  observer?: UpgradeObserver,
): void {
  const taker = typeof key === 'string' ? connectionTaker(list, url, protocols, pipeline.baseUrl) : undefined
  if (typeof key !== 'string' || taker === undefined) {
    observer?.finish(404, undefined, 'unhandled')
    refuseUpgrade(
      socket,
      404,
      `No WebSocket handler takes ${url.href}${protocols ? ` (subprotocols: ${protocols.join(', ')})` : ''}.`,
    )
    return
  }
  const channel: UpgradeChannel = {
    upgrade(status, headers, peer) {
      observer?.finish(status, headers, undefined, taker)
      let lines = `HTTP/1.1 ${status} Switching Protocols\r\n`
      for (const [name, value] of headers) lines += `${name}: ${value}\r\n`
      socket.write(`${lines}\r\n`)
      join(socket, peer, head)
    },
    fail(error) {
      observer?.finish(403, undefined, 'exception')
      refuseUpgrade(socket, 403, error.message)
    },
    onAbort: undefined,
    onFrame: observer && ((direction, data) => observer.frame(direction, data)),
    // A real server's connection listener runs once it accepted: what it sends before closing arrives.
    opensBeforeClose: true,
  }
  socket.once('close', () => channel.onAbort?.(new Error(`The client closed the WebSocket handshake to ${url.href}.`)))
  const Real =
    (globalThis as { WebSocket?: typeof WebSocket }).WebSocket ?? (NoNetworkWebSocket as unknown as typeof WebSocket)
  answerUpgrade({ url, key, protocols }, channel, (connection) => handleConnection(connection, list, pipeline), Real)
}

/** Refuses a handshake on a real socket: the status and a plain-text reason, then the connection ends. */
export function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: text/plain; charset=utf-8`
  socket.end(`${head}\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`)
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
