import { randomBytes } from 'node:crypto'
import type { Duplex } from 'node:stream'
import { socketEvents, type SocketEvents } from '../../ws/socket-events'
import type { WebSocketData } from '../../ws/types'
import { format } from '../../runtime/messages'
import { fromRawHeaders } from './raw-headers'
import type { CallbackHandler, DispatcherLike } from './types'
import { WebSocketWire } from '../../websocket-wire/frame-codec'
import { acceptKey } from '../../websocket-wire/upgrade-bridge'

const CONNECTING = 0
const OPEN = 1
const CLOSING = 2
const CLOSED = 3

/** Handshake headers the real connection sets itself rather than take from the client's. */
const OWN_HEADERS = new Set([
  'sec-websocket-key',
  'sec-websocket-extensions',
  'sec-websocket-protocol',
  'sec-websocket-version',
  'upgrade',
  'connection',
])

/**
 * The real connection behind an undici WebSocket mocklib answered (an unhandled connection,
 * `server.connect()`): a WebSocket-like class that makes its handshake through `network`, the
 * dispatcher the client's handshake would have gone to, with the client's other headers (no
 * extension is offered), and speaks frames with websocket-wire/frame-codec.ts. It has what the
 * connection (ws/websocket-connection.ts) uses of a real socket.
 */
export function networkWebSocket(network: DispatcherLike, clientHeaders: Headers): typeof WebSocket {
  const events = socketEvents({
    Event: globalThis.Event,
    MessageEvent: globalThis.MessageEvent,
    CloseEvent: globalThis.CloseEvent,
  })
  const extra: string[] = []
  for (const [name, value] of clientHeaders) if (!OWN_HEADERS.has(name)) extra.push(name, value)
  return class NetworkWebSocket extends EventTarget {
    readonly CONNECTING = CONNECTING
    readonly OPEN = OPEN
    readonly CLOSING = CLOSING
    readonly CLOSED = CLOSED
    readonly url: string
    readyState: number = CONNECTING
    protocol = ''
    extensions = ''
    binaryType: BinaryType = 'blob'
    bufferedAmount = 0
    readonly #events: SocketEvents = events
    readonly #key = randomBytes(16).toString('base64')
    #abortHandshake: ((reason: Error) => void) | undefined
    #socket: Duplex | undefined
    #wire: WebSocketWire | undefined
    #closeFrame: { code: number; reason: string } | undefined
    #sending: Promise<void> = Promise.resolve()

    constructor(url: string | URL, protocols?: string | string[]) {
      super()
      const target = new URL(String(url))
      this.url = target.href
      const offered = protocols === undefined ? [] : typeof protocols === 'string' ? [protocols] : protocols
      // undici adds Upgrade and Connection for the `upgrade` option (and refuses them as headers).
      const headers = [...extra, 'sec-websocket-key', this.#key, 'sec-websocket-version', '13']
      if (offered.length > 0) headers.push('sec-websocket-protocol', offered.join(', '))
      target.protocol = target.protocol === 'wss:' ? 'https:' : 'http:'
      const options = {
        origin: target.origin,
        path: target.pathname + target.search,
        method: 'GET',
        headers,
        upgrade: 'websocket',
      }
      // A turn later, as a socket connects: whoever made it listens first, and hears even an
      // error the dispatcher reports at once.
      queueMicrotask(() => {
        if (this.readyState !== CONNECTING) return
        try {
          network.dispatch(options, this.#handshake())
        } catch (error) {
          this.#fail(error)
        }
      })
    }

    #handshake(): CallbackHandler {
      let settled = false
      const fail = (error: unknown) => {
        if (settled) return
        settled = true
        this.#fail(error)
      }
      return {
        onConnect: (abort) => (this.#abortHandshake = abort),
        onHeaders: (status) => {
          const error = new Error(
            format(`The server at ${this.url} answered the WebSocket handshake with ${status} instead of 101.`),
          )
          fail(error)
          this.#abortHandshake?.(error)
          return false
        },
        onData: () => true,
        onComplete: () =>
          fail(new Error(format(`The server at ${this.url} ended the WebSocket handshake without upgrading.`))),
        onError: fail,
        onUpgrade: (_status, rawHeaders, socket) => {
          settled = true
          this.#open(fromRawHeaders(rawHeaders), socket as Duplex)
        },
      }
    }

    #open(headers: Headers, socket: Duplex): void {
      this.#socket = socket
      socket.on('error', () => {})
      socket.on('close', () => this.#closed())
      if (this.readyState !== CONNECTING) return void socket.destroy()
      if (headers.get('sec-websocket-accept') !== acceptKey(this.#key)) {
        socket.destroy()
        return this.#fail(
          new Error(
            format(`The server at ${this.url} answered the WebSocket handshake with a wrong Sec-WebSocket-Accept.`),
          ),
        )
      }
      this.protocol = headers.get('sec-websocket-protocol') ?? ''
      const wire = new WebSocketWire('client', (bytes) => socket.write(bytes), {
        message: (data) => this.#message(data),
        close: (code, reason) => {
          this.#closeFrame = { code, reason }
          this.readyState = CLOSING
          socket.end()
        },
        fail: () => socket.end(),
      })
      this.#wire = wire
      socket.on('data', (chunk: Buffer) => wire.receive(chunk))
      this.readyState = OPEN
      this.dispatchEvent(this.#events.event('open'))
    }

    #message(data: string | Uint8Array): void {
      if (this.readyState !== OPEN) return
      const value =
        typeof data === 'string'
          ? data
          : this.binaryType === 'arraybuffer'
            ? data.slice().buffer
            : new Blob([data.slice()])
      this.dispatchEvent(this.#events.message(value, new URL(this.url).origin))
    }

    send(data: WebSocketData): void {
      if (this.readyState !== OPEN) return
      const wire = this.#wire!
      if (typeof data === 'string') this.#sending = this.#sending.then(() => wire.sendText(data))
      else if (data instanceof Blob)
        this.#sending = this.#sending.then(async () => wire.sendBinary(new Uint8Array(await data.arrayBuffer())))
      else if (ArrayBuffer.isView(data)) {
        const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice()
        this.#sending = this.#sending.then(() => wire.sendBinary(bytes))
      } else {
        const bytes = new Uint8Array(data as ArrayBuffer).slice()
        this.#sending = this.#sending.then(() => wire.sendBinary(bytes))
      }
    }

    close(code?: number, reason?: string): void {
      if (this.readyState === CLOSING || this.readyState === CLOSED) return
      if (this.readyState === CONNECTING) {
        this.readyState = CLOSING
        this.#abortHandshake?.(new Error(format(`The WebSocket to ${this.url} was closed before it opened.`)))
        return this.#fail(undefined)
      }
      this.readyState = CLOSING
      const wire = this.#wire!
      this.#sending = this.#sending.then(() => wire.sendClose(code ?? 1005, reason ?? ''))
    }

    /** The handshake failed: an error event, then a close with 1006. */
    #fail(cause: unknown): void {
      if (this.readyState === CLOSED) return
      this.readyState = CLOSED
      const event = this.#events.event('error')
      if (cause !== undefined) Object.defineProperty(event, 'cause', { value: cause, enumerable: true })
      this.dispatchEvent(event)
      this.dispatchEvent(this.#events.close(1006, '', false))
    }

    /** The transport closed: the close frame's code, or 1006 (with an error event) when none came. */
    #closed(): void {
      if (this.readyState === CLOSED) return
      this.readyState = CLOSED
      const frame = this.#closeFrame
      if (frame === undefined) this.dispatchEvent(this.#events.event('error'))
      const clean = frame !== undefined && this.#wire?.closeSent === true
      this.dispatchEvent(this.#events.close(frame?.code ?? 1006, frame?.reason ?? '', clean))
    }
  } as unknown as typeof WebSocket
}
