// Node's own EventSource (global behind --experimental-eventsource on Node 20, 22 and 24; this
// file runs in the vitest project that sets the flag) and undici 7's EventSource, both undici
// underneath, against sse() handlers through the dispatcher source.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EventSource as UndiciEventSource } from 'undici'
import { sse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { deferred } from '../../helpers/deferred'

const server = setupServer()
beforeAll(() => server.listen({ sources: ['undici'], onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

interface Source {
  close(): void
  addEventListener(type: string, listener: (event: { data?: string; lastEventId?: string }) => void): void
}
type SourceClass = new (url: string) => Source

const open: Source[] = []
afterEach(() => {
  for (const source of open.splice(0)) source.close()
})

/** Collects `count` events of the given types, in order (a reconnection's 'error' events are not counted). */
function collect(Class: SourceClass, url: string, count: number, types = ['message']) {
  const source = new Class(url)
  open.push(source)
  const received: string[] = []
  const done = deferred<string[]>()
  for (const type of types) {
    source.addEventListener(type, (event) => {
      received.push([type, event.lastEventId, event.data].filter(Boolean).join(' '))
      if (received.length === count) done.resolve(received)
    })
  }
  return { source, events: done.promise }
}

const classes: Array<[string, SourceClass]> = [
  ["Node's global EventSource", (globalThis as unknown as { EventSource: SourceClass }).EventSource],
  ['undici 7 EventSource', UndiciEventSource as unknown as SourceClass],
]

it("Node's global EventSource exists in this project (the flag is set)", () => {
  expect(typeof (globalThis as { EventSource?: unknown }).EventSource).toBe('function')
})

describe.each(classes)('%s', (_, Class) => {
  it('receives messages, typed events and ids from an sse() handler', async () => {
    server.use(
      sse<{ message: string; tick: { n: number } }>('https://api.test/stream', ({ client }) => {
        client.send({ data: 'hello' })
        client.send({ id: '7', event: 'tick', data: { n: 1 } })
        client.send({ data: 'line 1\nline 2' })
      }),
    )
    const { events } = collect(Class, 'https://api.test/stream', 3, ['message', 'tick'])
    expect(await events).toEqual(['message hello', 'tick 7 {"n":1}', 'message 7 line 1\nline 2'])
  })

  it('reconnects after the handler closes the stream, sending Last-Event-ID', async () => {
    const seen: Array<string | undefined> = []
    server.use(
      sse('https://api.test/again', ({ client, lastEventId }) => {
        seen.push(lastEventId)
        const next = Number(lastEventId ?? 0) + 1
        client.send({ retry: 1 })
        client.send({ id: String(next), data: `event ${next}` })
        client.close()
      }),
    )
    const { events } = collect(Class, 'https://api.test/again', 3)
    expect(await events).toEqual(['message 1 event 1', 'message 2 event 2', 'message 3 event 3'])
    expect(seen.slice(0, 3)).toEqual([undefined, '1', '2'])
  })

  it('closing the client ends the stream the handler writes to', async () => {
    const ended = deferred<void>()
    server.use(
      sse('https://api.test/long', ({ client, finalize }) => {
        client.send({ data: 'first' })
        finalize(() => ended.resolve())
      }),
    )
    const { source, events } = collect(Class, 'https://api.test/long', 1)
    expect(await events).toEqual(['message first'])
    source.close()
    await ended.promise
  })
})
