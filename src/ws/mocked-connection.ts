import type { WebSocketConnectionData } from '@mswjs/interceptors/WebSocket'
import { format } from '../runtime/messages'
import { ClientFrameSender } from './client-frames'
import { ListenerView, type ListenerOwner, type ListenerOwners, type RawListenerTarget } from './listener-chain'
import type {
  WebSocketClientConnectionProtocol,
  WebSocketClientEventMap,
  WebSocketData,
  WebSocketServerConnectionProtocol,
  WebSocketServerEventMap,
} from './types'

/** An intercepted connection as `@mswjs/interceptors` hands it over (client, real server, info). */
export type InterceptedConnection = WebSocketConnectionData

/**
 * One intercepted connection that handlers mock. Each handler gets its own view of the client
 * and the server (`viewFor`), so listeners know which handler they belong to; the views share
 * the connection underneath. A listener that throws fails the whole connection: the error is
 * reported, the client gets an `error` event and a close with code 1011.
 */
export class MockedConnection {
  #failed = false
  /** The handlers that got a view; stopPropagation() bookkeeping starts with the second. */
  readonly #owners = { several: false, count: 0 }
  /** Settles when the client's connection closes, from either side. */
  readonly closed: Promise<void>
  readonly #sender: ClientFrameSender

  constructor(
    readonly raw: InterceptedConnection,
    /** Reports an error a handler's listener threw (the source decides where it goes). */
    private readonly report: (error: unknown, owner: ListenerOwner, header: string) => void,
  ) {
    // Registered before any handler's listener, so no stopImmediatePropagation() can hide it.
    this.closed = new Promise((resolve) => raw.client.addEventListener('close', () => resolve(), { once: true }))
    this.#sender = new ClientFrameSender(raw.client.socket, (data) => raw.client.send(data))
  }

  get failed(): boolean {
    return this.#failed
  }

  /** Fails the connection because a listener of `owner` threw. Later failures are ignored. */
  fail(error: unknown, owner: ListenerOwner, header: string): void {
    if (this.#failed) return
    this.#failed = true
    this.report(error, owner, header)
    const socket = this.raw.client.socket
    socket.dispatchEvent(errorEvent(error))
    if (socket.readyState !== socket.CLOSING && socket.readyState !== socket.CLOSED) {
      this.raw.client.close(1011, error instanceof Error ? error.message : String(error))
    }
  }

  viewFor(owner: ListenerOwner, header: string): { client: MockedClient; server: MockedServer } {
    const onError = (error: unknown) => this.fail(error, owner, header)
    const owners = this.#owners
    owners.several = ++owners.count > 1
    return {
      client: new MockedClient(this.raw, (data) => this.#sender.send(data), owner, owners, header, onError),
      server: new MockedServer(this.raw, owner, owners, onError),
    }
  }
}

export function errorEvent(cause: unknown): Event {
  const event = new Event('error')
  Object.defineProperty(event, 'cause', { value: cause, enumerable: true })
  return event
}

/** The client as one handler sees it. */
class MockedClient extends ListenerView<WebSocketClientEventMap> implements WebSocketClientConnectionProtocol {
  constructor(
    private readonly raw: InterceptedConnection,
    private readonly sendFrame: (data: WebSocketData) => void,
    owner: ListenerOwner,
    owners: ListenerOwners,
    private readonly header: string,
    onError: (error: unknown) => void,
  ) {
    super(raw.client as unknown as RawListenerTarget, owner, owners, onError)
  }

  get id(): string {
    return this.raw.client.id
  }

  get url(): URL {
    return this.raw.client.url
  }

  send(data: WebSocketData): void {
    this.sendFrame(data)
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
    this.raw.client.close(code, reason)
  }
}

/** The real server as one handler sees it. */
class MockedServer extends ListenerView<WebSocketServerEventMap> implements WebSocketServerConnectionProtocol {
  constructor(
    private readonly raw: InterceptedConnection,
    owner: ListenerOwner,
    owners: ListenerOwners,
    onError: (error: unknown) => void,
  ) {
    super(raw.server as unknown as RawListenerTarget, owner, owners, onError)
  }

  connect(): void {
    this.raw.server.connect()
  }

  send(data: WebSocketData): void {
    this.raw.server.send(data)
  }

  close(): void {
    this.raw.server.close()
  }
}
