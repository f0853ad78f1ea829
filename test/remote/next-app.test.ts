// A real Next.js App Router app (examples/next-playwright/, which never imports mocklib) built with
// `next build` and started with `next start` under NODE_OPTIONS="--import mocklib/remote": its
// server components (one of them querying GraphQL), route handlers and server action fetch the
// API while serving, and each test's handlers answer only the requests that carry its scope. The
// build (minutes on a busy machine) is skipped when the last one is newer than the app's sources.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { HttpResponse, graphql, http } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'
import { createSchemaExecutor } from 'mocklib/schema'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runPlaywright } from './run-playwright'

const root = fileURLToPath(new URL('../..', import.meta.url))
const appDir = join(root, 'examples/next-playwright')
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next')
const USER = 'https://api.example.test/user'
const GRAPHQL = 'https://api.example.test/graphql'

// The schema executor answers the app's GraphQL query in this process: the selected fields,
// from these resolvers, then generated values.
const api = createSchemaExecutor({
  typeDefs: /* GraphQL */ `
    type Query { viewer: User! }
    type User { name: String!, repositories: [Repository!]! }
    type Repository { name: String! }
  `,
  resolvers: {
    Query: { viewer: () => ({ name: 'the schema', repositories: [{ name: 'mocklib' }, { name: 'graphql-js' }] }) },
  },
})
const remote = setupRemoteServer(
  http.get(USER, () => HttpResponse.json({ name: 'root' })),
  api.handler(GRAPHQL),
)
let app: ChildProcess
let origin: string

beforeAll(async () => {
  await remote.listen()
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
  if (!(await buildIsCurrent())) {
    await promisify(execFile)(process.execPath, [nextBin, 'build', '--webpack', appDir], { cwd: root, env })
  }
  app = spawn(process.execPath, [nextBin, 'start', '--hostname', '127.0.0.1', '--port', '0', appDir], {
    cwd: root,
    env: { ...env, ...remote.env(), NODE_OPTIONS: '--import mocklib/remote' },
  })
  origin = await localUrl(app)
}, 600_000)

afterAll(async () => {
  if (app && app.exitCode === null) {
    app.kill('SIGTERM')
    await once(app, 'exit')
  }
  await remote.close()
})

it('renders each page with the handlers of the scope it was requested in, at the same time', async () => {
  const [ada, grace] = [remote.createScope(), remote.createScope()]
  // Each resolver waits for the other page's request: both renders are in flight at once.
  let arrive!: () => void
  const bothArrived = new Promise<void>((resolve) => {
    let count = 0
    arrive = () => void (++count === 2 && resolve())
  })
  const answering = (name: string) =>
    http.get(USER, async () => {
      arrive()
      await bothArrived
      return HttpResponse.json({ name })
    })
  ada.use(answering('Ada'))
  grace.use(answering('Grace'))
  const page = async (headers: Record<string, string>) => (await fetch(origin, { headers })).text()
  const [adaPage, gracePage] = await Promise.all([page(ada.headers), page(grace.headers)])
  expect(adaPage).toContain('<h1 id="name">Ada</h1>')
  expect(gracePage).toContain('<h1 id="name">Grace</h1>')
  // A request without a scope sees the remote's own handlers.
  expect(await page({})).toContain('<h1 id="name">root</h1>')
  ada.close()
  grace.close()
}, 60_000)

it(
  "answers a route handler's request with this test's override, and no other test's",
  remote.boundary(async () => {
    remote.use(http.get(USER, () => HttpResponse.json({ name: 'from the route test' })))
    const response = await fetch(`${origin}/api/user`, { headers: remote.headers() })
    expect(await response.json()).toEqual({ from: 'route', name: 'from the route test' })
    expect(await (await fetch(`${origin}/api/user`)).json()).toEqual({ from: 'route', name: 'root' })
  }),
  60_000,
)

it('answers a GraphQL query made during rendering from the schema executor, or from the scope’s override', async () => {
  const page = async (headers: Record<string, string> = {}) => (await fetch(`${origin}/graphql`, { headers })).text()
  const fromSchema = await page()
  expect(fromSchema).toContain('<h1 id="viewer">the schema</h1>')
  expect(fromSchema).toContain('<li>mocklib</li><li>graphql-js</li>')
  const scope = remote.createScope()
  scope.use(
    graphql.query('Viewer', ({ variables }) =>
      HttpResponse.json({
        data: { viewer: { name: `from the scope (${JSON.stringify(variables)})`, repositories: [] } },
      }),
    ),
  )
  const scoped = await page(scope.headers)
  expect(scoped).toContain('<h1 id="viewer">from the scope ({})</h1>')
  expect(scoped).not.toContain('<li>')
  expect(await page()).toContain('<h1 id="viewer">the schema</h1>')
  scope.close()
}, 60_000)

it('the example’s Playwright tests: two workers, each test its own data in pages, GraphQL and server actions', async () => {
  const { code, stats, workers, output } = await runPlaywright('examples/next-playwright/playwright.config.mjs', 'PORT')
  expect({ code, stats }, output).toEqual({
    code: 0,
    stats: expect.objectContaining({ expected: 6, unexpected: 0, flaky: 0, skipped: 0 }),
  })
  expect(workers.size).toBe(2)
}, 300_000)

/** The app's last build is newer than its sources (app/, its config) and than the installed Next.js. */
async function buildIsCurrent(): Promise<boolean> {
  const built = modified(join(appDir, '.next/BUILD_ID'))
  if (built === 0) return false
  const sources = (await readdir(join(appDir, 'app'), { recursive: true })).map((file) => join(appDir, 'app', file))
  const inputs = [...sources, join(appDir, 'next.config.mjs'), join(nextBin, '../../../package.json')]
  return inputs.every((file) => modified(file) < built)
}

function modified(file: string): number {
  try {
    return statSync(file).mtimeMs
  } catch {
    return 0
  }
}

/** The address `next start` prints once it listens ("- Local: http://127.0.0.1:PORT"). */
function localUrl(child: ChildProcess): Promise<string> {
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += line + '\n'
      const match = /Local:\s+(http:\/\/\S+)/.exec(line)
      if (match) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`next start exited (${code}) before listening:\n${output}`)))
  })
}
