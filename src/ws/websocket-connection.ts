import { format } from '../runtime/messages'
import { DeliveryDelay } from './delivery-delay'
import { OwnedListeners, type ListenerOwner } from './owned-listeners'
import type { HandlerEvent, SocketEvents } from './socket-events'
import type { WebSocketData } from './types'

const CONNECTING = 0
const OPEN = 1
const CLOSING = 2
const CLOSED = 3

/** A close waiting in a message queue behind the messages sent before it. */
class PendingClose {
  constructor(
    readonly code: number,
    readonly reason: string,
    readonly wasClean: boolean,
    /** An `error` event goes first (a dropped connection, where the platform's WebSocket fires one). */
    readonly failed = false,
  ) {}
}

type Queued = WebSocketData | PendingClose

const idPrefix = Math.random().toString(36).slice(2, 8)
let idCounter = 0

/** How a connection was asked for: the application's socket and its constructor arguments. */
export interface ConnectionRequest {
  /** The application's socket, which the connection's events are dispatched on. */
  readonly socket: EventTarget
  readonly url: URL
  readonly protocols: string | string[] | undefined
  /** The platform's own WebSocket class: the real connection, if one is made, is one of these. */
  readonly Original: typeof WebSocket
  readonly events: SocketEvents
  /**
   * A handler's close during the handshake follows the open instead of failing it: the client is
   * on a real socket, which a real server would have accepted by then (websocket-upgrade.ts).
   */
  readonly opensBeforeClose?: boolean
}

/**
 * One intercepted WebSocket connection: the state of the application's socket (readyState,
 * protocol, bufferedAmount; intercepted-websocket.ts reads it from here), messages in both
 * directions, and the real server behind it once `connectServer()` opened one.
 *
 * Messages are delivered a microtask after they are sent, as a socket would deliver them later,
 * but in batches: all messages sent in one turn cost one microtask. A close travels in the same
 * queue as the messages, so messages sent before it arrive first.
 */
export class WebSocketConnection {
  readonly id: string = `${idPrefix}-${++idCounter}`
  readonly url: URL
  readonly protocols: string | string[] | undefined
  readonly socket: EventTarget
  readonly events: SocketEvents
  readyState: number = CONNECTING
  protocol = ''
  extensions = ''
  bufferedAmount = 0
  #binaryType: BinaryType = 'blob'
  /** Handlers' listeners for the application's messages and its close. */
  readonly clientListeners: OwnedListeners
  /** Handlers' listeners for the real server's events. */
  readonly serverListeners: OwnedListeners
  /** Settles when the application's socket has closed, from either side. */
  readonly closed: Promise<void>
  /** Where a listener that throws is reported; the handlers' connection (mocked-connection.ts) sets it. */
  onListenerError: (error: unknown, owner: ListenerOwner) => void = (error) => console.error(error)
  /** Sees each message the application sent (`in`) and each it received (`out`): a history's frames. */
  onFrame: ((direction: 'in' | 'out', data: WebSocketData) => void) | undefined = undefined
  readonly #Original: typeof WebSocket
  readonly #origin: string
  readonly #opensBeforeClose: boolean
  #resolveClosed!: () => void
  #toHandlers: Queued[] = []
  #toClient: Queued[] = []
  #toHandlersScheduled = false
  #toClientScheduled = false
  /** A handler's (or the real server's) close waits in #toClient. */
  #clientCloseQueued = false
  #real: WebSocket | undefined
  #realClosedByHandler = false
  /** Messages still to reach the application before the connection drops (`dropAfter`). */
  #dropIn: number | undefined
  /** The connection drops (once open, behind the messages queued): later messages are lost. */
  #dropping = false
  /** Messages to the application are delayed (`delayMessages`). */
  #delay: DeliveryDelay | undefined

  constructor(request: ConnectionRequest) {
    this.socket = request.socket
    this.url = request.url
    this.protocols = request.protocols
    this.events = request.events
    this.#Original = request.Original
    this.#origin = request.url.origin
    this.#opensBeforeClose = request.opensBeforeClose === true
    const onError = (error: unknown, owner: ListenerOwner) => this.onListenerError(error, owner)
    this.clientListeners = new OwnedListeners(request.socket, onError)
    this.serverListeners = new OwnedListeners(request.socket, onError, () => this.#real ?? request.socket)
    this.closed = new Promise((resolve) => (this.#resolveClosed = resolve))
  }

  get binaryType(): BinaryType {
    return this.#binaryType
  }

  set binaryType(type: BinaryType) {
    this.#binaryType = type
    if (this.#real !== undefined) this.#real.binaryType = type
  }

  /** The handshake settled: the application's socket opens (unless it was closed meanwhile). */
  open(protocol: string, extensions: string): void {
    if (this.readyState !== CONNECTING) return
    this.protocol = protocol
    this.extensions = extensions
    this.readyState = OPEN
    this.socket.dispatchEvent(this.events.event('open'))
    if (this.#dropping) this.#drop()
    if (this.#toClient.length > 0) this.#scheduleToClient()
  }

  // --- The application's side --------------------------------------------------------------

  /** A message the application sent (the socket checked its state). */
  fromApplication(data: WebSocketData): void {
    this.bufferedAmount += byteSize(data)
    this.#toHandlers.push(data)
    if (!this.#toHandlersScheduled) {
      this.#toHandlersScheduled = true
      queueMicrotask(this.#flushToHandlers)
    }
  }

  /** The application closed its socket. */
  closeFromApplication(code: number, reason: string): void {
    if (this.readyState === CLOSING || this.readyState === CLOSED) return
    if (this.readyState === CONNECTING) {
      // As a browser and undici do: closing before the handshake fails the connection.
      this.readyState = CLOSING
      queueMicrotask(() => {
        this.socket.dispatchEvent(this.events.event('error'))
        this.#finishClose(1006, '', false)
      })
      return
    }
    this.readyState = CLOSING
    this.#toHandlers.push(new PendingClose(code, reason, true))
    if (!this.#toHandlersScheduled) {
      this.#toHandlersScheduled = true
      queueMicrotask(this.#flushToHandlers)
    }
  }

  readonly #flushToHandlers = (): void => {
    this.#toHandlersScheduled = false
    const queued = this.#toHandlers
    this.#toHandlers = []
    this.bufferedAmount = 0
    for (const item of queued) {
      if (item instanceof PendingClose) this.#finishClose(item.code, item.reason, item.wasClean)
      else if (this.readyState !== CLOSED) this.#deliverToHandlers(item)
    }
  }

  #deliverToHandlers(data: WebSocketData): void {
    this.onFrame?.('in', data)
    let prevented = false
    if (this.clientListeners.has('message')) {
      const event = this.events.handlerMessage(data, this.#origin)
      this.clientListeners.dispatch(event)
      prevented = event.defaultPrevented
    }
    if (!prevented && this.#real !== undefined) this.sendToServer(data)
  }

  // --- Towards the application ---------------------------------------------------------------

  /**
   * Delivers a message to the application's socket (dropped once it is closing, or a close is on
   * its way), after the messages queued so far or, given a `position` in the queue, before the
   * ones queued since.
   */
  sendToClient(data: WebSocketData, position: number = this.#toClient.length): void {
    if (this.readyState === CLOSING || this.readyState === CLOSED || this.#clientCloseQueued || this.#dropping) return
    this.#toClient.splice(position, 0, data)
    this.#delay?.queued(position, true)
    if (this.#dropIn !== undefined && --this.#dropIn <= 0) this.dropAfter(0)
    this.#scheduleToClient()
  }

  /**
   * Closes the application's socket with any code (a handler's `client.close()`, the real
   * server's close). An open socket stays open until the close arrives behind the messages sent
   * before it, which it still receives, as from a real server.
   */
  closeClient(code = 1000, reason = '', wasClean = true, failed = false): void {
    this.#queueClose(new PendingClose(code, reason, wasClean, failed), true)
  }

  /**
   * A handler's `client.close()`. One called while connecting fails the handshake in process, as
   * MSW's interceptor never opens that socket; a client on a real socket (`opensBeforeClose`)
   * opens, gets the messages sent before the close, then the close, as from a real server.
   */
  closeFromHandler(code?: number, reason?: string): void {
    // A connection already lost (a drop waiting for the open) sends no close frame after it.
    if (this.#dropping) return
    this.#queueClose(new PendingClose(code ?? 1000, reason ?? '', true), !this.#opensBeforeClose)
  }

  #queueClose(close: PendingClose, failsHandshake: boolean): void {
    if (this.readyState === CLOSING || this.readyState === CLOSED) return
    // A failing handshake never opens, even when a handler's close waits for the open.
    if (this.readyState === CONNECTING && failsHandshake) this.readyState = CLOSING
    if (!this.#clientCloseQueued) {
      this.#clientCloseQueued = true
      this.#toClient.push(close)
      this.#delay?.queued(this.#toClient.length - 1, false)
    }
    this.#scheduleToClient()
  }

  /**
   * The connection drops as when the server or the network goes away without a close frame,
   * once `messages` more have been sent to the application (0: now, behind those queued): an
   * `error` where the platform's WebSocket fires one, then close 1006, not clean. A socket on the
   * wire (upgrade-bridge.ts) is destroyed, and its client reacts as it does.
   */
  dropAfter(messages: number): void {
    if (messages > 0) {
      this.#dropIn = messages
      return
    }
    this.#dropIn = undefined
    this.#dropping = true
    // A connection is lost once it was made: one still connecting opens first.
    if (this.readyState !== CONNECTING) this.#drop()
  }

  /**
   * Every later message to the application arrives `draw()` ms after it was sent, in order, as
   * over a slow or congested link; a close arrives behind them.
   */
  delayMessages(draw: () => number): void {
    this.#delay ??= new DeliveryDelay(draw, this.#toClient.length)
  }

  #drop(): void {
    this.closeClient(1006, '', false, abnormalCloseFiresError())
  }

  /** An error event on the application's socket, then a close: the connection failed. */
  failClient(cause: unknown, code: number, reason: string): void {
    const event = this.events.event('error')
    Object.defineProperty(event, 'cause', { value: cause, enumerable: true })
    this.socket.dispatchEvent(event)
    this.closeClient(code, reason, false)
  }

  #scheduleToClient(): void {
    if (this.#toClientScheduled) return
    this.#toClientScheduled = true
    queueMicrotask(this.#flushToClient)
  }

  readonly #flushToClient = (): void => {
    this.#toClientScheduled = false
    // Messages wait for the handshake; a close does not.
    if (this.readyState === CONNECTING) return
    const due = this.#delay === undefined ? this.#toClient.length : this.#delay.takeDue(this.#flushToClient)
    const queued = this.#toClient.splice(0, due)
    const { socket, events } = this
    for (const item of queued) {
      if (item instanceof PendingClose) {
        if (item.failed && this.readyState !== CLOSED) socket.dispatchEvent(events.event('error'))
        this.#finishClose(item.code, item.reason, item.wasClean)
      } else if (this.readyState === OPEN) {
        this.onFrame?.('out', item)
        socket.dispatchEvent(events.message(item, this.#origin))
      }
    }
  }

  #finishClose(code: number, reason: string, wasClean: boolean): void {
    if (this.readyState === CLOSED) return
    this.readyState = CLOSED
    this.bufferedAmount = 0
    this.#toClient = []
    this.#delay?.clear()
    this.socket.dispatchEvent(this.events.close(code, reason, wasClean))
    if (this.clientListeners.has('close'))
      this.clientListeners.dispatch(this.events.handlerClose(code, reason, wasClean, false))
    this.#resolveClosed()
    const real = this.#real
    if (real !== undefined && real.readyState !== CLOSING && real.readyState !== CLOSED) {
      // The real socket refuses the reserved codes a handler may close the client with.
      if (code === 1000 || (code >= 3000 && code <= 4999)) real.close(code, reason)
      else real.close()
    }
  }

  // --- The real server -----------------------------------------------------------------------

  /** The real socket, once `connectServer()` made it. */
  get realSocket(): WebSocket | undefined {
    return this.#real
  }

  /** Opens the real connection with the platform's WebSocket; its events reach the handlers first. */
  connectServer(): void {
    if (this.#real !== undefined && this.#real.readyState === OPEN) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- connect() twice: a state error, not an argument
      throw new Error(
        format(
          `server.connect() was called for ${this.url.href}, but the real connection is already open. Call it once per connection.`,
        ),
      )
    }
    const args = this.protocols === undefined ? [this.url.href] : [this.url.href, this.protocols]
    const real = Reflect.construct(this.#Original, args) as WebSocket
    real.binaryType = this.#binaryType
    this.#realClosedByHandler = false
    real.addEventListener('open', () => this.#dispatchServer(this.events.handlerEvent('open', false)), { once: true })
    real.addEventListener('message', (event: MessageEvent) => {
      if (this.#real !== real) return
      // As in MSW, the server's message reaches the client before what its listeners send.
      const position = this.#toClient.length
      let prevented = false
      if (this.serverListeners.has('message')) {
        const forwarded = this.events.handlerMessage(event.data as WebSocketData, this.#origin)
        this.serverListeners.dispatch(forwarded)
        prevented = forwarded.defaultPrevented
      }
      if (!prevented) this.sendToClient(event.data as WebSocketData, position)
    })
    real.addEventListener('error', () => {
      const forwarded = this.events.handlerEvent('error', true)
      this.#dispatchServer(forwarded)
      // A closed socket gets no more events (closing a real socket that failed to connect fires a second error).
      if (!forwarded.defaultPrevented && this.readyState !== CLOSED)
        this.socket.dispatchEvent(this.events.event('error'))
    })
    real.addEventListener('close', (event: CloseEvent) => {
      if (this.#realClosedByHandler || this.#real !== real) return
      const forwarded = this.events.handlerClose(event.code, event.reason, event.wasClean, true)
      this.#dispatchServer(forwarded)
      if (!forwarded.defaultPrevented) this.closeClient(event.code, event.reason, event.wasClean)
    })
    this.#real = real
  }

  /** A message to the real server: queued until it opens, dropped once it closes. */
  sendToServer(data: WebSocketData): void {
    const real = this.#requireReal('server.send()')
    if (real.readyState === CLOSING || real.readyState === CLOSED) return
    if (real.readyState === CONNECTING) real.addEventListener('open', () => real.send(data as never), { once: true })
    else real.send(data as never)
  }

  /** A handler closes the real connection; the application's socket stays open. */
  closeServer(): void {
    const real = this.#requireReal('server.close()')
    this.#realClosedByHandler = true
    if (real.readyState === CLOSING || real.readyState === CLOSED) return
    real.close()
    queueMicrotask(() => this.#dispatchServer(this.events.handlerClose(1000, '', true, true)))
  }

  #requireReal(what: string): WebSocket {
    if (this.#real !== undefined) return this.#real
    // eslint-disable-next-line mocklib/coded-argument-errors -- used before connect(): a state error, not an argument
    throw new Error(
      format(
        `${what} was called for ${this.url.href} before server.connect(). Call server.connect() first to open the real connection.`,
      ),
    )
  }

  #dispatchServer(event: HandlerEvent): void {
    this.serverListeners.dispatch(event)
  }
}

function byteSize(data: WebSocketData): number {
  if (typeof data === 'string') return data.length
  if (data instanceof Blob) return data.size
  return (data as ArrayBufferLike | ArrayBufferView).byteLength
}

/**
 * Whether the platform's WebSocket fires `error` before the close of a connection lost without a
 * close frame: undici 7 (Node 24) does; Node 20's and 22's undici 6 gives the close alone, and so
 * does Chromium for a server that goes away after the open (test/sources/browser/worker-websocket-chaos.test.ts).
 */
function abnormalCloseFiresError(): boolean {
  const undici = typeof process === 'undefined' ? undefined : process.versions?.undici
  return undici !== undefined && Number(undici.split('.')[0]) >= 7
}
