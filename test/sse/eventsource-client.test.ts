// The `eventsource` npm package (fetch-based, as used in Node) against mocked streams:
// events, types, ids, reconnection with Last-Event-ID, retry, errors and stopping.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HttpResponse, sse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { recordEventSource } from '../helpers/event-stream'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const open: { close(): void }[] = []
afterEach(() => {
  for (const source of open.splice(0)) source.close()
})
function record(url: string, types: string[] = []) {
  const client = recordEventSource(url, types)
  open.push(client.source)
  return client
}

describe('eventsource (npm) client', () => {
  it('receives messages, typed events, JSON data and multi-line data', async () => {
    server.use(
      sse<{ message: string; tick: { n: number } }>('https://api.test/events', ({ client }) => {
        client.send({ data: 'hello' })
        client.send({ event: 'tick', data: { n: 1 } })
        client.send({ data: 'line 1\nline 2\r\nline 3' })
      }),
    )
    const es = record('https://api.test/events', ['tick'])
    expect(await es.next(3)).toEqual([
      { type: 'message', data: 'hello', lastEventId: '' },
      { type: 'tick', data: '{"n":1}', lastEventId: '' },
      { type: 'message', data: 'line 1\nline 2\nline 3', lastEventId: '' },
    ])
  })

  it('reconnects after close() with the last event id, which the resolver reads', async () => {
    const seen: (string | undefined)[] = []
    server.use(
      sse('https://api.test/events', ({ client, lastEventId, request }) => {
        seen.push(lastEventId)
        expect(request.headers.get('last-event-id') ?? undefined).toBe(lastEventId)
        const next = Number(lastEventId ?? 0) + 1
        client.send({ retry: 1 })
        client.send({ id: String(next), data: `event ${next}` })
        client.close()
      }),
    )
    const es = record('https://api.test/events')
    const events = await es.next(3)
    expect(events.map((e) => [e.data, e.lastEventId])).toEqual([
      ['event 1', '1'],
      ['event 2', '2'],
      ['event 3', '3'],
    ])
    expect(seen.slice(0, 3)).toEqual([undefined, '1', '2'])
  })

  it('fires error and reconnects when the handler breaks the stream with error()', async () => {
    let connections = 0
    server.use(
      sse('https://api.test/events', ({ client }) => {
        connections++
        client.send({ retry: 1 })
        client.send({ data: `connection ${connections}` })
        if (connections === 1) queueMicrotask(() => client.error())
      }),
    )
    const es = record('https://api.test/events')
    const errored = es.nextError()
    expect((await es.next(1))[0].data).toBe('connection 1')
    await errored
    expect((await es.next(2))[1].data).toBe('connection 2')
  })

  it('stops reconnecting when the resolver answers 204 instead of streaming', async () => {
    let connections = 0
    server.use(
      sse('https://api.test/events', ({ client }) => {
        connections++
        if (connections > 1) return new HttpResponse(null, { status: 204 })
        client.send({ retry: 1 })
        client.send({ data: 'only once' })
        client.close()
      }),
    )
    const es = record('https://api.test/events')
    await es.next(1)
    await es.nextError() // the end of the first stream
    await es.nextError() // the 204 fails the connection for good
    expect(es.source.readyState).toBe(es.source.CLOSED)
    expect(connections).toBe(2)
  })

  it('keeps the events of a once handler to the first connection; the reconnect gets the next handler', async () => {
    server.use(
      sse(
        'https://api.test/events',
        ({ client }) => {
          client.send({ retry: 1 })
          client.send({ data: 'first' })
          client.close()
        },
        { once: true },
      ),
      sse('https://api.test/events', ({ client }) => client.send({ data: 'later' })),
    )
    const es = record('https://api.test/events')
    expect((await es.next(2)).map((e) => e.data)).toEqual(['first', 'later'])
  })
})
