// Type tests for the WebSocket API: each @ts-expect-error line must be an error, everything else must compile.
import {
  ws,
  WebSocketHandler,
  type WebSocketClientConnectionProtocol,
  type WebSocketCloseEvent,
  type WebSocketData,
  type WebSocketHandlerConnection,
  type WebSocketLink,
  type WebSocketMessageEvent,
} from 'mocklib'
import { setupServer } from 'mocklib/node'

const chat: WebSocketLink = ws.link('wss://chat.test/rooms/:room')
ws.link(/wss:\/\/chat\.test\/.+/)
// @ts-expect-error: a link needs a URL
ws.link()
// @ts-expect-error: a URL is a string or a RegExp
ws.link(42)

const handler: WebSocketHandler = chat.addEventListener('connection', ({ client, server, params, info }) => {
  const id: string = client.id
  const url: URL = client.url
  // The application's socket (MSW's runtime `client.socket`): its URL and state, read-only.
  const socketUrl: string = client.socket.url
  const state: number = client.socket.readyState
  // @ts-expect-error read-only
  client.socket.url = 'wss://elsewhere.test'
  void [id, url, socketUrl, state, params.room, info.protocols]
  client.send('text')
  client.send(new Blob(['blob']))
  client.send(new ArrayBuffer(2))
  client.send(new Uint8Array(2))
  // @ts-expect-error: frames are text or binary, not numbers
  client.send(42)
  // @ts-expect-error: nor plain objects (JSON.stringify them)
  client.send({ type: 'hello' })
  client.close()
  client.close(4000, 'reason')
  // @ts-expect-error: the reason is a string
  client.close(4000, 1)
  client.addEventListener('message', (event) => {
    const data: WebSocketData = event.data
    event.preventDefault()
    event.stopPropagation()
    void data
  })
  client.addEventListener('close', (event) => {
    const code: number = event.code
    const reason: string = event.reason
    const wasClean: boolean = event.wasClean
    void [code, reason, wasClean]
  })
  // Listeners written against mocklib's own event types (no DOM lib needed for them).
  const onMessage = (event: WebSocketMessageEvent) => void event.data
  const onClose = (event: WebSocketCloseEvent) => void event.code
  client.addEventListener('message', onMessage, { once: true, signal: new AbortController().signal })
  client.removeEventListener('message', onMessage)
  client.addEventListener('close', onClose, true)
  // @ts-expect-error: a close event has no data, so a message listener does not listen for it
  client.addEventListener('close', onMessage)
  // @ts-expect-error: no such listener option
  client.addEventListener('message', onMessage, { onse: true })
  // @ts-expect-error: a client has no "open" event (it is open when the listener runs)
  client.addEventListener('open', () => {})
  // Listeners written against the DOM's event types fit too (the events delivered are the platform's).
  client.addEventListener('message', (event: MessageEvent) => void [event.origin, event.data])
  client.addEventListener('message', (event: MessageEvent<string>) => void event.data.toUpperCase())
  client.addEventListener('message', (event: MessageEvent<WebSocketData>) => void event.lastEventId)
  client.addEventListener('close', (event: CloseEvent) => void [event.code, event.wasClean])
  server.addEventListener('message', (event: MessageEvent<ArrayBuffer | string>) => void event.data)
  server.addEventListener('close', (event: CloseEvent) => void event.reason)
  // @ts-expect-error: a frame is never a number
  client.addEventListener('message', (event: MessageEvent<number>) => void event.data)
  // @ts-expect-error: a close listener does not listen for frames
  client.addEventListener('message', (event: CloseEvent) => void event.code)
  // @ts-expect-error: nor a frame listener for the close
  client.addEventListener('close', (event: MessageEvent) => void event.data)
  server.connect()
  server.send('to the real server')
  server.addEventListener('open', () => {})
  server.addEventListener('message', (event) => {
    const data: WebSocketData = event.data
    void data
  })
  server.addEventListener('error', () => {})
  server.addEventListener('close', (event) => void event.code)
  // @ts-expect-error: server.close() takes no code (it closes the real connection)
  server.close(1000)
})

// The platform's events (what the runtime delivers) fit mocklib's event types.
const platformMessage: WebSocketMessageEvent = new MessageEvent<WebSocketData>('message', { data: 'frame' })
const platformClose: WebSocketCloseEvent = new CloseEvent('close', { code: 1000 })
void [platformMessage, platformClose]

// @ts-expect-error: a link has "connection" events only
chat.addEventListener('message', () => {})

chat.addEventListener('connection', () => {}, { once: true })

// Params typed through the generic.
ws.link<{ room: string }>('wss://chat.test/rooms/:room').addEventListener('connection', ({ params }) => {
  const room: string | undefined = params.room
  // @ts-expect-error: no such param
  void params.user
  void room
})

const connection = (args: WebSocketHandlerConnection) => args.client.send('hi')
chat.addEventListener('connection', connection)

chat.broadcast('to all')
chat.broadcast(new Uint8Array([1]))
// @ts-expect-error: broadcast data is a frame
chat.broadcast(1)
const someClient = [...chat.clients][0] as WebSocketClientConnectionProtocol
chat.broadcastExcept(someClient, 'others')
chat.broadcastExcept([someClient], 'others')
// @ts-expect-error: broadcastExcept needs clients
chat.broadcastExcept('id', 'others')

// ws handlers go where any handler goes, beside http ones.
const server = setupServer(handler)
server.use(chat.addEventListener('connection', () => {}))
server.events.on(
  'connection',
  ({ url, protocols, request, requestId }) => void [url.href, protocols, request.url, requestId],
)
