// Bodies byte for byte both ways and streamed, aborts and failing bodies, through the dispatcher
// source with undici 7 and undici 6: mocked, and passed through to a real server on 127.0.0.1.
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as undici7 from 'undici'
import * as undici6 from 'undici6'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { deferred } from '../../helpers/deferred'
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server'

type Undici = typeof undici7
const SIZE = 3 * 1024 * 1024 + 17
const CHUNK = 64 * 1024
const payload = randomBytes(SIZE)
const chunksOf = (bytes: Buffer) =>
  Array.from({ length: Math.ceil(bytes.length / CHUNK) }, (_, i) => bytes.subarray(i * CHUNK, (i + 1) * CHUNK))

/** A streamed body: the bytes in 64 KiB chunks, each one handed over on a later turn. */
function streamOf(bytes: Buffer): ReadableStream<Uint8Array> {
  const chunks = chunksOf(bytes)
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve))
      const next = chunks.shift()
      if (next === undefined) controller.close()
      else controller.enqueue(new Uint8Array(next))
    },
  })
}

let real: RecordingServer
const server = setupServer(
  http.post('https://api.test/echo', async ({ request }) => {
    const received = Buffer.from(await request.arrayBuffer())
    return new HttpResponse(streamOf(received), {
      headers: { 'content-type': 'application/octet-stream', 'x-received': String(received.length) },
    })
  }),
)
beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ sources: ['undici'], onUnhandledRequest: 'bypass' })
})
afterAll(async () => {
  server.close()
  await real.close()
})

describe.each([
  ['undici 7', undici7],
  ['undici 6', undici6 as unknown as Undici],
] as const)('%s', (_, undici) => {
  for (const [where, url] of [
    ['mocked', () => 'https://api.test/echo'],
    ['passed through to 127.0.0.1', () => `${real.origin}/echo`],
  ] as const) {
    it(`request(): a 3 MiB body streamed both ways arrives byte for byte (${where})`, async () => {
      const response = await undici.request(url(), {
        method: 'POST',
        body: Readable.from(chunksOf(payload)),
        headers: { 'content-type': 'application/octet-stream' },
      })
      expect(response.statusCode).toBe(200)
      const received = Buffer.from(await response.body.arrayBuffer())
      expect(received.length).toBe(SIZE)
      expect(received.equals(payload)).toBe(true)
    })

    it(`fetch(): a 3 MiB streamed body both ways arrives byte for byte (${where})`, async () => {
      const response = await undici.fetch(url(), {
        method: 'POST',
        body: streamOf(payload) as unknown as undici7.BodyInit,
        duplex: 'half',
      })
      const received = Buffer.from(await response.arrayBuffer())
      expect(received.equals(payload)).toBe(true)
    })
  }

  it('the real server receives exactly the bytes and headers sent, with no marker', async () => {
    const before = real.requests.length
    await (
      await undici.request(`${real.origin}/exact`, { method: 'PUT', body: payload, headers: { 'x-custom': 'kept' } })
    ).body.arrayBuffer()
    const [received] = real.requests.slice(before)
    expect(received?.body.equals(payload)).toBe(true)
    expect(received?.headers['x-custom']).toBe('kept')
    expect(received?.headers['content-type']).toBeUndefined()
    expect(Object.keys(received?.headers ?? {}).filter((name) => name.includes('mocklib'))).toEqual([])
  })

  it('a client that aborts while the resolver runs: the resolver sees request.signal abort, the call rejects', async () => {
    const seen = deferred<unknown>()
    const started = deferred<void>()
    server.use(
      http.get('https://api.test/slow', ({ request }) => {
        started.resolve()
        return new Promise<Response>((resolve) =>
          request.signal.addEventListener('abort', () => {
            seen.resolve(request.signal.reason)
            resolve(HttpResponse.text('too late'))
          }),
        )
      }),
    )
    const controller = new AbortController()
    const pending = undici.request('https://api.test/slow', { signal: controller.signal })
    await started.promise
    controller.abort()
    await expect(pending).rejects.toThrow(/aborted/i)
    expect(await seen.promise).toBeDefined()
    server.resetHandlers()
  })

  it('fetch() aborted while the resolver runs: its finalize() cleanups run, the call rejects', async () => {
    const cleaned = deferred<void>()
    const started = deferred<void>()
    server.use(
      http.get('https://api.test/pending', ({ finalize }) => {
        finalize(() => cleaned.resolve())
        started.resolve()
        return new Promise<Response>(() => {})
      }),
    )
    const controller = new AbortController()
    const pending = undici.fetch('https://api.test/pending', { signal: controller.signal })
    await started.promise
    controller.abort()
    await expect(pending).rejects.toThrow(/abort/i)
    await cleaned.promise
    server.resetHandlers()
  })

  it('fetch() aborted by the resolver itself, before it answers: the call rejects, nothing is thrown elsewhere', async () => {
    const controller = new AbortController()
    server.use(
      http.get('https://api.test/self-abort', () => {
        controller.abort()
        return HttpResponse.text('too late')
      }),
    )
    await expect(undici.fetch('https://api.test/self-abort', { signal: controller.signal })).rejects.toThrow(/abort/i)
    server.resetHandlers()
  })

  it('a client that aborts while a mocked body streams cancels the body', async () => {
    const cancelled = deferred<unknown>()
    server.use(
      http.get(
        'https://api.test/endless',
        () =>
          new HttpResponse(
            new ReadableStream({
              pull: (controller) => controller.enqueue(new TextEncoder().encode('tick ')),
              cancel: (reason) => cancelled.resolve(reason),
            }),
          ),
      ),
    )
    const controller = new AbortController()
    const response = await undici.fetch('https://api.test/endless', { signal: controller.signal })
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('tick')
    controller.abort()
    await cancelled.promise
    await expect(reader.read()).rejects.toThrow()
    server.resetHandlers()
  })

  it('a mocked body that fails midway fails the response body, after the bytes before it', async () => {
    server.use(
      http.get(
        'https://api.test/broken',
        () =>
          new HttpResponse(
            new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('first part'))
                setImmediate(() => controller.error(new Error('source broke')))
              },
            }),
          ),
      ),
    )
    const response = await undici.request('https://api.test/broken')
    const chunks: string[] = []
    const reading = (async () => {
      for await (const chunk of response.body) chunks.push(String(chunk))
    })()
    await expect(reading).rejects.toThrow('source broke')
    expect(chunks.join('')).toBe('first part')
    server.resetHandlers()
  })
})
