// Property: whatever a handler sends, a real client (the eventsource package, with its own
// parser) receives exactly that: data with its line breaks as LF, the type and the id.
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { sse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { recordEventSource } from '../helpers/event-stream'
import { startRecordingServer } from '../helpers/recording-server'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const TYPES = ['message', 'update', 'data', 'id', 'événement'] as const
type Events = { [Type in (typeof TYPES)[number]]: string }

const tricky = (pieces: string[]) =>
  fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(''))
const data = tricky(['a', ' ', ':', 'data:', 'é', '🌍', '\n', '\r', '\r\n', '\n\n', '\u0000', 'id: 1'])
const id = fc.option(tricky(['1', 'x', ' ', ':', 'é', '-']), { nil: undefined })
const message = fc.record({ event: fc.constantFrom(...TYPES), data, id })

it('delivers any sequence of messages intact to an EventSource', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 6 }), async (messages) => {
      server.resetHandlers(
        sse<Events>('https://api.test/round-trip', ({ client }) => {
          for (const { event, data, id } of messages) client.send({ event, data, id })
        }),
      )
      const es = recordEventSource('https://api.test/round-trip', [...TYPES])
      try {
        const received = await es.next(messages.length)
        // The eventsource package reports each event's own id field as lastEventId ('' without one),
        // not the running last event ID a browser reports.
        const expected = messages.map(({ event, data, id }) => ({
          type: event,
          data: data.replace(/\r\n|\r/g, '\n'),
          lastEventId: id ?? '',
        }))
        expect(received).toEqual(expected)
      } finally {
        es.source.close()
      }
    }),
    { numRuns: 60 },
  )
})

it('forwards any real stream intact through server.connect(), however its lines end and its chunks split', async () => {
  let body: Buffer[] = []
  const real = await startRecordingServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    const pieces = body
    const writeNext = (index: number): void => {
      if (index === pieces.length) return void response.end()
      response.write(pieces[index], () => setImmediate(() => writeNext(index + 1)))
    }
    writeNext(0)
  })
  try {
    const lineEnd = fc.constantFrom('\n', '\r', '\r\n')
    const event = fc.record({
      event: fc.constantFrom(...TYPES),
      data: tricky(['a', ' ', ':', 'é', '🌍', '\n', '\r\n']),
      end: lineEnd,
    })
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (events, cuts) => {
          // The real server writes each event with its own line ends, cut into chunks at `cuts`.
          const text = events
            .map(
              ({ event, data, end }) =>
                `event:${event}${end}` +
                data
                  .split(/\r\n|\r|\n/)
                  .map((line) => `data: ${line}${end}`)
                  .join('') +
                end,
            )
            .join('')
          // Cut bytes, not characters: a UTF-8 sequence may be split between two chunks too.
          const bytes = Buffer.from(text)
          const positions = [...new Set(cuts.map((cut) => cut % bytes.length))].sort((a, b) => a - b)
          body = [0, ...positions]
            .map((start, i, all) => bytes.subarray(start, all[i + 1] ?? bytes.length))
            .filter((piece) => piece.length > 0)
          server.resetHandlers(sse(`${real.origin}/feed`, ({ server }) => void server.connect()))
          const es = recordEventSource(`${real.origin}/feed`, [...TYPES])
          try {
            const received = await es.next(events.length)
            expect(received.map(({ type, data }) => ({ type, data }))).toEqual(
              events.map(({ event, data }) => ({ type: event, data: data.replace(/\r\n|\r/g, '\n') })),
            )
          } finally {
            es.source.close()
          }
        },
      ),
      { numRuns: 40 },
    )
  } finally {
    await real.close()
  }
})
