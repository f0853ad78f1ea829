// A whole server's or boundary's link (`listen({ network })`, `server.boundary(callback, { network })`),
// measured on a fake clock: what is asserted is when the resolver saw a request and when the
// client had its response and its last byte, never a wall-clock wait.
import { request as httpRequest } from 'node:http'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse, throttle } from 'mocklib'
import { createMockServer, setupServer } from 'mocklib/node'

const MB = 1_000_000
/** When (ms after the request started) the resolver saw each request, by path. */
const seen = new Map<string, number>()
let start = 0

const server = setupServer(
  http.get('https://link.test/file', () => {
    seen.set('/file', Date.now() - start)
    return new HttpResponse(new Uint8Array(MB))
  }),
  http.post('https://link.test/upload', async ({ request }) => {
    seen.set('/upload', Date.now() - start)
    return HttpResponse.json({ received: (await request.arrayBuffer()).byteLength })
  }),
  http.get('https://link.test/small', () => {
    seen.set('/small', Date.now() - start)
    return HttpResponse.text('ok')
  }),
)

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  seen.clear()
  start = Date.now()
})
afterEach(() => {
  server.close()
  vi.useRealTimers()
})
afterAll(() => server.close())

/** Runs the fake clock until `work` settles, and gives its outcome with the time it settled at. */
async function settle<T>(work: Promise<T>): Promise<{ at: number; value?: T; error?: unknown }> {
  let outcome: { at: number; value?: T; error?: unknown } | undefined
  work.then(
    (value) => (outcome = { at: Date.now() - start, value }),
    (error: unknown) => (outcome = { at: Date.now() - start, error }),
  )
  while (outcome === undefined) {
    // Real I/O (the client's own) runs between the fake clock's steps.
    await new Promise((resolve) => setImmediate(resolve))
    await vi.advanceTimersToNextTimerAsync()
  }
  return outcome
}

describe('listen({ network })', () => {
  it('waits the latency before the handlers, then streams a 1 MB body at 100 kB/s: its end at 10 s (± 10 %)', async () => {
    server.listen({ network: { download: 100_000, latency: 300 } })
    const response = await settle(fetch('https://link.test/file'))
    expect(seen.get('/file')).toBe(300)
    expect(response.at).toBe(300)
    const body = await settle(response.value!.arrayBuffer())
    expect(body.value!.byteLength).toBe(MB)
    expect(body.at - 300).toBeGreaterThanOrEqual(9_000)
    expect(body.at - 300).toBeLessThanOrEqual(11_000)
  })

  it('paces the request body at the upload rate: the resolver sees 200 kB sent at 100 kB/s after 2 s', async () => {
    server.listen({ network: { download: 10 * MB, upload: 100_000 } })
    const response = await settle(
      fetch('https://link.test/upload', { method: 'POST', body: new Uint8Array(200_000) }).then((r) => r.json()),
    )
    expect(seen.get('/upload')).toBe(2_000)
    expect(response.value).toEqual({ received: 200_000 })
    expect(response.at).toBeGreaterThanOrEqual(2_000)
  })

  it("a preset: 'slow-3g' waits 2 s before the handlers and carries 'ok' at once after", async () => {
    server.listen({ network: 'slow-3g' })
    const text = await settle(fetch('https://link.test/small').then((r) => r.text()))
    expect(seen.get('/small')).toBe(2_000)
    expect(text).toEqual({ at: 2_000, value: 'ok' })
  })

  it("'offline' fails every request as a host that does not resolve, before any handler", async () => {
    server.listen({ network: 'offline' })
    const failed = await settle(fetch('https://link.test/small'))
    expect(failed.error).toMatchObject({ message: 'fetch failed', cause: { code: 'ENOTFOUND' } })
    expect(seen.has('/small')).toBe(false)
  })

  it('bad conditions throw a coded error naming the call and the presets; the server does not listen', () => {
    expect(() => server.listen({ network: { download: 0 } })).toThrow(
      expect.objectContaining({
        code: 'MOCKLIB_INVALID_ARGUMENT',
        message: expect.stringMatching(/server\.listen\(\{ network: \{"download":0\} \}\).*'slow-3g'/),
      }),
    )
    // @ts-expect-error an unknown preset
    expect(() => server.boundary(() => {}, { network: 'slow-2g' })).toThrow(/server\.boundary\(callback/)
    server.listen()
  })
})

describe('server.boundary(callback, { network })', () => {
  it("has the server's link unless it names its own; null: no link", async () => {
    server.listen({ network: { download: 10 * MB, latency: 1_000 } })
    const timeOf = async (network?: Parameters<typeof server.boundary>[1]) => {
      seen.clear()
      start = Date.now()
      await server.boundary(() => settle(fetch('https://link.test/small').then((r) => r.text())), network)()
      return seen.get('/small')
    }
    expect(await timeOf()).toBe(1_000)
    expect(await timeOf({ network: { download: 10 * MB, latency: 250 } })).toBe(250)
    expect(await timeOf({ network: null })).toBe(0)
    // A boundary inside an offline one is offline too.
    const failed = await server.boundary(() => server.boundary(() => settle(fetch('https://link.test/small')))(), {
      network: 'offline',
    })()
    expect(failed.error).toMatchObject({ cause: { code: 'ENOTFOUND' } })
  })
})

describe("a handler's own link: { network } in its options", () => {
  afterEach(() => server.resetHandlers())
  const paced = http.post(
    'https://link.test/paced',
    async ({ request }) => {
      seen.set('/paced', Date.now() - start)
      return HttpResponse.json({ received: (await request.arrayBuffer()).byteLength })
    },
    { network: { download: 100_000, upload: 50_000, latency: 100 } },
  )

  it('paces the request body to that handler: 100 kB at 50 kB/s reach its resolver at 2.1 s; others at once', async () => {
    server.listen()
    server.use(paced)
    const answered = await settle(
      fetch('https://link.test/paced', { method: 'POST', body: new Uint8Array(100_000) }).then((r) => r.json()),
    )
    expect(seen.get('/paced')).toBe(2_100)
    expect(answered.value).toEqual({ received: 100_000 })
    const other = await settle(fetch('https://link.test/small').then((r) => r.text()))
    expect(seen.get('/small')).toBe(answered.at)
    expect(other.value).toBe('ok')
  })

  it("streams that handler's response at its download rate, and adds to a server's link", async () => {
    server.listen({ network: { download: 10 * MB, latency: 50 } })
    server.use(http.get('https://link.test/file', () => new HttpResponse(new Uint8Array(MB)), { network: 'fast-3g' }))
    const response = await settle(fetch('https://link.test/file'))
    // The server's 50 ms, then the handler's own 563 ms.
    expect(response.at).toBe(613)
    const body = await settle(response.value!.arrayBuffer())
    expect(body.value!.byteLength).toBe(MB)
    // 1 MB at 180 kB/s: about 5.6 s.
    expect(body.at - 613).toBeGreaterThanOrEqual(5_000)
    expect(body.at - 613).toBeLessThanOrEqual(6_200)
  })

  it("'offline' fails that handler's requests only; bad conditions throw naming the handler", async () => {
    server.listen()
    server.use(http.get('https://link.test/small', () => HttpResponse.text('never'), { network: 'offline' }))
    const failed = await settle(fetch('https://link.test/small'))
    expect(failed.error).toMatchObject({ cause: { code: 'ENOTFOUND' } })
    expect(() => http.get('https://link.test/x', () => undefined, { network: { download: 0 } })).toThrow(
      expect.objectContaining({
        code: 'MOCKLIB_INVALID_ARGUMENT',
        message: expect.stringMatching(
          /The handler "GET https:\/\/link\.test\/x" with \{ network: \{"download":0\} \}/,
        ),
      }),
    )
  })
})

describe('createMockServer().listen({ network }): the same link on the real wire', () => {
  const mock = createMockServer(
    http.get('/file', () => {
      seen.set('/file', Date.now() - start)
      return new HttpResponse(new Uint8Array(MB))
    }),
    http.post('/upload', async ({ request }) => {
      seen.set('/upload', Date.now() - start)
      return HttpResponse.json({ received: (await request.arrayBuffer()).byteLength })
    }),
  )
  afterEach(() => mock.close())

  /**
   * One request with node:http (its timers are Node's own, off the fake clock): the status,
   * when the headers came, and the bytes of the body, at the time its last one came.
   */
  function exchange(path: string, body?: Uint8Array) {
    let headersAt = -1
    const done = new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const outgoing = httpRequest(`${mock.url}${path}`, { method: body ? 'POST' : 'GET' }, (response) => {
        headersAt = Date.now() - start
        let bytes = 0
        response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength))
        response.on('end', () => resolve({ status: response.statusCode!, bytes }))
        response.on('error', reject)
      })
      outgoing.on('error', reject)
      outgoing.end(body)
    })
    return { done, headersAt: () => headersAt }
  }

  it('waits the latency, then streams 1 MB at 100 kB/s to http.request: its end at 10 s (± 10 %)', async () => {
    await mock.listen({ network: { download: 100_000, latency: 300 } })
    start = Date.now()
    const { done, headersAt } = exchange('/file')
    const body = await settle(done)
    expect(body.value).toEqual({ status: 200, bytes: MB })
    expect(seen.get('/file')).toBe(300)
    expect(headersAt()).toBe(300)
    expect(body.at - 300).toBeGreaterThanOrEqual(9_000)
    expect(body.at - 300).toBeLessThanOrEqual(11_000)
  })

  it('paces the request body at the upload rate: the resolver sees 200 kB sent at 100 kB/s after 2 s', async () => {
    await mock.listen({ network: { download: 10 * MB, upload: 100_000 } })
    start = Date.now()
    const answered = await settle(exchange('/upload', new Uint8Array(200_000)).done)
    expect(seen.get('/upload')).toBe(2_000)
    expect(answered.value).toEqual({ status: 200, bytes: '{"received":200000}'.length })
  })

  it("'offline': fetch's connection is reset before any handler, as fault.dns() is on the wire", async () => {
    vi.useRealTimers()
    await mock.listen({ network: 'offline' })
    const failed = await fetch(`${mock.url}/file`).catch((error: unknown) => error)
    expect(failed).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNRESET' } })
    expect(seen.has('/file')).toBe(false)
  })

  it('bad conditions reject listen() with a coded error naming the call; nothing listens', async () => {
    await expect(mock.listen({ network: { download: -1 } })).rejects.toMatchObject({
      code: 'MOCKLIB_INVALID_ARGUMENT',
      message: expect.stringMatching(/mockServer\.listen\(\{ network: \{"download":-1\} \}\)/),
    })
    expect(() => mock.url).toThrow(/not listening/)
  })
})

describe('a throttled body', () => {
  it('passes small writes as they come (an event stream is not held back to fill a piece)', async () => {
    let writeSecond: () => void = () => {}
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: first\n\n'))
        writeSecond = () => {
          controller.enqueue(new TextEncoder().encode('data: second\n\n'))
          controller.close()
        }
      },
    })
    const response = await settle(throttle(new Response(body), 'slow-3g'))
    const reader = response.value!.body!.getReader()
    const first = await settle(reader.read())
    expect(new TextDecoder().decode(first.value!.value)).toBe('data: first\n\n')
    writeSecond()
    const second = await settle(reader.read())
    expect(new TextDecoder().decode(second.value!.value)).toBe('data: second\n\n')
  })
})
