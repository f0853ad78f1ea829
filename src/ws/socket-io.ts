import { decodeFrame, EnginePacket, encodePacket, PacketType, refuseBinary } from './socket-io-packets'
import type { WebSocketClientConnectionProtocol, WebSocketData } from './types'
import {
  WebSocketExtension,
  type WebSocketExtensionContext,
  type WebSocketExtensionMessageContext,
} from './websocket-extension'

/** A Socket.IO event, as handlers send and receive it over `ws.link(url, { extensions: [new SocketIo()] })`. */
export interface SocketIoMessage {
  /** The event name (`socket.emit('chat', …)` → `'chat'`). */
  event: string
  /** The event's arguments (JSON values). */
  args: unknown[]
  /** The namespace (`io('https://host/admin')` → `'/admin'`); `'/'` when absent. */
  namespace?: string
  /**
   * On a received event: answers the client's acknowledgement callback. On a sent one: called
   * with the client's acknowledgement (`socket.on('event', (…args, callback) => callback(…))`).
   */
  ack?: (...args: unknown[]) => void
}

/** Rooms of one client, as Socket.IO's server has them (one set per link's extension, all namespaces). */
export interface SocketIoRooms {
  /** Puts the client in the room(s) (the server's `socket.join()`). */
  join(rooms: string | readonly string[]): void
  /** Takes the client out of a room (`socket.leave()`). */
  leave(room: string): void
  /** The rooms the client is in. */
  list(): string[]
  /** Sends to every other client in the room(s) (`socket.to(room).emit()`): each gets the message once. */
  to(rooms: string | readonly string[]): { send(message: SocketIoMessage): void }
}

/** What the Socket.IO extension adds to the `connection` event. */
export interface SocketIoApi {
  rooms: SocketIoRooms
}

type Client = WebSocketClientConnectionProtocol<SocketIoMessage>

/** An acknowledgement a handler sends back: encoded as an ACK packet, never a listener's message. */
const kAckOf = Symbol('mocklib.socketIoAck')
interface AckMessage extends SocketIoMessage {
  [kAckOf]: number
}

/** The acknowledgements one side of a connection waits for. */
interface AckBook {
  next: number
  waiting: Map<number, (...args: unknown[]) => void>
}

/**
 * Timers far beyond a test's life (below setTimeout's 2^31 - 1 ms limit together): the client
 * then never drops a mocked connection for missing pings, which mocklib does not send.
 */
const PING_INTERVAL = 1_000_000_000
const PING_TIMEOUT = 1_000_000_000

/**
 * Socket.IO (protocol 5, over Engine.IO 4's WebSocket transport: socket.io-client 3 and 4 with
 * `transports: ['websocket']`) as a WebSocket extension, MSW 3's way: handlers send and receive
 * `{ event, args, namespace, ack }` messages; mocklib answers the Engine.IO handshake and each
 * namespace's CONNECT while no real server is connected.
 */
export class SocketIo extends WebSocketExtension<SocketIoMessage, SocketIoApi> {
  /** room → client id → the client. */
  readonly #rooms = new Map<string, Map<string, Client>>()
  readonly #acks = new WeakMap<object, { client: AckBook; server: AckBook }>()

  override match({ client }: WebSocketExtensionContext<SocketIoMessage>): boolean {
    return client.url.searchParams.get('EIO') === '4'
  }

  override connect(): string {
    const handshake = { sid: randomId(), upgrades: [], pingInterval: PING_INTERVAL, pingTimeout: PING_TIMEOUT }
    return EnginePacket.OPEN + JSON.stringify({ ...handshake, maxPayload: 1_000_000 })
  }

  override receive(data: WebSocketData): string | undefined {
    if (typeof data !== 'string') return undefined
    if (data === EnginePacket.PING) return EnginePacket.PONG
    const packet = decodeFrame(data)
    if (packet?.type !== PacketType.CONNECT) return undefined
    return encodePacket({ type: PacketType.CONNECT, namespace: packet.namespace, data: { sid: randomId() } })
  }

  override decode(
    data: WebSocketData,
    context: WebSocketExtensionMessageContext<SocketIoMessage>,
  ): SocketIoMessage | undefined {
    if (typeof data !== 'string') refuseBinary([data], 'a binary frame')
    const packet = decodeFrame(data as string)
    if (packet === undefined) return undefined
    if (packet.type === PacketType.ACK) {
      const book = this.#book(context)
      const callback = packet.id === undefined ? undefined : book.waiting.get(packet.id)
      if (packet.id !== undefined) book.waiting.delete(packet.id)
      callback?.(...(Array.isArray(packet.data) ? (packet.data as unknown[]) : []))
      return undefined
    }
    if (packet.type !== PacketType.EVENT || !Array.isArray(packet.data)) return undefined
    const [event, ...args] = packet.data as [string, ...unknown[]]
    const message: SocketIoMessage = { event, args, namespace: packet.namespace }
    const { id } = packet
    if (id !== undefined) {
      message.ack = (...answer: unknown[]) => {
        const reply: AckMessage = { event, args: answer, namespace: packet.namespace, [kAckOf]: id }
        context.connection.send(reply)
      }
    }
    return message
  }

  override encode(message: SocketIoMessage, context: WebSocketExtensionMessageContext<SocketIoMessage>): string {
    const namespace = message.namespace ?? '/'
    refuseBinary(message.args, message.event)
    if (kAckOf in message) {
      return encodePacket({ type: PacketType.ACK, namespace, id: (message as AckMessage)[kAckOf], data: message.args })
    }
    let id: number | undefined
    if (message.ack !== undefined) {
      const book = this.#book(context)
      id = book.next++
      book.waiting.set(id, message.ack)
    }
    return encodePacket({ type: PacketType.EVENT, namespace, id, data: [message.event, ...message.args] })
  }

  override extend({ client }: WebSocketExtensionContext<SocketIoMessage>): SocketIoApi {
    return { rooms: this.#roomsOf(client) }
  }

  /** The acknowledgements awaited on the side a message crosses (the server's, or the client's). */
  #book(context: WebSocketExtensionMessageContext<SocketIoMessage>): AckBook {
    let books = this.#acks.get(context.client)
    if (books === undefined) {
      books = { client: { next: 0, waiting: new Map() }, server: { next: 0, waiting: new Map() } }
      this.#acks.set(context.client, books)
    }
    return 'connect' in context.connection ? books.server : books.client
  }

  #roomsOf(client: Client): SocketIoRooms {
    const rooms = this.#rooms
    const leaveAll = () => {
      for (const [room, members] of rooms) if (members.delete(client.id) && members.size === 0) rooms.delete(room)
    }
    let watching = false
    return {
      join(names) {
        if (!watching) client.addEventListener('close', leaveAll, { once: true })
        watching = true
        for (const room of typeof names === 'string' ? [names] : names) {
          let members = rooms.get(room)
          if (members === undefined) rooms.set(room, (members = new Map()))
          members.set(client.id, client)
        }
      },
      leave(room) {
        const members = rooms.get(room)
        if (members?.delete(client.id) === true && members.size === 0) rooms.delete(room)
      },
      list() {
        return [...rooms].filter(([, members]) => members.has(client.id)).map(([room]) => room)
      },
      to(names) {
        return {
          send(message) {
            const targets = new Map<string, Client>()
            for (const room of typeof names === 'string' ? [names] : names) {
              for (const [id, member] of rooms.get(room) ?? []) if (id !== client.id) targets.set(id, member)
            }
            for (const target of targets.values()) target.send(message)
          },
        }
      },
    }
  }
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 12) + Math.random().toString(36).slice(2, 12)
}
