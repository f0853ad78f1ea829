import { DROP_CONNECTION } from '../runtime/fault'
import { format } from '../runtime/messages'
import { ClientDelivery } from './client-delivery'
import type { ListenerOptions, ListenerOwner, OwnedListeners } from './owned-listeners'
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
    this.sender.afterSent(() => this.raw.closeClient(code, reason))
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
