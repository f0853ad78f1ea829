// Type tests for sse(): each @ts-expect-error line must be an error, everything else must compile.
import { HttpHandler, HttpResponse, sse, type ServerSentEventMessage, type ServerSentEventSource } from 'mocklib'
import { setupServer } from 'mocklib/node'

type Events = { message: string; price: { usd: number }; ping: undefined }

const typed = sse<Events>(
  'https://api.test/prices',
  ({ client, server, lastEventId, request, params, cookies, finalize }) => {
    client.send({ data: 'hello' })
    client.send({ event: 'message', data: 'explicit type' })
    client.send({ event: 'price', data: { usd: 1 }, id: '1' })
    client.send({ event: 'ping' }) // data may be left out when the map allows undefined
    client.send({ retry: 1000 })
    client.send({ id: '1', data: 'with retry', retry: 10 })
    // @ts-expect-error: message data is a string
    client.send({ data: 1 })
    // @ts-expect-error: price data must be { usd: number }
    client.send({ event: 'price', data: { eur: 1 } })
    // @ts-expect-error: price needs its data
    client.send({ event: 'price' })
    // @ts-expect-error: an event type the map does not have
    client.send({ event: 'other', data: 'x' })
    // retry may go with an event (MSW's types forbid it; the wire allows it)
    client.send({ retry: 10, event: 'price', data: { usd: 1 } })
    // @ts-expect-error: ids are strings
    client.send({ id: 1, data: 'x' })
    client.comment('keep-alive')
    client.dispatchEvent(new MessageEvent('message', { data: 'raw' }))
    const signal: AbortSignal = client.signal
    const source: ServerSentEventSource = server.connect()
    source.addEventListener('message', (event) => void event.preventDefault())
    const id: string | undefined = lastEventId
    const url: string = request.url
    void params
    void cookies
    finalize(() => void signal.aborted)
    void id
    void url
  },
)
const asHttp: HttpHandler = typed

// Without a map, only `message` events can be sent (as in MSW), with any data.
sse('/events', ({ client }) => {
  client.send({ data: { any: 'thing' } })
  // @ts-expect-error: no event map, so no custom event types
  client.send({ event: 'custom', data: 'x' })
})

// Params are the second type argument; the resolver may return a Response or nothing.
sse<Events, { room: string }>('/rooms/:room', ({ params }) => {
  const room: string = params.room
  return room === 'closed' ? new HttpResponse(null, { status: 204 }) : undefined
})
sse('/async', async ({ client }) => {
  client.close()
})
// @ts-expect-error: a resolver answers with a Response or nothing
sse('/bad', () => 'text')

// Options: the method, the Accept rule and once.
sse('/chat', () => {}, { method: 'POST', accept: 'any', once: true })
// @ts-expect-error: accept is 'event-stream' or 'any'
sse('/chat', () => {}, { accept: 'application/json' })
// @ts-expect-error: the method is a string
sse('/chat', () => {}, { method: 1 })

// Messages can be typed apart from a handler.
const message: ServerSentEventMessage<Events> = { event: 'price', data: { usd: 2 } }
// @ts-expect-error: wrong data for the event type
const wrong: ServerSentEventMessage<Events> = { event: 'price', data: 'x' }

// Event stream handlers go wherever handlers go.
const server = setupServer(typed)
server.use(sse('/x', () => {}))
void asHttp
void message
void wrong
