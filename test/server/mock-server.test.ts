import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { EventSource } from 'eventsource'
import { delay, graphql, http, HttpResponse, sse } from 'mocklib'
import { createMockServer, type MockServer } from 'mocklib/node'
import { afterEach, describe, expect, it } from 'vitest'

const run = promisify(execFile)
let server: MockServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function start(...handlers: Parameters<typeof createMockServer>): Promise<MockServer> {
  server = createMockServer(...handlers)
  await server.listen()
  return server
}

describe('createMockServer', () => {
  it('answers curl over one kept-alive connection: relative paths, and absolute-URL handlers at the same path', async () => {
    const { url } = await start(
      http.get('/local', () => HttpResponse.json({ from: 'relative' })),
      http.get('https://api.example.com/user', ({ request }) =>
        HttpResponse.json({ from: 'absolute', url: request.url }),
      ),
    )
    const { stdout, stderr } = await run('curl', ['-sv', `${url}/local`, '--next', '-s', `${url}/user?id=1`])
    expect(stdout).toBe('{"from":"relative"}{"from":"absolute","url":"https://api.example.com/user?id=1"}')
    expect(stderr).toMatch(/Re-using existing connection|Reusing existing/i)
  })

  it("answers Node's own fetch in another process: JSON, a POST body echoed, the 404's problem document", async () => {
    const { url } = await start(
      http.get('/user', () => HttpResponse.json({ name: 'Ada' })),
      http.post('/echo', async ({ request }) => HttpResponse.text(`echo:${await request.text()}`)),
    )
    const script = `
const base = process.argv[1]
const user = await (await fetch(base + '/user')).json()
const echo = await (await fetch(base + '/echo', { method: 'POST', body: 'ping' })).text()
const missing = await fetch(base + '/missing')
console.log(JSON.stringify([user, echo, missing.status, missing.headers.get('content-type')]))
`
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, url])
    expect(JSON.parse(stdout)).toEqual([{ name: 'Ada' }, 'echo:ping', 404, 'application/problem+json'])
  })

  it('answers 404 with a problem document naming the request when no handler does', async () => {
    const { url } = await start(http.get('/known', () => HttpResponse.text('ok')))
    const response = await fetch(`${url}/unknown`, { method: 'DELETE' })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect((await response.json()).detail).toMatch(
      /^No handler answers DELETE \/unknown on http:\/\/127\.0\.0\.1:\d+\. Add a handler/,
    )
  })

  it('streams a body chunk by chunk, delay() on the wire', async () => {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const { url } = await start(
      http.get('/stream', () => {
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode('first;'))
            await released
            await delay(10)
            controller.enqueue(new TextEncoder().encode('second'))
            controller.close()
          },
        })
        return new HttpResponse(stream, { headers: { 'content-type': 'text/plain' } })
      }),
    )
    const response = await fetch(`${url}/stream`)
    expect(response.headers.get('transfer-encoding')).toBe('chunked')
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    // The first chunk arrives while the resolver still holds the second back.
    expect((await reader.read()).value).toBe('first;')
    release()
    let rest = ''
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += next.value
    expect(rest).toBe('second')
  })

  it('streams a request body of any size to the resolver, byte for byte (curl upload)', async () => {
    const { url } = await start(
      http.post('/upload', async ({ request }) => {
        const hash = createHash('sha256')
        let size = 0
        for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
          hash.update(chunk)
          size += chunk.byteLength
        }
        return HttpResponse.json({ size, sha256: hash.digest('hex') })
      }),
    )
    const bytes = new Uint8Array(8 * 1024 * 1024).map((_, index) => (index * 31) % 251)
    const { writeFile, rm } = await import('node:fs/promises')
    const file = `/tmp/mocklib-upload-${process.pid}.bin`
    await writeFile(file, bytes)
    const { stdout } = await run('curl', [
      '-s',
      '--data-binary',
      `@${file}`,
      '-H',
      'content-type: application/octet-stream',
      `${url}/upload`,
    ])
    await rm(file)
    expect(JSON.parse(stdout)).toEqual({
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })
  })

  it('turns HttpResponse.error() into a connection reset', async () => {
    const { url } = await start(http.get('/fail', () => HttpResponse.error()))
    const failure = await run('curl', ['-s', `${url}/fail`]).catch((error: { code: number }) => error)
    // 56: failure receiving network data (reset); 52: empty reply.
    expect([52, 56]).toContain((failure as { code: number }).code)
    await expect(fetch(`${url}/fail`)).rejects.toThrow(/fetch failed/)
  })

  it("aborts a GET's request.signal when the client leaves, whether the resolver asks before or after", async () => {
    const aborted = (signal: AbortSignal) =>
      signal.aborted
        ? Promise.resolve('aborted')
        : new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('aborted')))
    let asked!: (signal: AbortSignal) => void
    let signals = new Promise<AbortSignal>((resolve) => (asked = resolve))
    let clientGone!: () => void
    const gone = new Promise<void>((resolve) => (clientGone = resolve))
    const { url } = await start(
      http.get('/early', async ({ request }) => {
        asked(request.signal)
        await aborted(request.signal)
        return HttpResponse.text('too late')
      }),
      http.get('/late', async ({ request }) => {
        asked(new AbortController().signal)
        await gone
        asked(request.signal)
        await aborted(request.signal)
        return HttpResponse.text('too late')
      }),
    )
    const early = new AbortController()
    const earlyAnswer = fetch(`${url}/early`, { signal: early.signal }).catch((error: Error) => error.name)
    const earlySignal = await signals
    early.abort()
    expect(await earlyAnswer).toBe('AbortError')
    expect(await aborted(earlySignal)).toBe('aborted')

    signals = new Promise<AbortSignal>((resolve) => (asked = resolve))
    const late = new AbortController()
    const lateAnswer = fetch(`${url}/late`, { signal: late.signal }).catch((error: Error) => error.name)
    await signals
    signals = new Promise<AbortSignal>((resolve) => (asked = resolve))
    late.abort()
    expect(await lateAnswer).toBe('AbortError')
    // The resolver asks for the signal only now, once the client has gone.
    clientGone()
    expect(await aborted(await signals)).toBe('aborted')
  })

  it('answers a GraphQL query and a thrown resolver with the in-process pipeline (Python urllib)', async () => {
    const { url } = await start(
      graphql.query('GetUser', () => HttpResponse.json({ data: { user: { name: 'Ada' } } })),
      http.get('/boom', () => {
        throw new Error('resolver broke')
      }),
    )
    const script = `
import json, sys, urllib.request, urllib.error
base = sys.argv[1]
req = urllib.request.Request(base + '/graphql', data=json.dumps({'query': 'query GetUser { user { name } }'}).encode(),
                             headers={'content-type': 'application/json'})
print(urllib.request.urlopen(req).read().decode())
try:
    urllib.request.urlopen(base + '/boom')
except urllib.error.HTTPError as error:
    print(error.code, json.loads(error.read())['message'])
`
    const { stdout } = await run('python3', ['-c', script, url])
    expect(stdout.trim().split('\n')).toEqual(['{"data":{"user":{"name":"Ada"}}}', '500 resolver broke'])
  })

  it('streams an sse() handler to an EventSource, reconnection with Last-Event-ID included', async () => {
    const { url } = await start(
      sse('/feed', ({ client, lastEventId }) => {
        const next = Number(lastEventId ?? 0) + 1
        client.send({ retry: 10 })
        client.send({ id: String(next), data: `event ${next}` })
        client.close()
      }),
    )
    const source = new EventSource(`${url}/feed`)
    const received: string[] = []
    await new Promise<void>((resolve) => {
      source.onmessage = (event) => {
        received.push(`${event.lastEventId}:${event.data}`)
        if (received.length === 3) resolve()
      }
    })
    source.close()
    expect(received).toEqual(['1:event 1', '2:event 2', '3:event 3'])
  })

  it('refuses to listen on a port in use, saying which', async () => {
    const first = await start(http.get('/', () => HttpResponse.text('first')))
    const second = createMockServer()
    await expect(second.listen({ port: first.port })).rejects.toThrow(`Port ${first.port} on 127.0.0.1 is in use`)
  })
})
