// mocklib/vite in a real Vite app (test/fixtures/vite-plugin-app, mocklib installed from the build):
// no `mocklib init` and no public/ folder. Under the dev server the plugin serves the worker script;
// `vite build` emits it beside the bundle, and `vite preview` serves the build. One page starts
// setupWorker() (MSW 2's set-up), the other the plugin's `virtual:mocklib` network (MSW 3's).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, cpSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { build, createServer, preview, type InlineConfig } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
// @ts-expect-error: plain .mjs helpers without types
import { installBuilt } from '../../packaging/consumer.mjs'
import { sharedBrowser } from './harness'

const fixture = fileURLToPath(new URL('../../fixtures/vite-plugin-app/', import.meta.url))
const builtWorker = fileURLToPath(new URL('../../../dist/mockServiceWorker.js', import.meta.url))
const EXPECTED = { user: { id: 'u1', name: 'Ada' }, echo: 'echo: hi' }
let workDir: string
let app: string
let browser: Browser

beforeAll(async () => {
  if (!existsSync(builtWorker)) throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
  workDir = mkdtempSync(join(tmpdir(), 'mocklib-vite-plugin-'))
  app = join(workDir, 'app')
  cpSync(fixture, app, { recursive: true })
  installBuilt(app, ['vite'])
  browser = await sharedBrowser()
})
afterAll(async () => {
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true })
})

/** The app's vite.config.ts, as `vite` loads it, with what a test changes. */
const appConfig = (config: InlineConfig = {}): InlineConfig => ({
  root: app,
  configFile: join(app, 'vite.config.ts'),
  logLevel: 'error',
  ...config,
})

/** Opens a page of the app and returns what it shows, the worker serving it and the page's complaints. */
async function openPage(url: string): Promise<{ results: unknown; worker?: string; complaints: string[] }> {
  const context = await browser.newContext()
  const complaints: string[] = []
  try {
    const page = await context.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text())
    })
    page.on('pageerror', (error) => complaints.push(`pageerror: ${error.message}`))
    await page.goto(url)
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 })
    const text = (await page.textContent('#results')) ?? ''
    if (text.startsWith('error:')) throw new Error(`The page failed: ${text}\n${complaints.join('\n')}`)
    const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
    return { results: JSON.parse(text), worker, complaints }
  } finally {
    await context.close()
  }
}

/**
 * Runs `vite build` as the command does, in production (under vitest, NODE_ENV is "test", and
 * Vite would build with `import.meta.env.DEV` true), giving NODE_ENV back afterwards.
 */
async function viteBuild(config: InlineConfig): Promise<void> {
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build(config)
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}

it('the dev server serves the worker script: setupWorker().start() and the virtual:mocklib network both mock', async () => {
  const server = await createServer(appConfig({ server: { host: '127.0.0.1', port: 0 } }))
  try {
    await server.listen()
    const origin = new URL(server.resolvedUrls!.local[0]).origin
    const script = await fetch(`${origin}/mockServiceWorker.js`)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(await script.text()).toBe(readFileSync(builtWorker, 'utf8'))

    for (const page of ['/', '/network.html']) {
      const { results, worker, complaints } = await openPage(`${origin}${page}`)
      expect({ page, results, worker, complaints }).toEqual({
        page,
        results: EXPECTED,
        worker: `${origin}/mockServiceWorker.js`,
        complaints: [],
      })
    }
    expect(existsSync(join(app, 'public'))).toBe(false)
  } finally {
    await server.close()
  }
})

it('under a base path (/app/), the script is served there and the virtual:mocklib network registers it there', async () => {
  const server = await createServer(appConfig({ base: '/app/', server: { host: '127.0.0.1', port: 0 } }))
  try {
    await server.listen()
    const origin = new URL(server.resolvedUrls!.local[0]).origin
    const { results, worker, complaints } = await openPage(`${origin}/app/network.html`)
    expect({ results, worker, complaints }).toEqual({
      results: EXPECTED,
      worker: `${origin}/app/mockServiceWorker.js`,
      complaints: [],
    })
  } finally {
    await server.close()
  }
})

it('`vite build` emits the worker script beside the bundle, and the built app mocks under `vite preview`', async () => {
  const outDir = join(workDir, 'build')
  await viteBuild(appConfig({ build: { outDir, emptyOutDir: true } }))
  expect(readFileSync(join(outDir, 'mockServiceWorker.js'), 'utf8')).toBe(readFileSync(builtWorker, 'utf8'))

  const server = await preview(appConfig({ build: { outDir }, preview: { host: '127.0.0.1', port: 0 } }))
  try {
    const origin = new URL(server.resolvedUrls!.local[0]).origin
    const { results, worker, complaints } = await openPage(`${origin}/`)
    expect({ results, worker, complaints }).toEqual({
      results: EXPECTED,
      worker: `${origin}/mockServiceWorker.js`,
      complaints: [],
    })
  } finally {
    await server.close()
  }
})

it('a production build whose mocking sits behind import.meta.env.DEV has neither mocklib nor the worker script', async () => {
  const outDir = join(workDir, 'guarded')
  await viteBuild(
    appConfig({
      build: { outDir, emptyOutDir: true, rollupOptions: { input: join(app, 'network.html') } },
    }),
  )
  const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
  expect(files).not.toContain('mockServiceWorker.js')
  const code = files.filter((file) => file.endsWith('.js')).map((file) => readFileSync(join(outDir, file), 'utf8'))
  expect(code.join('\n')).not.toMatch(/setupWorker|virtual:mocklib|HttpResponse/)
})
