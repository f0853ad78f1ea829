// How a mocked stream starts and ends, read with fetch and http.request: matching on Accept and
// method, streaming while the resolver still runs, client disconnects, finalize(), close().
import http from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { http as rest, HttpResponse, sse, type ServerSentEventClient } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { openStream } from '../helpers/event-stream'
import { deferred } from '../helpers/deferred'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

describe('matching', () => {
  it('matches any Accept that lists text/event-stream, with parameters or among other types', async () => {
    server.use(sse('https://api.test/s', ({ client }) => client.close()))
    for (const accept of [
      'text/event-stream',
      'application/json, text/event-stream;q=0.9',
      'TEXT/Event-Stream; charset=utf-8',
    ]) {
      const response = await fetch('https://api.test/s', { headers: { accept } })
      expect(response.headers.get('content-type'), accept).toBe('text/event-stream')
      await response.text()
    }
  })

  it('leaves requests that do not ask for an event stream to the next handler', async () => {
    server.use(
      sse('https://api.test/s', ({ client }) => client.close()),
      rest.get('https://api.test/s', () => HttpResponse.json({ plain: true })),
    )
    expect(await (await fetch('https://api.test/s')).json()).toEqual({ plain: true })
  })

  it('says why an unhandled request did not match: its Accept header', async () => {
    server.resetHandlers(sse('https://api.test/s', ({ client }) => client.close()))
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(fetch('https://api.test/s', { headers: { accept: 'application/json' } })).rejects.toThrow()
    expect(error.mock.calls.flat().join('\n')).toContain(
      `The event stream handler "GET https://api.test/s" matches this URL, but the request's Accept header does not list text/event-stream. ` +
        "If the client reads the stream without asking for one, pass { accept: 'any' } to sse().",
    )
  })

  it("takes requests whatever their Accept header with { accept: 'any' } (LLM SDKs that send application/json)", async () => {
    server.use(
      sse(
        'https://api.test/v1/chat',
        ({ client }) => {
          client.send({ data: '[DONE]' })
          client.close()
        },
        { method: 'POST', accept: 'any' },
      ),
    )
    for (const accept of ['application/json', '*/*']) {
      const response = await fetch('https://api.test/v1/chat', { method: 'POST', headers: { accept }, body: '{}' })
      expect(await response.text(), accept).toBe('data:[DONE]\n\n')
    }
    expect(() => sse('/x', () => {}, { accept: 'json' as 'any' })).toThrow(
      `sse() got { accept: "json" }. Pass 'event-stream'`,
    )
  })

  it('streams POST requests when given { method: "POST" }, with the request body readable', async () => {
    server.use(
      sse(
        'https://api.test/chat',
        async ({ client, request }) => {
          const { prompt } = (await request.json()) as { prompt: string }
          for (const word of prompt.split(' ')) client.send({ data: { token: word } })
          client.send({ data: '[DONE]' })
          client.close()
        },
        { method: 'POST' },
      ),
    )
    const { body } = await openStream('https://api.test/chat', {
      method: 'POST',
      body: JSON.stringify({ prompt: 'hi there' }),
    })
    expect(await body.toEnd()).toBe('data:{"token":"hi"}\n\ndata:{"token":"there"}\n\ndata:[DONE]\n\n')
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const get = await fetch('https://api.test/chat', { headers: { accept: 'text/event-stream' } }).catch(
      (e: unknown) => e,
    )
    expect(get).toBeInstanceOf(Error) // GET is not handled: onUnhandledRequest 'error'
    const printed = error.mock.calls.flat().join('\n')
    expect(printed).toContain('The closest handler, "POST https://api.test/chat"')
    expect(printed).toContain('did not match: it takes POST requests, this is GET.')
  })
})

describe('streaming', () => {
  it('delivers events sent after an await while the resolver is still running (MSW holds them until it returns)', async () => {
    const go = deferred()
    const finished = deferred()
    server.use(
      sse('https://api.test/s', async ({ client }) => {
        client.send({ data: 'first' })
        await go.promise
        client.send({ data: 'second' })
        client.close()
        finished.resolve()
      }),
    )
    const { response, body } = await openStream('https://api.test/s')
    expect(response.status).toBe(200)
    expect(await body.until('data:first\n\n')).toBe('data:first\n\n')
    go.resolve()
    expect(await body.toEnd()).toBe('data:first\n\ndata:second\n\n')
    await finished.promise
  })

  it('lets a test hold the client and send from outside the resolver', async () => {
    const connected = deferred<ServerSentEventClient<{ update: { id: number } }>>()
    server.use(sse<{ update: { id: number } }>('https://api.test/s', ({ client }) => connected.resolve(client)))
    const { body } = await openStream('https://api.test/s')
    const client = await connected.promise
    client.send({ event: 'update', data: { id: 1 } })
    expect(await body.until('\n\n')).toBe('event:update\ndata:{"id":1}\n\n')
    client.close()
    await body.toEnd()
  })

  it('streams to http.request chunk by chunk', async () => {
    const connected = deferred<ServerSentEventClient>()
    server.use(sse('http://api.test/s', ({ client }) => connected.resolve(client)))
    const chunks: string[] = []
    const ended = deferred()
    const response = deferred<http.IncomingMessage>()
    http.get('http://api.test/s', { headers: { accept: 'text/event-stream' } }, (res) => {
      response.resolve(res)
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => chunks.push(chunk))
      res.on('end', () => ended.resolve())
    })
    const client = await connected.promise
    client.send({ data: 'one' })
    const res = await response.promise
    expect(res.headers['content-type']).toBe('text/event-stream')
    await new Promise<void>((resolve) => res.once('data', () => resolve()))
    expect(chunks.join('')).toBe('data:one\n\n')
    client.send({ data: 'two' })
    client.close()
    await ended.promise
    expect(chunks.join('')).toBe('data:one\n\ndata:two\n\n')
  })
})

describe('ending', () => {
  it('aborts client.signal and runs finalize() cleanups when the client disconnects', async () => {
    const cleaned = deferred()
    const connected = deferred<ServerSentEventClient>()
    server.use(
      sse('https://api.test/s', ({ client, finalize }) => {
        finalize(() => cleaned.resolve())
        client.send({ data: 'x' })
        connected.resolve(client)
      }),
    )
    const { body } = await openStream('https://api.test/s')
    const client = await connected.promise
    await body.until('data:x')
    expect(client.signal.aborted).toBe(false)
    await body.cancel()
    await cleaned.promise
    expect(client.signal.reason).toBe('cancelled')
    // Sending to a client that left is not an error: a timer may still be running.
    expect(() => client.send({ data: 'late' })).not.toThrow()
  })

  it('ends the stream when the client aborts its fetch; the pending read rejects as with a real server', async () => {
    const connected = deferred<ServerSentEventClient>()
    server.use(
      sse('https://api.test/s', ({ client }) => {
        client.send({ data: 'x' })
        connected.resolve(client)
      }),
    )
    const controller = new AbortController()
    const { body } = await openStream('https://api.test/s', { signal: controller.signal })
    await body.until('data:x')
    const client = await connected.promise
    const pending = body.toEnd()
    controller.abort()
    await expect(pending).rejects.toThrow(/abort/i)
    expect(client.signal.reason).toBe('cancelled')
  })

  it('ends the stream and runs finalize() when an http.request client destroys its request', async () => {
    const cleaned = deferred()
    const connected = deferred<ServerSentEventClient>()
    server.use(
      sse('http://api.test/s', ({ client, finalize }) => {
        finalize(() => cleaned.resolve())
        client.send({ data: 'x' })
        connected.resolve(client)
      }),
    )
    const request = http.get('http://api.test/s', { headers: { accept: 'text/event-stream' } }, (res) => {
      res.once('data', () => request.destroy())
    })
    request.on('error', () => {})
    const client = await connected.promise
    await cleaned.promise
    expect(client.signal.reason).toBe('cancelled')
  })

  it('ends every open stream on server.close(), so nothing keeps the process alive', async () => {
    const local = setupServer(sse('https://api.test/s', ({ client }) => client.send({ data: 'open' })))
    server.close()
    local.listen()
    try {
      const a = await openStream('https://api.test/s')
      const b = await openStream('https://api.test/s')
      await a.body.until('data:open')
      local.close()
      expect(await a.body.toEnd()).toBe('data:open\n\n')
      expect(await b.body.toEnd()).toBe('data:open\n\n')
    } finally {
      local.close()
      server.listen({ onUnhandledRequest: 'error' })
    }
  })

  it('runs finalize() cleanups when the stream ends, not when the resolver returns', async () => {
    const order: string[] = []
    server.use(
      sse('https://api.test/s', ({ client, finalize }) => {
        finalize(() => void order.push('cleanup'))
        order.push('returned')
        queueMicrotask(() => {
          order.push('closing')
          client.close()
        })
      }),
    )
    const { body } = await openStream('https://api.test/s')
    await body.toEnd()
    expect(order).toEqual(['returned', 'closing', 'cleanup'])
  })
})
