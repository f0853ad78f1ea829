// A streamed answer in the history: an sse() stream's events are its entry's frames, in order,
// bounded, in the shape the mock server's history uses (HistoryFrame).
import { afterEach, describe, expect, it } from 'vitest'
import { sse } from 'mocklib'
import { setupServer, type HistoryFrame, type SetupServer } from 'mocklib/node'
import { openStream } from '../helpers/event-stream'

let open: SetupServer | undefined
afterEach(() => {
  open?.close()
  open = undefined
})

describe('history frames of an event stream', () => {
  it('records each event sent, in order, as an out frame of the request that opened the stream', async () => {
    const ticks = sse<{ tick: number }>('https://api.test/ticks', ({ client }) => {
      client.send({ event: 'tick', data: 1 })
      client.send({ event: 'tick', data: 2, id: 'b' })
      client.close()
    })
    open = setupServer(ticks)
    open.listen({ onUnhandledRequest: 'error' })
    const { body } = await openStream('https://api.test/ticks')
    const text = await body.toEnd()
    expect(text).toBe('event:tick\ndata:1\n\nid:b\nevent:tick\ndata:2\n\n')

    const [entry] = open.history
    expect(entry.handler).toBe(ticks)
    expect(entry.frames.map(({ direction, data }) => [direction, data])).toEqual([
      ['out', 'event:tick\ndata:1\n\n'],
      ['out', 'id:b\nevent:tick\ndata:2\n\n'],
    ])
    const frame: HistoryFrame = entry.frames[0]
    expect(Number.isNaN(Date.parse(frame.at))).toBe(false)
  })

  it('counts streams as calls per boundary, cleared by resetHandlers(); a once stream is pending until opened', async () => {
    const feed = sse('https://api.test/feeds/:feed', ({ client }) => {
      client.send({ data: 'hi' })
      client.close()
    })
    const once = sse('https://api.test/once', ({ client }) => client.close(), { once: true })
    open = setupServer(feed, once)
    open.listen({ onUnhandledRequest: 'bypass' })
    const server = open
    const read = async (url: string) => (await openStream(url)).body.toEnd()
    const seen = await Promise.all(
      ['a', 'b'].map((name) =>
        server.boundary(async () => {
          await read(`https://api.test/feeds/${name}`)
          return [feed.calls.map((call) => call.params.feed), server.pendingHandlers()]
        })(),
      ),
    )
    expect(seen).toEqual([
      [['a'], [once]],
      [['b'], [once]],
    ])
    expect(server.pendingHandlers()).toEqual([feed, once])

    await read('https://api.test/once')
    expect(once.calls).toHaveLength(1)
    expect(server.pendingHandlers()).toEqual([feed])
    // Spent: the next stream is unhandled, its near miss the spent handler.
    await fetch('https://api.test/once', { headers: { accept: 'text/event-stream' } }).catch(() => undefined)
    expect(server.history.at(-1)?.nearMiss?.reasons).toEqual([{ kind: 'once' }])
    server.resetHandlers()
    expect([server.history, feed.calls, once.calls]).toEqual([[], [], []])
  })

  it('keeps the first 200 frames of a long stream, and none for an ordinary answer', async () => {
    open = setupServer(
      sse('https://api.test/long', ({ client }) => {
        for (let index = 0; index < 250; index++) client.send({ data: index })
        client.close()
      }),
    )
    open.listen({ onUnhandledRequest: 'error' })
    const { body } = await openStream('https://api.test/long')
    expect((await body.toEnd()).match(/^data:/gm)).toHaveLength(250)
    const [entry] = open.history
    expect(entry.frames).toHaveLength(200)
    expect(entry.frames.at(-1)?.data).toBe('data:199\n\n')
  })
})
