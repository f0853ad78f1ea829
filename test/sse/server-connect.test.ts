// server.connect(): the real stream behind a mocked one, from a real HTTP server on 127.0.0.1.
import type { ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sse, type ServerSentEventSource } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { openStream, recordEventSource } from '../helpers/event-stream'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'

/** Real streams the server has open, newest last; a test writes to them and ends them. */
let streams: ServerResponse[] = []
let streamOpened: (() => void)[] = []
const nextRealStream = () => new Promise<void>((resolve) => streamOpened.push(resolve))
let real: RecordingServer
const server = setupServer()

beforeAll(async () => {
  real = await startRecordingServer((request, response) => {
    if (request.path === '/not-a-stream') {
      response.writeHead(404, { 'content-type': 'text/plain' })
      return void response.end('no such stream')
    }
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' })
    response.flushHeaders()
    streams.push(response)
    for (const wake of streamOpened.splice(0)) wake()
  })
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  for (const stream of streams) stream.end()
  streams = []
  vi.restoreAllMocks()
})
afterAll(async () => {
  server.close()
  await real.close()
})

describe('server.connect()', () => {
  it('forwards the real events (types, multi-line data, ids, retry) to the mocked client as they come', async () => {
    server.use(sse(`${real.origin}/feed`, ({ server }) => void server.connect()))
    const opened = nextRealStream()
    const { body } = await openStream(`${real.origin}/feed`)
    await opened
    streams[0].write('id: 1\nevent: price\ndata: {"usd":1}\n\n')
    expect(await body.until('\n\n')).toBe('id:1\nevent:price\ndata:{"usd":1}\n\n')
    streams[0].write(': a comment\nretry: 500\ndata: two\r\ndata: lines\r\n\r\n')
    expect(await body.until('lines')).toBe('id:1\nevent:price\ndata:{"usd":1}\n\nretry:500\n\ndata:two\ndata:lines\n\n')
  })

  it('sends the intercepted request as it was: headers, Last-Event-ID, cookies; without the bypass marker', async () => {
    server.use(sse(`${real.origin}/feed`, ({ server }) => void server.connect()))
    const opened = nextRealStream()
    const { body } = await openStream(`${real.origin}/feed?topic=a`, {
      headers: { 'last-event-id': '41', authorization: 'Bearer t', cookie: 'session=abc' },
    })
    await opened
    const received = real.requests.at(-1)!
    expect(received.path).toBe('/feed?topic=a')
    expect(received.headers['last-event-id']).toBe('41')
    expect(received.headers.authorization).toBe('Bearer t')
    expect(received.headers.cookie).toBe('session=abc')
    expect(received.headers.accept).toBe('text/event-stream')
    await body.cancel()
  })

  it('does not forward an event whose listener calls preventDefault(); the handler may send its own instead', async () => {
    server.use(
      sse<{ message: string }>(`${real.origin}/feed`, ({ client, server }) => {
        const source = server.connect()
        source.addEventListener('message', (event) => {
          const message = event as MessageEvent<string>
          if (message.data === 'secret') {
            event.preventDefault()
            client.send({ data: 'redacted' })
          }
        })
      }),
    )
    const opened = nextRealStream()
    const { body } = await openStream(`${real.origin}/feed`)
    await opened
    streams[0].write('data: public\n\ndata: secret\n\ndata: after\n\n')
    expect(await body.until('after')).toBe('data:public\n\ndata:redacted\n\ndata:after\n\n')
  })

  it('mixes mocked events into the real stream', async () => {
    server.use(
      sse(`${real.origin}/feed`, ({ client, server }) => {
        server.connect().onopen = () => client.send({ data: 'mocked hello' })
      }),
    )
    const opened = nextRealStream()
    const { body } = await openStream(`${real.origin}/feed`)
    await opened
    expect(await body.until('\n\n')).toBe('data:mocked hello\n\n')
    streams[0].write('data: real\n\n')
    expect(await body.until('real')).toBe('data:mocked hello\n\ndata:real\n\n')
  })

  it('closes the mocked stream when the real one ends, unless the close event is prevented', async () => {
    server.use(sse(`${real.origin}/feed`, ({ server }) => void server.connect()))
    let opened = nextRealStream()
    const first = await openStream(`${real.origin}/feed`)
    await opened
    streams[0].end('data: bye\n\n')
    expect(await first.body.toEnd()).toBe('data:bye\n\n')

    server.use(
      sse(`${real.origin}/feed`, ({ client, server }) => {
        server.connect().addEventListener('close', (event) => {
          event.preventDefault()
          client.send({ data: 'the real stream ended; mocked from here' })
        })
      }),
    )
    opened = nextRealStream()
    const second = await openStream(`${real.origin}/feed`)
    await opened
    streams[1].end()
    expect(await second.body.until('mocked from here')).toBe('data:the real stream ended; mocked from here\n\n')
    await second.body.cancel()
  })

  it('errors the mocked stream when the real server answers something else than a stream, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(sse(`${real.origin}/not-a-stream`, ({ server }) => void server.connect()))
    const { body } = await openStream(`${real.origin}/not-a-stream`)
    await expect(body.toEnd()).rejects.toThrow()
    expect(warn.mock.calls.flat().join('\n')).toContain(
      `server.connect() to ${real.origin}/not-a-stream got status 404 with content type text/plain, not a 200 text/event-stream.`,
    )
  })

  it('lets the handler keep the mocked stream open when the real server fails (error event prevented)', async () => {
    let source: ServerSentEventSource | undefined
    server.use(
      sse('http://127.0.0.1:1/down', ({ client, server }) => {
        source = server.connect()
        source.onerror = (event) => {
          event.preventDefault()
          client.send({ data: 'fallback' })
        }
      }),
    )
    const { body } = await openStream('http://127.0.0.1:1/down')
    expect(await body.until('fallback')).toBe('data:fallback\n\n')
    expect(source?.readyState).toBe(2)
    await body.cancel()
  })

  it('stops reading the real stream when the mocked client leaves', async () => {
    server.use(sse(`${real.origin}/feed`, ({ server }) => void server.connect()))
    const opened = nextRealStream()
    const es = recordEventSource(`${real.origin}/feed`)
    await opened
    streams[0].write('data: one\n\n')
    await es.next(1)
    const realClosed = new Promise<void>((resolve) => streams[0].on('close', () => resolve()))
    es.source.close()
    await realClosed
  })
})
