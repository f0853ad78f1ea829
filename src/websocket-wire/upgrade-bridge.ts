import { createHash } from 'node:crypto'
import { connectThroughPipeline, type ConnectionListener } from '../ws/intercepted-websocket'
import { socketEvents } from '../ws/socket-events'
import type { WebSocketData } from '../ws/types'
import { WebSocketConnection } from '../ws/websocket-connection'
import { format } from '../runtime/messages'
import { UpgradedSocket } from './upgraded-socket'
import { isSendableCloseCode, WebSocketWire } from './frame-codec'

/** The GUID RFC 6455 (section 4.2.2) appends to the client's key for `Sec-WebSocket-Accept`. */
const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

export function acceptKey(key: string): string {
  return createHash('sha1')
    .update(key + HANDSHAKE_GUID)
    .digest('base64')
}

/** A WebSocket handshake undici dispatched, read from its request. */
export interface UpgradeRequest {
  readonly url: URL
  readonly key: string
  /** The subprotocols the client offered, in order (none: undefined). */
  readonly protocols: string[] | undefined
}

/** The handshake request's URL as a WebSocket URL, its key and its subprotocols. */
export function readUpgrade(request: Request): UpgradeRequest {
  const url = new URL(request.url)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return {
    url,
    key: request.headers.get('sec-websocket-key') ?? '',
    protocols: offeredProtocols(request.headers.get('sec-websocket-protocol')),
  }
}

/** The subprotocols a `Sec-WebSocket-Protocol` request header offers, in order (none: undefined). */
export function offeredProtocols(header: string | null | undefined): string[] | undefined {
  const protocols = header
    ?.split(',')
    .map((protocol) => protocol.trim())
    .filter((protocol) => protocol !== '')
  return protocols === undefined || protocols.length === 0 ? undefined : protocols
}

/**
 * Where a handshake mocklib answers goes: undici's dispatch handler (response-channel.ts), or
 * the socket of a `ws`-package request (sources/node/ws-handshake-socket.ts).
 */
export interface UpgradeChannel {
  /** The 101 with its headers; from now on the client speaks frames on `socket`. */
  upgrade(status: number, headers: Headers, socket: UpgradedSocket): void
  /** The handshake failed (the client sees `error`). */
  fail(error: Error): void
  /** Called once when the client gives up on the handshake. */
  onAbort: ((reason: Error) => void) | undefined
  /** Sees each message of the open connection: `in` from the client, `out` to it (the mock server's history). */
  onFrame?: (direction: 'in' | 'out', data: WebSocketData) => void
  /** The client is on a real socket: a handler's close while connecting follows the 101 (WebSocketConnection). */
  readonly opensBeforeClose?: boolean
}

/**
 * Answers an undici WebSocket's handshake (or the `ws` package's: ws-package-upgrades.ts) from mocklib. The
 * connection is one
 * `WebSocketConnection`, as for a socket of mocklib's own WebSocket class, so handlers,
 * `server.connect()`, the unhandled strategy and events behave alike; its application side is
 * the undici client at the far end of an in-memory socket, spoken to in frames
 * (frame-codec.ts). When the pipeline lets the connection open, undici gets the 101 and
 * the socket; when it refuses it, undici's handshake fails. `Real` makes the real connection
 * for a passthrough.
 */
export function answerUpgrade(
  upgrade: UpgradeRequest,
  channel: UpgradeChannel,
  listener: ConnectionListener,
  Real: typeof WebSocket,
): void {
  const client = new BridgedClient()
  const { Event, MessageEvent, CloseEvent } = globalThis
  const events = socketEvents({ Event, MessageEvent, CloseEvent })
  const connection = new WebSocketConnection({
    socket: client,
    url: upgrade.url,
    protocols: upgrade.protocols,
    Original: Real,
    events,
    opensBeforeClose: channel.opensBeforeClose,
  })
  client.connection = connection
  // Binary frames reach the bridge as bytes, with no Blob to read first.
  connection.binaryType = 'arraybuffer'
  let failed = false
  let refusal: unknown
  let bridge: FrameBridge | undefined
  const accept = () => {
    bridge = new FrameBridge(connection, channel.onFrame)
    channel.upgrade(101, handshakeHeaders(upgrade.key, connection.protocol), bridge.socket)
    return bridge
  }
  client.addEventListener('error', (event) => {
    failed = true
    refusal ??= (event as Event & { cause?: unknown }).cause
  })
  client.addEventListener('open', accept)
  client.addEventListener('message', (event) => bridge?.send((event as MessageEvent).data as WebSocketData))
  client.addEventListener('close', (event) => {
    const { code, reason } = event as CloseEvent
    // A connection that failed (refused as unhandled, a listener threw) fails the handshake; a
    // handler that closed it before it opened is a server that accepts, then closes with its code.
    if (bridge === undefined && failed) return channel.fail(refused(upgrade.url, refusal))
    ;(bridge ?? accept()).close(code, reason)
  })
  // The client gave up on the handshake (undici's WebSocket closed while connecting).
  channel.onAbort = () => connection.closeFromApplication(1000, '')
  // Handlers and event listeners run once dispatch() has returned, as for a request (dispatcher-source.ts).
  queueMicrotask(() => void connectThroughPipeline(connection, listener))
}

/**
 * The application's side of a connection mocklib speaks frames with: the events, and the
 * socket's `url`, `readyState` and `protocol` (what a handler's `client.socket` shows).
 */
class BridgedClient extends EventTarget {
  connection: WebSocketConnection | undefined

  get url(): string {
    return this.connection?.url.href ?? ''
  }

  get readyState(): number {
    return this.connection?.readyState ?? 0
  }

  get protocol(): string {
    return this.connection?.protocol ?? ''
  }
}

function handshakeHeaders(key: string, protocol: string): Headers {
  const headers = new Headers({ upgrade: 'websocket', connection: 'upgrade', 'sec-websocket-accept': acceptKey(key) })
  if (protocol !== '') headers.set('sec-websocket-protocol', protocol)
  return headers
}

function refused(url: URL, cause: unknown): Error {
  const detail = cause instanceof Error ? `: ${cause.message.replace(format(''), '')}` : '.'
  return new Error(format(`The WebSocket handshake to ${url.href} failed${detail}`), { cause })
}

/**
 * An open connection: the client's frames, read off the socket, become the application's frames
 * and close on the connection; the connection's frames and close towards the application are
 * written to the socket.
 */
class FrameBridge {
  readonly socket: UpgradedSocket
  readonly #wire: WebSocketWire

  readonly #onFrame: UpgradeChannel['onFrame']

  constructor(
    private readonly connection: WebSocketConnection,
    onFrame: UpgradeChannel['onFrame'],
  ) {
    this.#onFrame = onFrame
    this.socket = new UpgradedSocket(
      (chunk) => this.#wire.receive(chunk),
      () => this.#gone(),
    )
    this.#wire = new WebSocketWire('server', (bytes) => this.socket.deliver(bytes), {
      message: (data) => {
        if (connection.readyState !== 1) return
        const message = typeof data === 'string' ? data : data.slice().buffer
        this.#onFrame?.('in', message)
        connection.fromApplication(message)
      },
      close: (code, reason) => {
        // Either the client starts the closing handshake, or this is its answer to ours.
        if (connection.readyState === 1) connection.closeFromApplication(code, reason)
        else this.socket.finish()
      },
      fail: (code, reason) => {
        connection.closeFromApplication(code, reason)
        this.socket.finish()
      },
    })
  }

  send(data: WebSocketData): void {
    this.#onFrame?.('out', data)
    this.#wire.sendMessage(data as Exclude<WebSocketData, Blob>)
  }

  /** The connection closed towards the application: the close frame, or a connection lost for 1006. */
  close(code: number, reason: string): void {
    if (this.#wire.closeReceived) return this.socket.finish()
    // Lost without a close frame: the client still reads what was delivered, then the socket ends.
    if (code === 1006) return this.socket.finish()
    // The client answers with its own close frame; the socket ends then (wire `close` above).
    // A code no close frame may carry (1004, 1015) is sent as none.
    this.#wire.sendClose(isSendableCloseCode(code) ? code : 1005, reason)
  }

  /** The socket is gone (undici destroyed it, or it closed): a connection still open was dropped. */
  #gone(): void {
    if (this.connection.readyState === 1) this.connection.closeFromApplication(1006, '')
  }
}
