// ws.link(url, { extensions }) as MSW 3 types it: a link speaks its extension's messages
// (client.send, broadcast, message events) and its connection event carries the extension's API.
import {
  SocketIo,
  WebSocketExtension,
  ws,
  type SocketIoMessage,
  type WebSocketData,
  type WebSocketExtensionContext,
  type WebSocketExtensionMessageContext,
  type WebSocketExtensionResult,
} from 'mocklib/ws'

const chat = ws.link('wss://chat.example.com', { extensions: [new SocketIo()] })
chat.addEventListener('connection', ({ client, server, rooms, params }) => {
  client.send({ event: 'greeting', args: ['hello'] })
  client.send({ event: 'ask', args: [1], namespace: '/admin', ack: (...answer: unknown[]) => answer })
  // @ts-expect-error A Socket.IO link sends Socket.IO messages, not raw frames.
  client.send('raw text')
  server.send({ event: 'up', args: [] })
  rooms.join(['lobby', 'vip'])
  const mine: string[] = rooms.list()
  rooms.to('lobby').send({ event: 'joined', args: [mine] })
  const id: string | readonly string[] | undefined = params.id
  client.addEventListener('message', (event) => {
    const message: SocketIoMessage = event.data
    message.ack?.('ok')
    // @ts-expect-error A message is an object, not a string.
    event.data.toUpperCase()
  })
  return id
})
chat.broadcast({ event: 'news', args: [{ id: 1 }] })
// @ts-expect-error broadcast() takes the extension's messages.
chat.broadcast(new ArrayBuffer(1))

// A link without extensions speaks raw frames, and its event has no extension API.
const raw = ws.link('wss://raw.example.com')
raw.addEventListener('connection', (event) => {
  event.client.send('text')
  // @ts-expect-error No extension: no rooms.
  void event.rooms
})

// An extension of one's own, written as for MSW 3 (its WebSocketExtension base class).
type Envelope = { type: string; payload: unknown }
class JsonEnvelope extends WebSocketExtension<Envelope, { sent: () => number }> {
  #count = 0
  override match({ client }: WebSocketExtensionContext<Envelope>): boolean {
    return client.url.pathname.startsWith('/json')
  }
  override encode(message: Envelope, _context: WebSocketExtensionMessageContext<Envelope>): string {
    this.#count++
    return JSON.stringify(message)
  }
  override *decode(data: WebSocketData): Generator<Envelope> {
    if (typeof data === 'string') yield JSON.parse(data) as Envelope
  }
  override connect(): WebSocketExtensionResult<WebSocketData> {
    return JSON.stringify({ type: 'hello', payload: null })
  }
  override extend(): { sent: () => number } {
    return { sent: () => this.#count }
  }
}
ws.link('wss://app.example.com/json', { extensions: [new JsonEnvelope()] }).addEventListener(
  'connection',
  ({ client, sent }) => {
    client.send({ type: 'ready', payload: sent() })
    client.addEventListener('message', (event) => {
      const type: string = event.data.type
      return type
    })
    // @ts-expect-error An envelope needs its type.
    client.send({ payload: 1 })
  },
)

// @ts-expect-error An extension is an object with encode() and decode().
ws.link('wss://bad.example.com', { extensions: ['socket.io'] })
