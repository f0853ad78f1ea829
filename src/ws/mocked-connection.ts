import { DELAY_MESSAGES, DROP_CONNECTION } from '../runtime/fault'
import { format } from '../runtime/messages'
import { ClientDelivery } from './client-delivery'
import { ExtensionSession } from './extension-session'
import { observer, type ListenerOptions, type ListenerOwner, type OwnedListeners } from './owned-listeners'
import type {
  WebSocketClientConnectionProtocol,
  WebSocketClientSocket,
  WebSocketClientEventMap,
  WebSocketData,
  WebSocketListener,
  WebSocketListenerTarget,
  WebSocketServerConnectionProtocol,
  WebSocketServerEventMap,
} from './types'
import type { WebSocketConnection } from './websocket-connection'
import { extensionValues, type AnyWebSocketExtension } from './websocket-extension'

/** A handler's client and server, speaking its link's protocol, and what that protocol adds to the event. */
interface HandlerViews {
  client: WebSocketClientConnectionProtocol<unknown>
  server: WebSocketServerConnectionProtocol<unknown>
  api: object | undefined
}

/**
 * One intercepted connection that handlers mock. Each handler gets its own view of the client
 * and the server (`viewFor`), so listeners know which handler they belong to; the views share
 * the connection underneath. A listener that throws fails the whole connection: the error is
 * reported, the client gets an `error` event and a close with code 1011.
 */
export class MockedConnection {
  #failed = false
  readonly #headers = new WeakMap<ListenerOwner, string>()
  readonly #sender: ClientDelivery
  readonly #sessions = new Map<AnyWebSocketExtension, ExtensionSession>()
  #endpoint: ExtensionSession | undefined

  constructor(
    readonly raw: WebSocketConnection,
    /** Reports an error a handler's listener threw (the source decides where it goes). */
    private readonly report: (error: unknown, owner: ListenerOwner, header: string) => void,
  ) {
    this.#sender = new ClientDelivery(raw, (data) => raw.sendToClient(data))
    raw.onListenerError = (error, owner) => this.fail(error, owner, this.#headers.get(owner) ?? 'unknown handler')
  }

  /** Settles when the client's connection closes, from either side. */
  get closed(): Promise<void> {
    return this.raw.closed
  }

  get failed(): boolean {
    return this.#failed
  }

  /** Fails the connection because a listener of `owner` threw. Later failures are ignored. */
  fail(error: unknown, owner: ListenerOwner, header: string): void {
    if (this.#failed) return
    this.#failed = true
    this.report(error, owner, header)
    this.raw.failClient(error, 1011, error instanceof Error ? error.message : String(error))
  }

  viewFor(owner: ListenerOwner, header: string): { client: MockedClient; server: MockedServer } {
    this.#headers.set(owner, header)
    return {
      client: new MockedClient(this.raw, this.#sender, owner, header),
      server: new MockedServer(this.raw, owner),
    }
  }

  /**
   * Once every handler took the connection: the protocol's handshake, ahead of what listeners sent,
   * unless a listener connected the real server, which then speaks for itself. (Text frames, as
   * protocols' handshakes are; they go to the client as they are.)
   */
  openProtocol(): void {
    const session = this.#endpoint
    if (session === undefined || this.raw.realSocket !== undefined) return
    let position = 0
    for (const frame of extensionValues(session.extension.connect?.(session.context))) {
      this.raw.sendToClient(frame, position++)
    }
  }

  /**
   * A handler's views, through the first of its extensions that takes the connection (its raw
   * views when none does). One session per extension and connection, shared by the handlers.
   */
  viewsWith(owner: ListenerOwner, header: string, extensions: readonly AnyWebSocketExtension[]): HandlerViews {
    const { client, server } = this.viewFor(owner, header)
    for (const extension of extensions) {
      let session = this.#sessions.get(extension)
      if (session === undefined) {
        const candidate = new ExtensionSession(extension, this.raw, client, server)
        if (!candidate.matches()) continue
        this.#sessions.set(extension, (session = candidate))
        if (this.#sessions.size === 1) this.#serveProtocol(session)
        // Every frame is decoded, listened to or not: decoding is where a protocol sees its replies (acks).
        const { client: decodedClient, server: decodedServer } = session.context
        this.raw.clientListeners.add('message', (event: never) => void candidate.decode(event, decodedClient), observer)
        this.raw.serverListeners.add('message', (event: never) => void candidate.decode(event, decodedServer), observer)
      }
      return { ...session.views(client, server), api: extension.extend?.(session.context) as object | undefined }
    }
    return { client, server, api: undefined }
  }

  /**
   * The first extension applied plays the protocol's server while no real server is connected:
   * its handshake goes first (openProtocol()), and its replies to client frames before the listeners run.
   */
  #serveProtocol(session: ExtensionSession): void {
    const { extension, context } = session
    this.#endpoint = session
    if (extension.receive === undefined) return
    const onFrame = (event: MessageEvent) => {
      if (this.raw.realSocket !== undefined) return
      for (const frame of extensionValues(extension.receive?.(event.data as WebSocketData, context))) {
        this.#sender.send(frame)
      }
    }
    this.raw.clientListeners.add('message', onFrame, observer)
  }
}

/** One handler's listeners on one side of the connection. */
class ListenerView<EventMap> implements WebSocketListenerTarget<EventMap> {
  constructor(
    private readonly listeners: OwnedListeners,
    private readonly owner: ListenerOwner,
  ) {}

  addEventListener<E extends keyof EventMap>(
    type: E,
    listener: WebSocketListener<EventMap[E]>,
    options?: ListenerOptions | boolean,
  ): void {
    this.listeners.add(String(type), listener, this.owner, options)
  }

  removeEventListener<E extends keyof EventMap>(type: E, listener: WebSocketListener<EventMap[E]>): void {
    this.listeners.remove(String(type), listener, this.owner)
  }
}

/** The client as one handler sees it. */
class MockedClient extends ListenerView<WebSocketClientEventMap> implements WebSocketClientConnectionProtocol {
  constructor(
    private readonly raw: WebSocketConnection,
    private readonly sender: ClientDelivery,
    owner: ListenerOwner,
    private readonly header: string,
  ) {
    super(raw.clientListeners, owner)
    // What `fault.drop(client, afterMessages)` calls (runtime/fault.ts): after the messages sent so far.
    Object.defineProperty(this, DROP_CONNECTION, {
      value: (afterMessages: number) => this.sender.afterSent(() => this.raw.dropAfter(afterMessages)),
    })
    // What chaos' latency calls (runtime/chaos.ts).
    Object.defineProperty(this, DELAY_MESSAGES, { value: (draw: () => number) => this.raw.delayMessages(draw) })
  }

  get id(): string {
    return this.raw.id
  }

  get url(): URL {
    return this.raw.url
  }

  get socket(): WebSocketClientSocket {
    return this.raw.socket as WebSocketClientSocket
  }

  send(data: WebSocketData): void {
    this.sender.send(data)
  }

  close(code?: number, reason?: string): void {
    if (code !== undefined && (!Number.isInteger(code) || code < 1000 || code > 4999)) {
      throw new RangeError(
        format(
          `client.close(${String(code)}) in the handler "${this.header}": a close code must be a whole number from 1000 to 4999. ` +
            'Use 1000 for a normal close, 1011 for a server error, or 4000–4999 for codes of your own.',
        ),
      )
    }
    // After the frames sent before it (a binary one may still be read from its Blob).
    this.sender.afterSent(() => this.raw.closeFromHandler(code, reason))
  }
}

/** The real server as one handler sees it. */
class MockedServer extends ListenerView<WebSocketServerEventMap> implements WebSocketServerConnectionProtocol {
  constructor(
    private readonly raw: WebSocketConnection,
    owner: ListenerOwner,
  ) {
    super(raw.serverListeners, owner)
  }

  connect(): void {
    this.raw.connectServer()
  }

  send(data: WebSocketData): void {
    this.raw.sendToServer(data)
  }

  close(): void {
    this.raw.closeServer()
  }
}
