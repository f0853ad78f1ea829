// An event stream its handler breaks off (`client.error()`) fails the client as a real server
// resetting the connection mid-stream does, side by side with a 127.0.0.1 server; `eventsource`
// then reconnects with Last-Event-ID against both.
import http from 'node:http'
import type { Socket } from 'node:net'
import { EventSource } from 'eventsource'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { closeLocally, listenLocally } from '../helpers/local-origins'

/** What each server saw as Last-Event-ID, one entry per connection. */
const lastIds: Record<'real' | 'mocked', (string | undefined)[]> = { real: [], mocked: [] }

/** Real sockets whose event the client is about to read: reset once it has (a reset can overtake unread data). */
const waiting: Socket[] = []
const received = () => waiting.shift()?.resetAndDestroy()

// Each connection: one event with the next id, then a reset once the client has it (the first
// two connections), or a clean end.
const real = http.createServer((request, response) => {
  const last = request.headers['last-event-id'] as string | undefined
  lastIds.real.push(last)
  const next = Number(last ?? 0) + 1
  response.writeHead(200, { 'content-type': 'text/event-stream' })
  response.write(`retry: 1\nid: ${next}\ndata: event ${next}\n\n`, () => {
    if (next < 3) waiting.push(request.socket)
    else response.end()
  })
})
let origin = ''

const mocked = setupServer(
  sse('https://sse.test/events', ({ client, lastEventId }) => {
    lastIds.mocked.push(lastEventId)
    const next = Number(lastEventId ?? 0) + 1
    client.send({ retry: 1 })
    client.send({ id: String(next), data: `event ${next}` })
    if (next < 3) queueMicrotask(() => client.error())
    else client.close()
  }),
)

beforeAll(async () => {
  origin = await listenLocally(real)
})
afterAll(async () => {
  mocked.close()
  await closeLocally(real)
})

/** Reads a stream with fetch to its failure: the text before it, and the error's shape. */
async function readToFailure(url: string) {
  const response = await fetch(url, { headers: { accept: 'text/event-stream' } })
  const reader = response.body!.getReader()
  let text = ''
  for (;;) {
    try {
      const { done, value } = await reader.read()
      if (done) return { text, error: 'ended cleanly' }
      text += new TextDecoder().decode(value)
      received()
    } catch (error) {
      const cause = (error as { cause?: NodeJS.ErrnoException }).cause
      return { text, error: `${(error as Error).name}: ${(error as Error).message}`, code: cause?.code }
    }
  }
}

/** Events `eventsource` receives until the stream's third event, and each error between. */
function reconnecting(url: string): Promise<string[]> {
  return new Promise((resolve) => {
    const seen: string[] = []
    const source = new EventSource(url)
    source.onerror = () => seen.push('error')
    source.onmessage = (event) => {
      seen.push(`${event.lastEventId}: ${event.data}`)
      received()
      if (event.lastEventId === '3') {
        source.close()
        resolve(seen)
      }
    }
  })
}

describe('client.error(): the stream is cut as a reset connection', () => {
  it('fetch reads the events before the cut, then fails as against a real reset', async () => {
    lastIds.real.length = lastIds.mocked.length = 0
    const fromReal = await readToFailure(`${origin}/events`)
    mocked.listen()
    try {
      const fromMock = await readToFailure('https://sse.test/events')
      expect(fromReal).toMatchObject({ error: 'TypeError: terminated', code: 'ECONNRESET' })
      expect({ ...fromMock, text: undefined }).toEqual({ ...fromReal, text: undefined })
      // The event before the cut arrived (each server spells its fields its own way).
      expect(fromMock.text).toMatch(/id: ?1\ndata: ?event 1\n\n$/)
    } finally {
      mocked.close()
    }
  })

  it('eventsource reconnects after each cut with the last event id, as with a real server', async () => {
    lastIds.real.length = lastIds.mocked.length = 0
    const fromReal = await reconnecting(`${origin}/events`)
    mocked.listen()
    try {
      expect(await reconnecting('https://sse.test/events')).toEqual(fromReal)
    } finally {
      mocked.close()
    }
    expect(fromReal).toEqual(['1: event 1', 'error', '2: event 2', 'error', '3: event 3'])
    expect(lastIds.mocked).toEqual(lastIds.real)
    expect(lastIds.real).toEqual([undefined, '1', '2'])
  })
})
