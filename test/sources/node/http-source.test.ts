// The lean http source (src/sources/node/http-source.ts) against the ClientRequest interceptor:
// the same client calls, run once under each source, must leave the same transcript (every event
// of the request, its socket and its response, in order, with status, headers, rawHeaders, body
// chunks and errors). The client suites and the MSW parity suites also run under both (the
// `http-lean` vitest project).
import http from 'node:http'
import https from 'node:https'
import { afterEach, expect, it, vi } from 'vitest'
import { delay, http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

type Source = 'lean' | 'interceptor'
type Step = (request: http.ClientRequest, log: (entry: string) => void) => void

interface Call {
  url: string
  options?: https.RequestOptions
  /** Sent after the head; `end()` is called after it. */
  body?: string[]
  /** What the test does to the request besides sending it (destroy it at some moment). */
  step?: Step
}

const servers: Array<{ close(): void }> = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
  vi.restoreAllMocks()
})

/** Everything the client sees of one call, in order, until the request closes. */
function transcript(call: Call): Promise<string[]> {
  const entries: string[] = []
  const log = (entry: string) => entries.push(entry)
  const send = call.url.startsWith('https:') ? https.request : http.request
  return new Promise((resolve) => {
    const request = send(call.url, call.options ?? {})
    for (const event of ['socket', 'finish', 'continue', 'timeout', 'abort'] as const)
      request.on(event, () => log(event))
    request.on('error', (error: NodeJS.ErrnoException) => log(`error ${error.code ?? ''} ${error.message}`))
    // Done once the request and its socket (if it got one) have closed, whichever is last.
    let open = 1
    const closed = () => --open === 0 && resolve(entries)
    request.on('close', () => {
      log('close')
      closed()
    })
    request.on('socket', (socket) => {
      open++
      for (const event of ['lookup', 'connect', 'ready', 'secureConnect', 'end'])
        socket.on(event, () => log(`socket ${event}`))
      socket.on('close', () => {
        log('socket close')
        closed()
      })
    })
    request.on('response', (response) => {
      log(`response ${response.statusCode} ${response.statusMessage} ${response.httpVersion}`)
      log(`headers ${JSON.stringify(response.headers)}`)
      log(`rawHeaders ${JSON.stringify(response.rawHeaders)}`)
      response.on('data', (chunk: Buffer) => log(`data ${JSON.stringify(chunk.toString())}`))
      response.on('end', () => log('end'))
      response.on('aborted', () => log('aborted'))
      response.on('error', (error) => log(`response error ${error.message}`))
      response.on('close', () => log('response close'))
    })
    call.step?.(request, log)
    for (const chunk of call.body ?? []) request.write(chunk)
    request.end()
  })
}

/** The transcripts of the calls under one source, one server per source, handlers as given. */
async function under(source: Source, handlers: Parameters<typeof setupServer>, calls: Call[]): Promise<string[][]> {
  const server = setupServer(...handlers)
  servers.push(server)
  server.listen({ onUnhandledRequest: 'error', httpSource: source })
  const results: string[][] = []
  for (const call of calls) results.push(await transcript(call))
  server.close()
  return results
}

/** Runs the calls under both sources; returns the lean transcripts once checked equal to the interceptor's. */
async function same(handlers: Parameters<typeof setupServer>, calls: Call[]): Promise<string[][]> {
  const interceptor = await under('interceptor', handlers, calls)
  const lean = await under('lean', handlers, calls)
  expect(lean).toEqual(interceptor)
  return lean
}

it('answers with the same events, status, headers, rawHeaders and body chunks as the interceptor', async () => {
  const stream = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ['one ', 'two ', 'three']) controller.enqueue(new TextEncoder().encode(part))
        controller.close()
      },
    })
  const [json, text, empty, streamed, shaped, head] = await same(
    [
      rest.get('http://api.test/json', () =>
        HttpResponse.json({ id: 1 }, { headers: { 'X-Custom': 'A', 'set-cookie': 'a=1' } }),
      ),
      rest.get('http://api.test/text', () => HttpResponse.text('made', { status: 201, statusText: 'Made' })),
      rest.get('http://api.test/empty', () => new HttpResponse(null, { status: 204 })),
      rest.get(
        'http://api.test/stream',
        () => new HttpResponse(stream(), { headers: { 'Content-Type': 'text/plain' } }),
      ),
      rest.get('http://api.test/shaped', () =>
        HttpResponse.text('shaped', { headers: { Connection: 'keep-alive', Date: 'Tue, 01 Jan 2030 00:00:00 GMT' } }),
      ),
      rest.head('http://api.test/json', () => new HttpResponse(null, { headers: { 'Content-Length': '8' } })),
    ],
    [
      { url: 'http://api.test/json' },
      { url: 'http://api.test/text' },
      { url: 'http://api.test/empty' },
      { url: 'http://api.test/stream' },
      { url: 'http://api.test/shaped' },
      { url: 'http://api.test/json', options: { method: 'HEAD' } },
    ],
  )
  expect(json).toContain(
    'rawHeaders ["X-Custom","A","set-cookie","a=1","Content-Type","application/json","Content-Length","8"]',
  )
  expect(text).toContain('response 201 Made 1.1')
  expect(empty).toContain('response 204 No Content 1.1')
  expect(streamed.filter((entry) => entry.startsWith('data '))).toEqual(['data "one "', 'data "two "', 'data "three"'])
  expect(shaped).toContain('data "shaped"')
  expect(head).toContain('end')
})

it('takes the mocked answer without the ServerResponse the interceptor writes it with', async () => {
  const writeHead = vi.spyOn(http.ServerResponse.prototype, 'writeHead')
  await under('lean', [rest.get('http://api.test/a', () => HttpResponse.text('lean'))], [{ url: 'http://api.test/a' }])
  expect(writeHead).not.toHaveBeenCalled()
  await under(
    'interceptor',
    [rest.get('http://api.test/a', () => HttpResponse.text('lean'))],
    [{ url: 'http://api.test/a' }],
  )
  expect(writeHead).toHaveBeenCalled()
})

it('answers https, network errors, thrown resolvers and streamed uploads as the interceptor does', async () => {
  const [secure, failed, thrown, upload] = await same(
    [
      rest.get('https://api.test/secure', () => HttpResponse.json({ secure: true })),
      rest.get('http://api.test/failed', () => HttpResponse.error()),
      rest.get('http://api.test/thrown', () => {
        // The stack would name each source's own frames.
        throw Object.assign(new Error('resolver broke'), { stack: 'Error: resolver broke' })
      }),
      rest.post('http://api.test/upload', async ({ request }) => HttpResponse.text(`got ${await request.text()}`)),
    ],
    [
      { url: 'https://api.test/secure' },
      { url: 'http://api.test/failed' },
      { url: 'http://api.test/thrown' },
      { url: 'http://api.test/upload', options: { method: 'POST' }, body: ['first, ', 'second, ', 'third'] },
    ],
  )
  expect(secure).toContain('socket secureConnect')
  expect(failed.some((entry) => entry.startsWith('error'))).toBe(true)
  expect(thrown).toContain('response 500 Unhandled Exception 1.1')
  expect(upload).toContain('data "got first, second, third"')
})

it('ends the same way when the client destroys the request at each moment', async () => {
  let release!: () => void
  const destroy: Record<string, Step> = {
    'at once': (request) => request.destroy(new Error('gave up')),
    'on socket': (request) => request.on('socket', () => request.destroy(new Error('gave up'))),
    'on response': (request) => request.on('response', () => request.destroy(new Error('gave up'))),
    'on the first chunk': (request) =>
      request.on('response', (response) => response.once('data', () => request.destroy(new Error('gave up')))),
    'while the resolver waits': (request) => {
      release = () => request.destroy(new Error('gave up'))
    },
  }
  const results = await same(
    [
      rest.get('http://api.test/slow', async () => {
        release()
        await delay(0)
        return HttpResponse.text('late')
      }),
      rest.get('http://api.test/a', () => HttpResponse.text('a body')),
    ],
    Object.entries(destroy).map(([moment, step]) => ({
      url: moment === 'while the resolver waits' ? 'http://api.test/slow' : 'http://api.test/a',
      step,
    })),
  )
  for (const entries of results) expect(entries).toContain('error  gave up')
})

it('keeps a keep-alive agent, timeout and Expect: 100-continue requests as the interceptor does', async () => {
  const agent = new http.Agent({ keepAlive: true })
  const results = await same(
    [
      rest.post('http://api.test/a', () => HttpResponse.text('answered')),
      rest.get('http://api.test/a', () => HttpResponse.text('a')),
    ],
    [
      { url: 'http://api.test/a', options: { agent } },
      { url: 'http://api.test/a', options: { agent, timeout: 60_000 } },
      { url: 'http://api.test/a', options: { method: 'POST', headers: { expect: '100-continue' } } },
      { url: 'http://api.test/a', options: { headers: { connection: 'keep-alive' } } },
    ],
  )
  agent.destroy()
  for (const entries of results) expect(entries).toContain('end')
})

it('says what to change for an unknown httpSource', () => {
  const server = setupServer()
  expect(() => server.listen({ httpSource: 'fast' as 'lean' })).toThrow(
    /server\.listen\(\{ httpSource \}\) is "fast": use 'lean' .* or 'interceptor'/,
  )
})
