// The `virtual:mocklib` network of mocklib/vite in server code (Vite's SSR module loader), in an
// app with mocklib installed from the build: MSW 3's network API over setupServer(), checked
// against a real server on 127.0.0.1 that answers whatever the network does not.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer, createServerModuleRunner, type ViteDevServer } from 'vite'
import { mocklib } from 'mocklib/vite'
import type { SetupNetwork } from 'mocklib/experimental'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { listenLocally } from '../helpers/local-origins'
// @ts-expect-error: plain .mjs helpers without types
import { installBuilt } from '../packaging/consumer.mjs'

const fixture = fileURLToPath(new URL('../fixtures/vite-plugin-app/', import.meta.url))
let workDir: string
let vite: ViteDevServer
let backend: Server
let origin: string
let app: { network: SetupNetwork; handlers: unknown[]; override: unknown }
let root: string

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../../dist/node.js', import.meta.url)))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
  }
  backend = createHttpServer((_request, response) => response.end('from the server'))
  origin = await listenLocally(backend)
  workDir = mkdtempSync(join(tmpdir(), 'mocklib-vite-network-'))
  root = join(workDir, 'app')
  cpSync(fixture, root, { recursive: true })
  installBuilt(root, ['vite'])
  writeFileSync(
    join(root, 'src/server-entry.js'),
    `import { network } from 'virtual:mocklib'
import { http, HttpResponse } from 'mocklib/http'
export { network }
export const handlers = [http.get('${origin}/user', () => HttpResponse.text('mocked'))]
export const override = http.get('${origin}/user', () => HttpResponse.text('overridden'))
`,
  )
  vite = await createServer({
    root,
    configFile: false,
    plugins: [mocklib()],
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, watch: null },
  })
  app = (await vite.ssrLoadModule('/src/server-entry.js')) as typeof app
})
afterAll(async () => {
  if (app?.network.readyState === 1) await app.network.disable()
  await vite?.close()
  backend?.close()
  // Vite's client dependency optimizer can still be reading the app's files after close(): removed
  // now, its build fails unhandled in whichever file runs next. The folder goes when the process ends.
  const dir = workDir
  if (dir !== undefined) process.once('exit', () => rmSync(dir, { recursive: true, force: true, maxRetries: 20 }))
})

const get = async (): Promise<string> => (await fetch(`${origin}/user`)).text()

it('is disabled until enable(); then its handlers answer, and disable() gives the requests back', async () => {
  const { network, handlers } = app
  expect(network.readyState).toBe(0)
  expect(await get()).toBe('from the server')
  network.configure({ handlers: handlers as never, onUnhandledFrame: 'bypass' })
  await network.enable()
  expect(network.readyState).toBe(1)
  expect(await get()).toBe('mocked')
  // Enabling an enabled network does nothing (a second set-up in the same process).
  await network.enable()
  expect(network.listHandlers()).toHaveLength(1)
  await network.disable()
  expect(network.readyState).toBe(0)
  expect(await get()).toBe('from the server')
  await network.disable()
})

it('overrides with use() until resetHandlers(), and reports requests through its events', async () => {
  const { network, override } = app
  const started: string[] = []
  network.events.on('request:start', ({ request }) => void started.push(request.url))
  await network.enable()
  try {
    network.use(override as never)
    expect(await get()).toBe('overridden')
    network.resetHandlers()
    expect(await get()).toBe('mocked')
    expect(started).toEqual([`${origin}/user`, `${origin}/user`])
  } finally {
    network.events.removeAllListeners()
    await network.disable()
  }
})

it('refuses configure() while enabled and a `sources` option, saying what to do instead', async () => {
  const { network } = app
  await network.enable()
  try {
    expect(() => network.configure({ context: { quiet: true } })).toThrow(/call network\.disable\(\) first/)
  } finally {
    await network.disable()
  }
  expect(() => network.configure({ sources: [] } as never)).toThrow(
    expect.objectContaining({ code: 'MOCKLIB_INVALID_ARGUMENT', message: expect.stringMatching(/defineNetwork\(\)/) }),
  )
})

it("a full reload of the server code stops the old network before the app's code enables the new one", async () => {
  writeFileSync(
    join(root, 'src/reloaded-entry.js'),
    `import { network } from 'virtual:mocklib'
import { http, HttpResponse } from 'mocklib/http'
network.configure({ handlers: [http.get('${origin}/user', () => HttpResponse.text('mocked'))] })
await network.enable()
globalThis.entryEvaluated?.(network)
export { network }
`,
  )
  const server = await createServer({
    root,
    configFile: false,
    plugins: [mocklib()],
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, watch: null },
  })
  const runner = createServerModuleRunner(server.environments.ssr)
  const scope = globalThis as { entryEvaluated?: (network: SetupNetwork) => void }
  try {
    const first = (await runner.import('/src/reloaded-entry.js')) as { network: SetupNetwork }
    expect(first.network.readyState).toBe(1)
    const reloaded = new Promise<SetupNetwork>((resolve) => (scope.entryEvaluated = resolve))
    server.environments.ssr.hot.send({ type: 'full-reload' })
    const second = await reloaded
    expect(second).not.toBe(first.network)
    expect([first.network.readyState, second.readyState]).toEqual([0, 1])
    expect(await get()).toBe('mocked')
    await second.disable()
    expect(await get()).toBe('from the server')
  } finally {
    delete scope.entryEvaluated
    await runner.close()
    await server.close()
  }
})
