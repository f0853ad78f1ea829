// Type tests (scripts/suite-types.mjs): the real stream `server.connect()` opens is typed as an
// EventSource is: message and custom event types carry a MessageEvent, so `event.data` reads.
// Each @ts-expect-error line must be an error; everything else must compile.
import { expectTypeOf } from 'vitest'
import { sse, type ServerSentEventSource } from 'mocklib'

type Events = { message: string; price: { usd: number } }

sse<Events>('https://api.test/feed', ({ client, server }) => {
  const source: ServerSentEventSource = server.connect()
  source.addEventListener('message', (event) => {
    expectTypeOf(event).toEqualTypeOf<MessageEvent<string>>()
    if (event.data === 'secret') {
      event.preventDefault()
      client.send({ data: 'redacted' })
    }
  })
  // A custom event type is a message too, its data the text on the wire.
  source.addEventListener('price', function (event) {
    expectTypeOf(this).toEqualTypeOf<ServerSentEventSource>()
    const text: string = event.data
    void [text, event.lastEventId]
  })
  source.addEventListener('open', (event) => void event.type)
  source.addEventListener('error', (event) => void event.error)
  source.addEventListener('close', (event) => event.preventDefault())
  // @ts-expect-error: an open event carries no data
  source.addEventListener('open', (event) => void event.data)
  source.onmessage = (event) => void event.data.toUpperCase()
  const onPrice = (event: MessageEvent<string>) => void event.data
  source.addEventListener('price', onPrice, { once: true })
  source.removeEventListener('price', onPrice)
  // A listener object, as EventTarget takes.
  source.addEventListener('message', { handleEvent: (event: Event) => void event.type })
})
