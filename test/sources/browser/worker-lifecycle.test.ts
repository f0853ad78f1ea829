// The worker's life in a real browser: start/stop/start, reload, tabs, scopes, outdated and
// missing scripts, a worker the browser stops while idle.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  bundlePage,
  sharedBrowser,
  openPage,
  startServer,
  waitForConsole,
  workerScript,
  type TestServer,
} from './harness'

let browser: Browser
let server: TestServer
let context: BrowserContext

beforeAll(async () => {
  server = await startServer(await bundlePage())
  server.route('/who', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('server')
  })
  browser = await sharedBrowser()
})
afterAll(async () => {
  await server?.close()
})
beforeEach(async () => {
  context = await browser.newContext()
})
afterEach(async () => {
  await context.close()
})

/** Starts a worker in the page whose GET /who answers `name`. */
// Without `chaos`: a Chaos has methods, which page.evaluate() cannot carry.
type StartOptions = Omit<NonNullable<Parameters<Window['worker']['start']>[0]>, 'chaos'>

async function startAs(page: Page, name: string, start: StartOptions = { quiet: true }) {
  await page.evaluate(
    async ({ name, start }) => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      window.worker = setupWorker(http.get('/who', () => HttpResponse.text(name)))
      await window.worker.start(start)
    },
    { name, start },
  )
}

const who = (page: Page) => page.evaluate(async () => (await fetch('/who')).text())

describe('start and stop', () => {
  it('start/stop/start: mocks, then not at all once stop() resolves, then mocks again', async () => {
    const { page } = await openPage(context, server.origin + '/')
    await startAs(page, 'mock')
    expect(await who(page)).toBe('mock')
    await page.evaluate(() => window.worker.stop())
    expect(await who(page)).toBe('server')
    await page.evaluate(() => window.worker.start({ quiet: true }))
    expect(await who(page)).toBe('mock')
    await page.evaluate(() => window.worker.stop())
    expect(await who(page)).toBe('server')
  })

  it('stop() resolves after answering the requests already forwarded, and mocks nothing after', async () => {
    const { page } = await openPage(context, server.origin + '/')
    const result = await page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      let entered!: () => void
      let release!: () => void
      const handlerEntered = new Promise<void>((resolve) => (entered = resolve))
      const gate = new Promise<void>((resolve) => (release = resolve))
      let stopResolved = false
      let stoppedBeforeAnswer: boolean | undefined
      const worker = setupWorker(
        http.get('/who', async () => {
          entered()
          await gate
          stoppedBeforeAnswer = stopResolved
          return HttpResponse.text('mock (in flight)')
        }),
      )
      await worker.start({ quiet: true })
      const inFlight = fetch('/who').then((r) => r.text())
      await handlerEntered
      const stopping = worker.stop().then(() => (stopResolved = true))
      release()
      const first = await inFlight
      await stopping
      const after = await (await fetch('/who')).text()
      return { first, after, stoppedBeforeAnswer }
    })
    expect(result).toEqual({ first: 'mock (in flight)', after: 'server', stoppedBeforeAnswer: false })
  })

  it('stop() not awaited: says so at once, the next request goes to the network, start() right after mocks again', async () => {
    const { page } = await openPage(context, server.origin + '/')
    await startAs(page, 'mock', {})
    const result = await page.evaluate(async () => {
      const logged: string[] = []
      const log = console.log
      console.log = (...args: unknown[]) => void logged.push(args.map(String).join(' '))
      const stopping = window.worker.stop()
      const loggedAtOnce = [...logged]
      console.log = log
      const afterStop = await (await fetch('/who')).text()
      await stopping
      await window.worker.start({ quiet: true })
      const afterRestart = await (await fetch('/who')).text()
      return { loggedAtOnce, afterStop, afterRestart }
    })
    expect(result).toEqual({ loggedAtOnce: ['[mocklib] Mocking disabled.'], afterStop: 'server', afterRestart: 'mock' })
  })

  it('accepts the deprecated waitUntilReady option with a warning, as MSW 2, and mocks', async () => {
    const testPage = await openPage(context, server.origin + '/')
    await startAs(testPage.page, 'mock', { quiet: true, waitUntilReady: true })
    expect(await who(testPage.page)).toBe('mock')
    await waitForConsole(testPage, /^warning: \[mocklib\] worker\.start\(\{ waitUntilReady \}\) has no effect/)
  })

  it('unregisters the worker when the last page stops, and warns on redundant calls', async () => {
    const testPage = await openPage(context, server.origin + '/')
    await startAs(testPage.page, 'mock')
    const result = await testPage.page.evaluate(async () => {
      await window.worker.start({ quiet: true })
      const before = (await navigator.serviceWorker.getRegistrations()).length
      await window.worker.stop()
      await window.worker.stop()
      const after = (await navigator.serviceWorker.getRegistrations()).length
      return { before, after }
    })
    expect(result).toEqual({ before: 1, after: 0 })
    await waitForConsole(testPage, /worker\.start\(\) was called while the worker is already started/)
    await waitForConsole(testPage, /worker\.stop\(\) was called while the worker is not started/)
  })

  it('rejects start() for bad options, naming what to pass', async () => {
    const { page } = await openPage(context, server.origin + '/')
    const messages = await page.evaluate(async () => {
      const worker = window.mocklib.setupWorker()
      const reason = (options: unknown) =>
        worker.start(options as Parameters<typeof worker.start>[0]).then(
          () => 'resolved',
          (error: Error) => error.message,
        )
      return [
        await reason({ onUnhandledRequest: 'ignore' }),
        await reason({ serviceWorker: { url: 42 } }),
        await reason({ findWorker: 'mockServiceWorker.js' }),
      ]
    })
    expect(messages).toEqual([
      expect.stringContaining(`Unknown onUnhandledRequest strategy "ignore"`),
      expect.stringContaining('needs the URL of the worker script as a string, got number'),
      expect.stringContaining('findWorker }) needs a function'),
    ])
  })

  it('rejects start() with what to do when the worker script is missing', async () => {
    const { page } = await openPage(context, server.origin + '/')
    const message = await page.evaluate(async () => {
      const worker = window.mocklib.setupWorker()
      return worker.start({ quiet: true, serviceWorker: { url: '/missing/mockServiceWorker.js' } }).then(
        () => 'resolved',
        (error: Error) => error.message,
      )
    })
    expect(message).toContain('No worker script at http://127.0.0.1:')
    expect(message).toContain('npx mocklib init <publicDir>')
  })
})

describe('pages and tabs', () => {
  it('after a reload, the new page is not mocked until it starts again', async () => {
    const { page } = await openPage(context, server.origin + '/')
    await startAs(page, 'before reload')
    expect(await who(page)).toBe('before reload')
    await page.reload()
    await page.waitForFunction(() => document.documentElement.dataset.mocklibReady === 'true')
    // The reload itself (a navigation) reached the server: the page loaded its bundle again.
    expect(await who(page)).toBe('server')
    await startAs(page, 'after reload')
    expect(await who(page)).toBe('after reload')
  })

  it('gives each tab its own handlers; a tab that did not start is not mocked', async () => {
    const a = await openPage(context, server.origin + '/')
    const b = await openPage(context, server.origin + '/')
    const idle = await openPage(context, server.origin + '/')
    await startAs(a.page, 'tab A')
    await startAs(b.page, 'tab B')
    const answers = await Promise.all([who(a.page), who(b.page), who(idle.page), who(a.page), who(b.page)])
    expect(answers).toEqual(['tab A', 'tab B', 'server', 'tab A', 'tab B'])
    // Stopping one tab leaves the other mocked (and the worker registered).
    await a.page.evaluate(() => window.worker.stop())
    expect(await Promise.all([who(a.page), who(b.page)])).toEqual(['server', 'tab B'])
  })

  it("answers a same-origin frame's requests (and its own frame's) with the mocking page's handlers, as MSW", async () => {
    server.route('/outer-frame.html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><iframe src="/inner-frame.html"></iframe>')
    })
    server.route('/inner-frame.html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><p>inner</p>')
    })
    const { page } = await openPage(context, server.origin + '/')
    const idle = await openPage(context, server.origin + '/')
    // The frames load before start(): the worker takes them with the page.
    await page.evaluate(async () => {
      const frame = document.createElement('iframe')
      frame.src = '/outer-frame.html'
      const loaded = new Promise((resolve) => (frame.onload = resolve))
      document.body.append(frame)
      await loaded
    })
    const inner = await (await page.waitForSelector('iframe')).contentFrame()
    const innermost = await (await inner!.waitForSelector('iframe')).contentFrame()
    await innermost!.waitForSelector('p')
    await startAs(page, 'mock')
    const frameWho = (frame: typeof inner) => frame!.evaluate(async () => (await fetch('/who')).text())
    expect([await frameWho(inner), await frameWho(innermost), await who(idle.page), await who(page)]).toEqual([
      'mock',
      'mock',
      'server',
      'mock',
    ])
    await page.evaluate(() => window.worker.stop())
    expect(await frameWho(inner)).toBe('server')
  })

  it("takes Responses made in a frame's realm from handlers the frame adds to the page's worker", async () => {
    server.route('/plain-frame.html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><p>frame</p>')
    })
    const { page } = await openPage(context, server.origin + '/')
    await startAs(page, 'mock')
    await page.evaluate(async () => {
      const frame = document.createElement('iframe')
      frame.src = '/plain-frame.html'
      const loaded = new Promise((resolve) => (frame.onload = resolve))
      document.body.append(frame)
      await loaded
    })
    const frame = await (await page.waitForSelector('iframe')).contentFrame()
    const answers = await frame!.evaluate(async () => {
      const { worker, mocklib } = window.parent
      worker.use(
        mocklib.http.get(
          '/framed',
          ({ request }) => new Response(`made here, referrer is this frame: ${request.referrer === location.href}`),
        ),
        mocklib.http.get('/framed-throw', () => {
          throw new Response('thrown here', { status: 418 })
        }),
      )
      const returned = await fetch('/framed')
      const thrown = await fetch('/framed-throw')
      return [returned.status, await returned.text(), thrown.status, await thrown.text()]
    })
    expect(answers).toEqual([200, 'made here, referrer is this frame: true', 418, 'thrown here'])
  })

  it('ignores requests of another origin, even from a frame inside a mocked page', async () => {
    const { page } = await openPage(context, server.origin + '/')
    await startAs(page, 'mock')
    // localhost and 127.0.0.1 are different origins on the same server.
    const otherOrigin = `http://localhost:${server.port}/`
    const frameAnswer = await page.evaluate(async (src) => {
      const frame = document.createElement('iframe')
      frame.src = src
      const loaded = new Promise((resolve) => (frame.onload = resolve))
      document.body.append(frame)
      await loaded
      return 'loaded'
    }, otherOrigin)
    expect(frameAnswer).toBe('loaded')
    const frame = page.frames().find((candidate) => candidate.url() === otherOrigin)!
    expect(await frame.evaluate(async () => (await fetch('/who')).text())).toBe('server')
    expect(await who(page)).toBe('mock')
  })

  it('never mocks a navigation', async () => {
    const { page } = await openPage(context, server.origin + '/')
    await page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      await setupWorker(http.get('/next.html', () => HttpResponse.html('<title>mocked</title>'))).start({ quiet: true })
    })
    await page.goto(server.origin + '/next.html')
    expect(await page.title()).toBe('mocklib test page')
  })

  it('keeps mocking after the browser stops the idle worker (active pages are remembered)', async () => {
    const { page } = await openPage(context, server.origin + '/')
    await startAs(page, 'survivor')
    expect(await who(page)).toBe('survivor')
    const cdp = await context.newCDPSession(page)
    const stopped = new Promise<void>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        if (versions.some((version: { runningStatus: string }) => version.runningStatus === 'stopped')) resolve()
      })
    })
    await cdp.send('ServiceWorker.enable')
    await cdp.send('ServiceWorker.stopAllWorkers')
    await stopped
    expect(await who(page)).toBe('survivor')
    expect(
      await page.evaluate(async () => {
        const xhr = new XMLHttpRequest()
        xhr.open('GET', '/who')
        const loaded = new Promise((resolve) => (xhr.onload = resolve))
        xhr.send()
        await loaded
        return xhr.responseText
      }),
    ).toBe('survivor')
  })
})

describe('worker scripts and scopes', () => {
  it('warns how to update an outdated worker script, and keeps mocking', async () => {
    const old = workerScript({ checksum: '00000000000000000000000000000000', version: '0.0.1' })
    server.route('/old/mockServiceWorker.js', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/javascript' })
      res.end(old)
    })
    const testPage = await openPage(context, server.origin + '/old/')
    await startAs(testPage.page, 'still mocked', { quiet: true, serviceWorker: { url: '/old/mockServiceWorker.js' } })
    const warning = await waitForConsole(testPage, /another version of mocklib/)
    expect(warning).toMatch(/^warning: /)
    expect(warning).toContain('(0.0.1, checksum 00000000000000000000000000000000')
    expect(warning).toContain('npx mocklib init <publicDir>')
    expect(await who(testPage.page)).toBe('still mocked')
  })

  it('reuses a registered worker that findWorker accepts', async () => {
    const first = await openPage(context, server.origin + '/')
    await startAs(first.page, 'first', { quiet: true, serviceWorker: { url: '/mockServiceWorker.js?build=1' } })
    const second = await openPage(context, server.origin + '/')
    const script = await second.page.evaluate(async () => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      window.worker = setupWorker(http.get('/who', () => HttpResponse.text('second')))
      const registration = await window.worker.start({
        quiet: true,
        findWorker: (scriptUrl) => new URL(scriptUrl).pathname === '/mockServiceWorker.js',
      })
      return registration?.active?.scriptURL
    })
    expect(script).toBe(server.origin + '/mockServiceWorker.js?build=1')
    expect(await Promise.all([who(first.page), who(second.page)])).toEqual(['first', 'second'])
  })

  it.each([
    ['msw', '2'],
    ['msw3', '3'],
  ])(
    'rejects start() at once, naming it, when the script at the URL is an MSW worker left from a migration (%s)',
    async (folder, major) => {
      const msw = readFileSync(
        fileURLToPath(new URL(`../../../node_modules/${folder}/lib/mockServiceWorker.js`, import.meta.url)),
        'utf8',
      )
      server.route(`/${folder}/mockServiceWorker.js`, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/javascript' })
        res.end(msw)
      })
      const { page } = await openPage(context, `${server.origin}/${folder}/`)
      const message = await page.evaluate(
        (url) =>
          window.mocklib
            .setupWorker()
            .start({ quiet: true, serviceWorker: { url } })
            .then(
              () => 'resolved',
              (error: Error) => error.message,
            ),
        `/${folder}/mockServiceWorker.js`,
      )
      expect(message).toContain(
        `The Service Worker at ${server.origin}/${folder}/mockServiceWorker.js is MSW's (msw ${major}.`,
      )
      expect(message).toContain('npx mocklib init <publicDir>')
    },
  )

  it('works with a custom worker URL and scope, and warns a page outside the scope', async () => {
    server.route('/static/sw/mockServiceWorker.js', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/javascript', 'service-worker-allowed': '/app/' })
      res.end(workerScript())
    })
    const start = {
      quiet: true,
      serviceWorker: { url: '/static/sw/mockServiceWorker.js', options: { scope: '/app/' } },
    }
    const inside = await openPage(context, server.origin + '/app/index.html')
    const scope = await inside.page.evaluate(async (start) => {
      const { http, HttpResponse, setupWorker } = window.mocklib
      window.worker = setupWorker(http.get('/who', () => HttpResponse.text('in scope')))
      const registration = await window.worker.start(start)
      return registration?.scope
    }, start)
    expect(scope).toBe(server.origin + '/app/')
    expect(await who(inside.page)).toBe('in scope')

    const outside = await openPage(context, server.origin + '/elsewhere/index.html')
    await startAs(outside.page, 'out of scope', start)
    const warning = await waitForConsole(outside, /outside the worker's scope/)
    expect(warning).toContain(
      `(${server.origin}/elsewhere/index.html) is outside the worker's scope (${server.origin}/app/)`,
    )
    expect(await who(outside.page)).toBe('server')
  })
})

describe('the worker script loaded as a page script', () => {
  it('does nothing there, leaves the page its globals, and still works as the worker', async () => {
    // What a test runner that loads every file of the public folder into its page does.
    server.route('/globbed.html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' })
      res.end(
        '<!doctype html><html><head><meta charset="utf-8"></head><body>' +
          '<script src="/mockServiceWorker.js"></script>' +
          "<script>const pending = 'page'; function handle() { return 'page handle' }</script>" +
          '<script type="module" src="/app.js"></script></body></html>',
      )
    })
    const testPage = await openPage(context, server.origin + '/globbed.html')
    const seen = await testPage.page.evaluate(
      '[typeof MOCKLIB_VERSION, typeof activeClients, typeof restoreClients, pending, handle()]',
    )
    expect(seen).toEqual(['undefined', 'undefined', 'undefined', 'page', 'page handle'])
    expect(testPage.console.filter((line) => /^(pageerror|error):/.test(line))).toEqual([])
    await startAs(testPage.page, 'mock')
    expect(await who(testPage.page)).toBe('mock')
  })
})
