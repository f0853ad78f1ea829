// What a page sees of each fault through the Service Worker, side by side with the test server
// failing the same way: a page sees every network failure as the same TypeError, and that is
// what a worker can answer (docs/faults.md, "Where the match is not exact").
import type { Socket } from 'node:net'
import { beforeEach, describe, expect, it } from 'vitest'
import { usePageSession } from './harness'

const session = usePageSession()
const BODY = 'x'.repeat(100)

beforeEach(async () => {
  const { server } = session
  server.route('/real/reset', (req) => void req.socket.resetAndDestroy())
  // Accepts the request and never answers: the page gives up.
  server.route('/real/hang', () => realHangReached())
  for (const mode of ['reset-after', 'truncate', 'stall']) {
    server.route(`/real/${mode}`, (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(BODY.length) })
      res.write(BODY.slice(0, 10), () => {
        const socket: Socket = req.socket
        if (mode === 'truncate') socket.end()
        else if (mode === 'reset-after') setImmediate(() => socket.resetAndDestroy())
      })
    })
  }
  await session.tab.page.evaluate(async (body) => {
    const { fault, http, HttpResponse, setupWorker } = window.mocklib
    window.worker = setupWorker(
      http.get('/mock/reset', () => fault.reset()),
      http.get('/mock/refused', () => fault.refused()),
      http.get('/mock/dns', () => fault.dns()),
      http.get('/mock/reset-after', () => fault.resetAfter(HttpResponse.text(body), 10)),
      http.get('/mock/truncate', () => fault.truncate(HttpResponse.text(body), 10)),
      http.get('/mock/stall', () => fault.stall(HttpResponse.text(body), 10)),
      http.get('/mock/hang', () => {
        Object.assign(window, { hangReached: true })
        return fault.hang()
      }),
    )
    await window.worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
  }, BODY)
})

/** What fetch gives the page: the status and text, or where it failed and with what. */
function fetchOutcome(path: string, abortAfterFirstChunk = false) {
  return session.tab.page.evaluate(
    async ({ path, abortAfterFirstChunk }) => {
      const controller = new AbortController()
      let stage = 'fetch'
      try {
        const response = await fetch(path, { signal: controller.signal })
        stage = 'body'
        const reader = response.body!.getReader()
        let text = ''
        for (;;) {
          const { done, value } = await reader.read()
          if (done) return `answered ${response.status} ${text}`
          text += new TextDecoder().decode(value)
          if (abortAfterFirstChunk) controller.abort()
        }
      } catch (error) {
        return `${stage}: ${(error as Error).name}: ${(error as Error).message}`
      }
    },
    { path, abortAfterFirstChunk },
  )
}

/** What XMLHttpRequest gives the page: its events, each with readyState and status, to loadend. */
function xhrOutcome(path: string) {
  return session.tab.page.evaluate(
    (path) =>
      new Promise<string>((resolve) => {
        const events: string[] = []
        const request = new XMLHttpRequest()
        request.open('GET', path)
        for (const type of ['loadstart', 'progress', 'error', 'abort', 'load', 'loadend'])
          request.addEventListener(type, () => {
            events.push(`${type}(${request.readyState},${request.status})`)
            if (type === 'loadend') resolve(events.join(' '))
          })
        request.send()
      }),
    path,
  )
}

let realHangReached: () => void = () => {}

/**
 * A fetch and an XMLHttpRequest (with a `timeout`) to a path that never answers, once it has
 * reached the server (`reached`): the fetch is aborted then. What each gave the page.
 */
async function hangOutcome(path: string, reached: () => Promise<unknown>) {
  const { page } = session.tab
  const started = () =>
    page.evaluate((path) => {
      const controller = new AbortController()
      const fetched = fetch(path, { signal: controller.signal }).then(
        (response) => `answered ${response.status}`,
        (error: Error) => `${error.name}: ${error.message}`,
      )
      Object.assign(window, { hangReached: false, controller, fetched })
    }, path)
  // Waited for from before the request: under load it can reach the server before started() returns.
  const arrived = reached()
  await started()
  await arrived
  const fetched = await page.evaluate(() => {
    const { controller, fetched } = window as unknown as { controller: AbortController; fetched: Promise<string> }
    controller.abort()
    return fetched
  })
  const xhr = await page.evaluate(
    (path) =>
      new Promise<string>((resolve) => {
        const events: string[] = []
        const request = new XMLHttpRequest()
        request.open('GET', path)
        request.timeout = 200
        for (const type of ['loadstart', 'progress', 'error', 'abort', 'timeout', 'load', 'loadend'])
          request.addEventListener(type, () => {
            events.push(`${type}(${request.readyState},${request.status})`)
            if (type === 'loadend') resolve(events.join(' '))
          })
        request.send()
      }),
    path,
  )
  return { fetched, xhr }
}

describe('faults through the Service Worker in Chromium', () => {
  it('hang: nothing until the page gives up, as from a server that accepts and never answers', async () => {
    const fromReal = await hangOutcome('/real/hang', () => new Promise<void>((resolve) => (realHangReached = resolve)))
    expect(fromReal).toEqual({
      fetched: 'AbortError: signal is aborted without reason',
      xhr: 'loadstart(1,0) timeout(4,0) loadend(4,0)',
    })
    const fromMock = await hangOutcome('/mock/hang', () =>
      session.tab.page.waitForFunction(() => (window as unknown as { hangReached: boolean }).hangReached),
    )
    expect(fromMock).toEqual(fromReal)
  })

  it('reset, refused and dns: fetch fails as a reset connection does (one TypeError, no code)', async () => {
    const fromReal = await fetchOutcome('/real/reset')
    expect(fromReal).toBe('fetch: TypeError: Failed to fetch')
    for (const mode of ['reset', 'refused', 'dns']) expect(await fetchOutcome(`/mock/${mode}`), mode).toBe(fromReal)
    expect(await xhrOutcome('/mock/reset')).toBe(await xhrOutcome('/real/reset'))
  })

  it('resetAfter and truncate: the response arrives, then reading its body fails', async () => {
    for (const mode of ['reset-after', 'truncate']) {
      const fromReal = await fetchOutcome(`/real/${mode}`)
      expect(fromReal, mode).toMatch(/^body: TypeError/)
      expect(await fetchOutcome(`/mock/${mode}`), mode).toBe(fromReal)
      // Chromium's XMLHttpRequest reports a body cut short as an abort (with a progress event first
      // when it read the bytes before the cut apart from the cut, which the real server may not give).
      const withoutProgress = (events: string) => events.replace(/ progress\(3,200\)/g, '')
      const fromRealXhr = withoutProgress(await xhrOutcome(`/real/${mode}`))
      expect(fromRealXhr, mode).toBe('loadstart(1,0) abort(4,0) loadend(4,0)')
      expect(withoutProgress(await xhrOutcome(`/mock/${mode}`)), mode).toBe(fromRealXhr)
    }
  })

  it('stall: the first bytes, then nothing until the page aborts', async () => {
    const fromReal = await fetchOutcome('/real/stall', true)
    expect(fromReal).toBe('body: AbortError: signal is aborted without reason')
    expect(await fetchOutcome('/mock/stall', true)).toBe(fromReal)
  })
})

describe('worker.start({ network }): the link setupServer has, on the page clock', () => {
  /** The worker restarted with `network`: a handler that notes when it ran, a 20 kB body. */
  function startWithNetwork(network: unknown) {
    return session.tab.page.evaluate(async (network) => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      await window.worker.stop()
      const ran: number[] = []
      Object.assign(window, { ran })
      window.worker = setupWorker(
        http.get('/mock/file', () => {
          ran.push(Date.now())
          return new HttpResponse(new Uint8Array(20_000))
        }),
      )
      await window.worker.start({ quiet: true, onUnhandledRequest: 'bypass', network: network as 'offline' })
    }, network)
  }

  it("'offline': fetch fails as for an unreachable host, before any handler", async () => {
    await startWithNetwork('offline')
    expect(await fetchOutcome('/mock/file')).toBe('fetch: TypeError: Failed to fetch')
    expect(await session.tab.page.evaluate(() => (window as unknown as { ran: number[] }).ran)).toEqual([])
  })

  it('the handler runs after the latency; 20 kB at 100 kB/s ends 200 ms after it, at the earliest', async () => {
    await startWithNetwork({ download: 100_000, latency: 300 })
    const { page } = session.tab
    await page.clock.install({ time: 0 })
    await page.evaluate(() => {
      const outcome = fetch('/mock/file').then(async (response) => {
        const headersAt = Date.now()
        const bytes = (await response.arrayBuffer()).byteLength
        return { headersAt, endAt: Date.now(), bytes }
      })
      Object.assign(window, { outcome, done: false })
      void outcome.finally(() => Object.assign(window, { done: true }))
    })
    // The page's clock steps 100 ms at a time; the worker's messages pass between the steps.
    for (let step = 0; step < 50 && !(await page.evaluate(() => (window as unknown as { done: boolean }).done)); step++)
      await page.clock.runFor(100)
    const outcome = await page.evaluate(() => (window as unknown as { outcome: Promise<object> }).outcome)
    const ran = await page.evaluate(() => (window as unknown as { ran: number[] }).ran)
    expect(ran).toEqual([300])
    expect(outcome).toMatchObject({ bytes: 20_000, headersAt: expect.any(Number), endAt: expect.any(Number) })
    const { headersAt, endAt } = outcome as { headersAt: number; endAt: number }
    expect(headersAt).toBeGreaterThanOrEqual(300)
    // Two pieces of 10 kB, each released once the link could carry it.
    expect(endAt).toBeGreaterThanOrEqual(500)
    expect(endAt).toBeLessThanOrEqual(1_500)
  })
})
