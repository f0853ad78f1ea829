// Server-sent events in a real page: the browser's EventSource and fetch, answered by sse()
// handlers through the Service Worker; reconnection; Last-Event-ID; worker.stop() ends streams.
import { describe, expect, it } from 'vitest'
import { usePageSession } from './harness'

const session = usePageSession()

describe('sse() in a page', () => {
  it("answers the browser's EventSource: messages, typed events, multi-line data, and its reconnections", async () => {
    const result = await session.tab.page.evaluate(async () => {
      const { sse, setupWorker } = window.mocklib
      let connections = 0
      window.worker = setupWorker(
        sse<{ message: string; tick: { n: number } }>('/events', ({ client }) => {
          connections++
          client.send({ retry: 10 })
          if (connections === 1) {
            client.send({ data: 'hello' })
            client.send({ event: 'tick', data: { n: 1 } })
            client.send({ id: '1', data: 'line 1\nline 2' })
            client.close()
          } else {
            client.send({ data: 'reconnected' })
          }
        }),
      )
      await window.worker.start({ quiet: true })
      const source = new EventSource('/events')
      const received: string[] = []
      await new Promise<void>((resolve) => {
        source.addEventListener('tick', (event) => received.push(`tick ${(event as MessageEvent).data}`))
        source.onmessage = (event) => {
          received.push(`${event.data} [${event.lastEventId}]`)
          if (event.data === 'reconnected') resolve()
        }
      })
      source.close()
      return received
    })
    expect(result).toEqual(['hello []', 'tick {"n":1}', 'line 1\nline 2 [1]', 'reconnected [1]'])
  })

  it("gives an EventSource's reconnection its Last-Event-ID (Chromium leaves it out of the request the worker sees; the page puts it back), and a new EventSource none", async () => {
    const result = await session.tab.page.evaluate(async () => {
      const { sse, setupWorker } = window.mocklib
      const seen: string[] = []
      window.worker = setupWorker(
        sse<{ message: string; named: string }>('/resume', ({ client, lastEventId }) => {
          seen.push(lastEventId ?? 'none')
          client.send({ retry: 10 })
          if (lastEventId === undefined) {
            client.send({ id: '7', data: 'a' })
            client.send({ id: '8', event: 'named', data: 'b' })
            client.close()
          } else {
            client.send({ data: `resumed after ${lastEventId}` })
          }
        }),
      )
      await window.worker.start({ quiet: true })
      const resumed = (url: string) =>
        new Promise<string>((resolve) => {
          const source = new EventSource(url)
          source.onmessage = (event) => {
            if (String(event.data).startsWith('resumed')) {
              source.close()
              resolve(String(event.data))
            }
          }
        })
      const first = await resumed('/resume')
      // The closed source left nothing behind: a new one starts afresh (and is resumed in turn).
      const second = await resumed('/resume')
      return { first, second, seen }
    })
    expect(result).toEqual({ first: 'resumed after 8', second: 'resumed after 8', seen: ['none', '8', 'none', '8'] })
  })

  it('gives the resolver the Last-Event-ID a fetch client sends', async () => {
    const result = await session.tab.page.evaluate(async () => {
      const { sse, setupWorker } = window.mocklib
      window.worker = setupWorker(
        sse('/events', ({ client, lastEventId }) => {
          client.send({ data: `after ${lastEventId}` })
          client.close()
        }),
      )
      await window.worker.start({ quiet: true })
      const response = await fetch('/events', { headers: { accept: 'text/event-stream', 'last-event-id': '41' } })
      return response.text()
    })
    expect(result).toBe('data:after 41\n\n')
  })

  it('streams to fetch as events are sent, and worker.stop() ends the open stream', async () => {
    const result = await session.tab.page.evaluate(async () => {
      const { sse, setupWorker } = window.mocklib
      let send!: (text: string) => void
      window.worker = setupWorker(
        sse('/stream', ({ client }) => {
          send = (text) => client.send({ data: text })
          client.send({ data: 'first' })
        }),
      )
      await window.worker.start({ quiet: true })
      const response = await fetch('/stream', { headers: { accept: 'text/event-stream' } })
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
      const chunks: string[] = [(await reader.read()).value!]
      send('second')
      chunks.push((await reader.read()).value!)
      await window.worker.stop()
      const end = await reader.read()
      return { type: response.headers.get('content-type'), chunks, done: end.done }
    })
    expect(result).toEqual({ type: 'text/event-stream', chunks: ['data:first\n\n', 'data:second\n\n'], done: true })
  })
})
