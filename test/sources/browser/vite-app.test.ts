// A Vite app as MSW users write one (test/fixtures/vite-app): mocklib installed from the build
// into its node_modules, the worker script put in public/ by `mocklib init` reading
// "mocklib.workerDirectory", and `await worker.start()` before the first request. It runs under
// the Vite dev server (mocklib pre-bundled by Vite's dependency optimizer, graphql-js reached
// through mocklib's lazy import) and as a production build under a base path, served statically.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { build, createLogger, createServer, type Logger } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
// @ts-expect-error: plain .mjs helpers without types
import { installBuilt } from '../../packaging/consumer.mjs'
// @ts-expect-error: plain .mjs helpers without types
import { startStaticServer } from '../../packaging/static-server.mjs'
import { sharedBrowser } from './harness'

const fixture = fileURLToPath(new URL('../../fixtures/vite-app/', import.meta.url))
let workDir: string
let app: string
let browser: Browser

/** What the app must show: one entry per request it made (see the fixture's src/main.ts). */
const EXPECTED = {
  user: { id: 'u1', name: 'Ada' },
  userByXhr: { id: 'u1', name: 'Ada' },
  greeting: 'Hello from Vite',
  fragment: ['text/html', '<p class="mocked">HTML fragment</p>'],
  feed: ['text/xml', '<feed><entry id="1"/></feed>'],
  bytes: ['application/octet-stream', [0, 1, 127, 128, 254, 255]],
  form: 'Ada',
  stream: 'one two three',
  avatar: ['image/png', 'PNG?'],
  profile: { plan: 'pro' },
  created: [201, 'mocklib', { id: 'p1', title: 'Hello' }],
  removed: [204, ''],
  offline: 'TypeError',
  graphql: { data: { user: { id: '7', name: 'Grace' } } },
  graphqlErrors: { errors: [{ message: 'Not allowed' }] },
}

/** The page's only console error: Chromium's own line for the network error of HttpResponse.error(). */
const OFFLINE_ONLY = (origin: string) => [`error: Failed to load resource: net::ERR_FAILED (${origin}/api/offline)`]

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../../../dist/browser.js', import.meta.url)))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
  }
  workDir = mkdtempSync(join(tmpdir(), 'mocklib-vite-app-'))
  app = join(workDir, 'app')
  cpSync(fixture, app, { recursive: true })
  installBuilt(app)
  // app.test: the dev server as another device on the network reaches it (`vite --host`).
  browser = await sharedBrowser(['--host-resolver-rules=MAP app.test 127.0.0.1'])
})
afterAll(async () => {
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true })
})

/**
 * Vite's warnings and errors, kept instead of printed, and its notices of a page reload because
 * the optimizer met a dependency late (as it would if it could not follow mocklib's lazy imports).
 */
function recordingLogger(): { logger: Logger; problems: string[] } {
  const problems: string[] = []
  const logger = createLogger('info', { allowClearScreen: false })
  logger.info = (message) => void (/reloading|new dependencies/i.test(message) && problems.push(`info: ${message}`))
  logger.warn = (message) => void problems.push(`warn: ${message}`)
  logger.warnOnce = (message) => void problems.push(`warn: ${message}`)
  logger.error = (message) => void problems.push(`error: ${message}`)
  return { logger, problems }
}

/** Opens the app, waits for it to show its results, and returns them with the page's complaints. */
async function openApp(
  url: string,
): Promise<{ results: unknown; complaints: string[]; worker?: string; scripts: string[] }> {
  const context = await browser.newContext()
  const complaints: string[] = []
  const scripts: string[] = []
  try {
    const page = await context.newPage()
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        complaints.push(`${message.type()}: ${message.text()} (${message.location().url})`)
    })
    page.on('pageerror', (error) => complaints.push(`pageerror: ${error.message}`))
    await page.goto(url)
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 })
    const text = (await page.textContent('#results')) ?? ''
    if (text.startsWith('error:')) throw new Error(`The app failed: ${text}\n${complaints.join('\n')}`)
    // The Service Worker answered (not the in-page fallback, which would also have warned).
    const worker = await page.evaluate(() => navigator.serviceWorker?.controller?.scriptURL)
    return { results: JSON.parse(text), complaints, worker, scripts }
  } finally {
    await context.close()
  }
}

it('`mocklib init` with no folder writes the worker script to package.json\'s "mocklib.workerDirectory"', async () => {
  await promisify(execFile)(process.execPath, ['node_modules/mocklib/bin/mocklib.mjs', 'init'], { cwd: app })
  const written = readFileSync(join(app, 'public/mockServiceWorker.js'), 'utf8')
  expect(written).toBe(
    readFileSync(fileURLToPath(new URL('../../../dist/mockServiceWorker.js', import.meta.url)), 'utf8'),
  )
})

it.each(['/', '/app/'])(
  'runs under the Vite dev server with base %s: every response reaches the app through the worker, and the console shows no other error or warning',
  async (base) => {
    const { logger, problems } = recordingLogger()
    const server = await createServer({
      root: app,
      configFile: false,
      customLogger: logger,
      base,
      server: { host: '127.0.0.1', port: 0 },
    })
    try {
      await server.listen()
      const url = server.resolvedUrls!.local[0]
      const { origin } = new URL(url)
      const { results, complaints, worker, scripts } = await openApp(url)
      expect(results).toEqual(EXPECTED)
      expect(worker).toBe(`${origin}${base}mockServiceWorker.js`)
      // mocklib came through Vite's dependency optimizer, as an installed package does.
      expect(scripts).toContain(`${base}node_modules/.vite/deps/mocklib_browser.js`)
      expect(complaints).toEqual(OFFLINE_ONLY(origin))
      expect(problems).toEqual([])
    } finally {
      await server.close()
    }
  },
)

it('falls back to in-page interception when the dev server is reached over plain http by a host name (`vite --host`)', async () => {
  const { logger, problems } = recordingLogger()
  const server = await createServer({
    root: app,
    configFile: false,
    customLogger: logger,
    server: { host: '127.0.0.1', port: 0, allowedHosts: ['app.test'] },
  })
  try {
    await server.listen()
    const url = server.resolvedUrls!.local[0].replace('127.0.0.1', 'app.test')
    const { results, complaints, worker, scripts } = await openApp(url)
    expect(results).toEqual(EXPECTED)
    expect(worker).toBeUndefined()
    // The fallback's interceptors came through Vite's optimizer with mocklib, loaded on demand.
    expect(scripts).toContainEqual(expect.stringMatching(/^\/node_modules\/\.vite\/deps\/XMLHttpRequest-[\w-]+\.js$/))
    expect(complaints).toEqual([expect.stringMatching(/^warning: \[mocklib\] Service Workers are unavailable/)])
    expect(problems).toEqual([])
  } finally {
    await server.close()
  }
})

it('runs as a production build under a base path (/app/), served statically, also in the fallback', async () => {
  const { logger, problems } = recordingLogger()
  const site = join(workDir, 'site')
  const nodeEnv = process.env.NODE_ENV
  try {
    await build({
      root: app,
      configFile: false,
      customLogger: logger,
      logLevel: 'warn',
      base: '/app/',
      build: { outDir: join(site, 'app'), emptyOutDir: true },
    })
  } finally {
    // `vite build` sets NODE_ENV to "production" for the rest of the process.
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  expect(problems).toEqual([])
  expect(existsSync(join(site, 'app/mockServiceWorker.js'))).toBe(true)
  const server = await startStaticServer(site)
  try {
    const { results, complaints, worker } = await openApp(`${server.origin}/app/`)
    expect(results).toEqual(EXPECTED)
    expect(worker).toBe(`${server.origin}/app/mockServiceWorker.js`)
    expect(complaints).toEqual(OFFLINE_ONLY(server.origin))
    // The same build on a plain-http host name: the in-page fallback, from the build's chunks.
    const fallback = await openApp(`${server.origin.replace('127.0.0.1', 'app.test')}/app/`)
    expect(fallback.results).toEqual(EXPECTED)
    expect(fallback.worker).toBeUndefined()
    expect(fallback.complaints).toEqual([
      expect.stringMatching(/^warning: \[mocklib\] Service Workers are unavailable/),
    ])
  } finally {
    await server.close()
  }
})
