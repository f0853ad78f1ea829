// Type tests (scripts/suite-types.mjs): a `ws` connection fits code written against MSW's
// types, which are @mswjs/interceptors' (a socket.io binding, wrappers over `connection`).
// Each @ts-expect-error line must be an error; everything else must compile.
import type {
  WebSocketClientConnectionProtocol as InterceptorsClient,
  WebSocketServerConnectionProtocol as InterceptorsServer,
} from '@mswjs/interceptors/WebSocket'
import { expectTypeOf } from 'vitest'
import { ws, type WebSocketData, type WebSocketHandlerConnection } from 'mocklib'

/** A binding as socket.io's is written: it takes the two sides by the interceptors' types. */
class Binding {
  constructor(
    readonly client: InterceptorsClient,
    readonly server: InterceptorsServer,
  ) {}

  onText(listener: (text: string, event: MessageEvent) => void): void {
    this.client.addEventListener('message', function (event) {
      // `this` is the application's socket, as the interceptors type it.
      const binary: BinaryType = this.binaryType
      void binary
      if (typeof event.data === 'string') listener(event.data, event)
    })
  }
}

function bind(connection: WebSocketHandlerConnection): Binding {
  return new Binding(connection.client, connection.server)
}

const chat = ws.link('wss://chat.test/rooms/:room')
chat.addEventListener('connection', (connection) => {
  bind(connection).onText((text) => connection.client.send(text.toUpperCase()))
  const { client, server } = connection
  // Message events are full MessageEvents, as MSW types them.
  client.addEventListener('message', (event) => {
    expectTypeOf(event).toEqualTypeOf<MessageEvent<WebSocketData>>()
    const origin: string = event.origin
    const lastEventId: string = event.lastEventId
    void [origin, lastEventId]
  })
  server.addEventListener('message', (event) => {
    expectTypeOf(event).toEqualTypeOf<MessageEvent<WebSocketData>>()
  })
  // A DOM-typed listener fits too.
  client.addEventListener('message', (event: MessageEvent) => void event.data)
  // @ts-expect-error: a close listener is not a message listener
  client.addEventListener('message', (event: CloseEvent) => void event.code)
})

// The link's clients fit where the interceptors' client protocol is expected.
const clients: ReadonlySet<InterceptorsClient> = chat.clients
for (const client of chat.clients) {
  const asInterceptors: InterceptorsClient = client
  void asInterceptors
}
void clients
