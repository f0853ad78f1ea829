// Where Service Workers are unavailable (a non-secure origin: Chromium treats only localhost and
// 127.0.0.1 as secure over http), mocklib patches fetch and XMLHttpRequest inside the page.
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, afterEach, expect, it } from 'vitest'
import {
  bundlePage,
  sharedBrowser,
  openPage,
  startServer,
  waitForConsole,
  type TestPage,
  type TestServer,
} from './harness'

let browser: Browser
let server: TestServer
let context: BrowserContext
let tab: TestPage
let insecureOrigin: string

beforeAll(async () => {
  server = await startServer(await bundlePage())
  server.route('/real', (req, res, body) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ accept: req.headers.accept ?? null, body: body.toString() }))
  })
  // app.test resolves to the test server, and is not a secure origin.
  browser = await sharedBrowser(['--host-resolver-rules=MAP app.test 127.0.0.1'])
  insecureOrigin = `http://app.test:${server.port}`
})
afterAll(async () => {
  await server?.close()
})
beforeEach(async () => {
  context = await browser.newContext()
  tab = await openPage(context, insecureOrigin + '/')
})
afterEach(async () => {
  await context.close()
})

it('falls back to in-page interception on a non-secure origin, says so once, and mocks fetch and XHR', async () => {
  const result = await tab.page.evaluate(async () => {
    const { http, HttpResponse, setupWorker } = window.mocklib
    const secure = window.isSecureContext
    const worker = setupWorker(
      http.get('/posts', () => HttpResponse.json([{ id: '1', title: 'First' }])),
      http.post('/posts', async ({ request }) => HttpResponse.json(await request.json(), { status: 201 })),
      http.get('/offline', () => HttpResponse.error()),
    )
    const registration = await worker.start()
    const list = await (await fetch('/posts')).json()
    const created = await fetch('/posts', { method: 'POST', body: JSON.stringify({ id: '2', title: 'Second' }) })
    const xhr = await new Promise<[number, string]>((resolve) => {
      const request = new XMLHttpRequest()
      request.open('GET', '/posts')
      request.onload = () => resolve([request.status, request.responseText])
      request.send()
    })
    const offline = await fetch('/offline').then(
      () => 'resolved',
      (error: Error) => `rejected ${error.name}`,
    )
    await worker.stop()
    await worker.start({ quiet: true })
    return {
      secure,
      registration: registration ?? null,
      list,
      created: [created.status, await created.json()],
      xhr,
      offline,
    }
  })
  expect(result).toEqual({
    secure: false,
    registration: null,
    list: [{ id: '1', title: 'First' }],
    created: [201, { id: '2', title: 'Second' }],
    xhr: [200, JSON.stringify([{ id: '1', title: 'First' }])],
    offline: 'rejected TypeError',
  })
  const notices = tab.console.filter((line) => line.includes('Service Workers are unavailable'))
  expect(notices).toHaveLength(1)
  expect(notices[0]).toContain(`(${insecureOrigin} is not a secure origin)`)
  await waitForConsole(tab, /\[mocklib\] \d\d:\d\d:\d\d GET \/posts \(%c200 OK%c\)/)
  expect(server.received.filter((request) => request.url === '/posts')).toEqual([])
})

it('passes unhandled and bypassed requests to the network in fallback mode, and stops cleanly', async () => {
  const result = await tab.page.evaluate(async () => {
    const { http, HttpResponse, bypass, setupWorker } = window.mocklib
    const nativeFetch = window.fetch
    const worker = setupWorker(
      http.get('/patched', async () => {
        const real = await fetch(bypass('/real'))
        return HttpResponse.json({ patched: await real.json() })
      }),
    )
    await worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
    const patched = await (await fetch('/patched')).json()
    const unhandled = await (await fetch('/real', { method: 'POST', body: 'raw body' })).json()
    await worker.stop()
    const restored = window.fetch === nativeFetch
    const afterStop = await fetch('/patched').then((r) => r.status)
    return { patched, unhandled, restored, afterStop }
  })
  expect(result.patched).toEqual({ patched: { accept: '*/*', body: '' } })
  expect(result.unhandled).toEqual({ accept: '*/*', body: 'raw body' })
  expect(result.restored).toBe(true)
  // After stop() the server answers (its catch-all serves nothing at /patched).
  expect(result.afterStop).toBe(404)
})
