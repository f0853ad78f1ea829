// Shared set-up of the browser tests: the page bundle (the public API built for browsers with
// rolldown), a small HTTP server on 127.0.0.1 and a headless Chromium shared by the test files of a process.
import { EventEmitter } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core'
import { rolldown } from 'rolldown'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
// @ts-expect-error: a plain .mjs build script without types
import { renderWorker } from '../../../scripts/build-worker.mjs'

export type MocklibApi = typeof import('mocklib') & typeof import('mocklib/browser')
export type ApolloApi = Pick<
  typeof import('@apollo/client'),
  'ApolloClient' | 'CombinedGraphQLErrors' | 'gql' | 'HttpLink' | 'InMemoryCache'
>
declare global {
  interface Window {
    mocklib: MocklibApi
    apollo: ApolloApi
    // Tests keep their worker object and scratch values here.
    worker: import('mocklib/browser').SetupWorker
    scratch: Record<string, unknown>
  }
}

const root = fileURLToPath(new URL('../../../', import.meta.url))
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const bundles = new Map<string, Promise<ReadonlyMap<string, string>>>()

/**
 * The page-side code (file name → source), bundled once per process and entry: the browser files share one
 * process (vitest.config.ts), and most of them load the same page.
 */
export function bundlePage(
  entry = 'test/sources/browser/fixtures/page-entry.ts',
): Promise<ReadonlyMap<string, string>> {
  let files = bundles.get(entry)
  if (files === undefined) {
    files = bundle(entry)
    bundles.set(entry, files)
  }
  return files
}

async function bundle(entry: string): Promise<ReadonlyMap<string, string>> {
  const build = await rolldown({
    input: root + entry,
    platform: 'browser',
    logLevel: 'silent',
    transform: { define: { 'process.env.NODE_ENV': '"development"' } },
    resolve: {
      alias: {
        'mocklib/browser': root + 'src/browser.ts',
        mocklib: root + 'src/index.ts',
      },
    },
  })
  const { output } = await build.generate({
    format: 'esm',
    entryFileNames: 'app.js',
    chunkFileNames: '[name]-[hash].js',
  })
  await build.close()
  const files = new Map<string, string>()
  for (const chunk of output) if (chunk.type === 'chunk') files.set(chunk.fileName, chunk.code)
  return files
}

export const workerScript = (options?: { checksum?: string; version?: string }): string => renderWorker(options)

export type Route = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | Promise<void>

export interface TestServer {
  origin: string
  port: number
  /** Add or replace a route, matched on the path without the query string. */
  route(path: string, handler: Route): void
  /** Requests the server received, newest last. */
  readonly received: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[]
  close(): Promise<void>
}

export const PAGE_HTML = (script = '/app.js') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>mocklib test page</title></head>` +
  `<body><script type="module" src="${script}"></script></body></html>`

/**
 * Serves the test pages: `/` and any `*.html` (a blank page loading the bundle), the bundle's
 * files, `/mockServiceWorker.js`, and whatever routes a test adds.
 */
export async function startServer(files: ReadonlyMap<string, string>): Promise<TestServer> {
  const routes = new Map<string, Route>()
  const received: TestServer['received'] = []
  const send = (res: ServerResponse, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', ...headers })
    res.end(body)
  }
  const worker = workerScript()
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const path = new URL(req.url ?? '/', 'http://x').pathname
    received.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body })
    const custom = routes.get(path)
    if (custom) return void (await custom(req, res, body))
    const file = files.get(path.split('/').pop() ?? '')
    if (file !== undefined && path.endsWith('.js') && !path.endsWith('mockServiceWorker.js')) {
      return send(res, 'text/javascript', file)
    }
    if (path === '/mockServiceWorker.js') return send(res, 'text/javascript', worker)
    if (path.endsWith('/') || path.endsWith('.html')) return send(res, 'text/html', PAGE_HTML())
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end(`not found: ${path}`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    route: (path, handler) => void routes.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const browsers = new Map<string, Promise<Browser>>()

/**
 * A headless Chromium shared by the files of a process (vitest.config.ts) that launch it with the same `extraArgs`:
 * launching took seconds per file. Tests isolate themselves in contexts (own workers, caches, cookies) and close
 * them; none closes the browser, which Playwright closes when the process exits.
 */
export function sharedBrowser(extraArgs: string[] = []): Promise<Browser> {
  const key = extraArgs.join(' ')
  let browser = browsers.get(key)
  if (browser === undefined) {
    browser = chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      // Playwright gives each launch a fresh temporary --user-data-dir.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...extraArgs,
      ],
    })
    browsers.set(key, browser)
  }
  return browser
}

export interface TestPage {
  page: Page
  /** Console messages of the page, as "type: text". */
  console: string[]
  /** Emits 'line' with each console message as it is added to `console`. */
  lines: EventEmitter
}

/** Opens a page in a context (contexts are isolated: their own workers, caches and cookies). */
export async function openPage(context: BrowserContext, url: string): Promise<TestPage> {
  const page = await context.newPage()
  const console: string[] = []
  const lines = new EventEmitter()
  const add = (line: string) => {
    console.push(line)
    lines.emit('line', line)
  }
  page.on('console', (message: ConsoleMessage) => add(`${message.type()}: ${message.text()}`))
  page.on('pageerror', (error) => add(`pageerror: ${error.message}`))
  await page.goto(url)
  const ready = () => document.documentElement.dataset.mocklibReady === 'true'
  // goto() resolves at the load event, after the entry module ran: a page is ready then unless its entry waits.
  // evaluate() asks at once, where waitForFunction() first compiles Playwright's helper script in the page.
  if (await page.evaluate(ready)) return { page, console, lines }
  await page.waitForFunction(ready, undefined, { timeout: 15_000 }).catch((error: Error) => {
    throw new Error(`The test page at ${url} did not load: ${error.message}\nConsole:\n${console.join('\n')}`)
  })
  return { page, console, lines }
}

/** Resolves with the first console message that matches, as soon as the page logs it. */
export function waitForConsole(testPage: TestPage, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const found = testPage.console.find((line) => pattern.test(line))
  if (found !== undefined) return Promise.resolve(found)
  return new Promise((resolve, reject) => {
    const onLine = (line: string) => {
      if (!pattern.test(line)) return
      clearTimeout(timer)
      testPage.lines.off('line', onLine)
      resolve(line)
    }
    const timer = setTimeout(() => {
      testPage.lines.off('line', onLine)
      reject(
        new Error(`No console message matched ${pattern} in ${timeoutMs} ms. Seen:\n${testPage.console.join('\n')}`),
      )
    }, timeoutMs)
    testPage.lines.on('line', onLine)
  })
}

/** What `usePageSession()` gives a test: the file's test server and this test's page. */
export interface PageSession {
  readonly server: TestServer
  readonly tab: TestPage
}

/**
 * The usual life of a browser test file: one test server (serving the bundle of `entry`) and
 * the shared Chromium (sharedBrowser), and a fresh context (own worker, caches, cookies) and page per test.
 */
export function usePageSession(entry?: string): PageSession {
  let browser: Browser | undefined
  let server: TestServer | undefined
  let context: BrowserContext | undefined
  let tab: TestPage | undefined
  beforeAll(async () => {
    server = await startServer(await bundlePage(entry))
    browser = await sharedBrowser()
  })
  afterAll(async () => {
    await server?.close()
  })
  beforeEach(async () => {
    context = await browser!.newContext()
    tab = await openPage(context, server!.origin + '/')
  })
  afterEach(async () => {
    await context?.close()
  })
  return {
    get server() {
      return server!
    },
    get tab() {
      return tab!
    },
  }
}
