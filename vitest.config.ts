import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { globSync } from 'tinyglobby'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { EnvironmentSequencer } from './test/environment-sequencer.ts'

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

// The WebSocket suites and the GraphQL subscription suites need a global WebSocket: Node 22+ has one, Node 20 only
// behind a flag.
// They run as their own project so no other suite sees the flag.
const websocketTests = ['test/ws/**/*.test.ts', 'test/subscriptions/**/*.test.ts']
const websocketExecArgv = typeof globalThis.WebSocket === 'undefined' ? ['--experimental-websocket'] : []
// The `ws` package's client is mocked with no global WebSocket at all: its suite runs without the flag.
const flaglessWebSocketTests = ['test/ws/ws-package.test.ts']

// The global fetch has two sources in Node (src/sources/node/fetch-source.ts): the lean one, the
// default everywhere else, and the fetch interceptor, which these suites run through once more.
const interceptorFetchTests = [
  'test/parity/**/*.test.ts',
  'test/clients/fetch.test.ts',
  'test/clients/ky.test.ts',
  'test/runtime/finalize-on-abort.test.ts',
  'test/runtime/network-errors.test.ts',
  'test/runtime/lifecycle-events.test.ts',
  'test/sources/undici/restore-and-once.test.ts',
]

// http/https clients have two sources as well (src/sources/node/http-source.ts): the ClientRequest
// interceptor, the default, and the lean one, which these suites run through once more.
const leanHttpTests = [
  'test/parity/**/*.test.ts',
  'test/clients/node-*.test.ts',
  'test/clients/{axios,got,superagent,node-fetch}.test.ts',
  'test/sources/node/http-request-memory.test.ts',
  'test/faults/node-clients.test.ts',
  'test/runtime/{boundary-node-request,close-restores-globals,finalize-on-abort,foreign-global-response}.test.ts',
  'test/runtime/{http-response-set-cookie,http-response-statics,http-response-stream,network-errors}.test.ts',
  'test/runtime/{on-unhandled-request-strategies,passthrough-abort,setup-server-input}.test.ts',
  'test/runtime/unhandled-passthrough-bodies.test.ts',
  'test/reliability/*.test.ts',
]

// Node's own EventSource is global only behind a flag (Node 20, 22 and 24): its suite runs as
// a project of its own too.
// test/parity/sse-after-close.test.ts: msw's sse() needs a global EventSource (behind a flag on Node 20 and 22).
const eventSourceTests = ['test/sources/undici/eventsource.test.ts', 'test/parity/sse-after-close.test.ts']

/**
 * `include` run once more through another source of the same clients, chosen by `env`: two projects, the files
 * of ownProcessTests (below) each in a process of its own, the others sharing one as in 'main' (a process per file
 * cost a second of loading each).
 */
function otherSourceProjects(
  name: string,
  include: string[],
  env: Record<string, string>,
): TestProjectInlineConfiguration[] {
  const cwd = fileURLToPath(new URL('.', import.meta.url))
  const files = globSync(include, { cwd, ignore: [...eventSourceTests, 'test/packaging/**'] })
  const own = new Set(globSync(ownProcessTests, { cwd }))
  const project = (suffix: string, list: string[], isolate: boolean): TestProjectInlineConfiguration => ({
    extends: true,
    test: { name: name + suffix, include: list, exclude: ['node_modules/**'], env, isolate },
  })
  const separate = files.filter((file) => own.has(file))
  const shared = files.filter((file) => !own.has(file))
  return [project('', shared, false), project('-own-process', separate, true)]
}

// test/msw3-parity compares with msw 3, whose interceptors need Node 22: it runs on its own
// (vitest.msw3.config.ts, through scripts/suite-msw3-parity.mjs).
const nodeTwentyTwoTests = ['test/msw3-parity/**']

// The test files of a project share one process (isolate: false below): mocklib, msw, graphql and the
// clients load once, not once per file (that loading was about half of vitest's time). A file must leave
// the process as it found it (servers closed, globals restored), as close() promises users. These files
// cannot, or must not share it, so they run in a process of their own: those that replace modules or globals
// for the whole file (vi.mock, vi.resetModules, vi.stubGlobal, vi.stubEnv) and those that count the process's
// live objects (v8.queryObjects walks a heap every earlier file grew), found by reading the files so that a new
// one is isolated too; the parity files whose mocked responses set cookies (msw's module keeps them and sends
// them with every later request to that host, in any file) and the 50 MB passthroughs (a process of their own,
// whose memory no earlier file grew).
const needsOwnProcess = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules|stubGlobal|stubEnv)\(|\bv8\.queryObjects\(/
const setsMswCookies = (file: string, text: string) => file.startsWith('parity/') && /set-cookie/i.test(text)
const testRoot = fileURLToPath(new URL('./test/', import.meta.url))
const ownProcessFiles = readdirSync(testRoot, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !file.startsWith('packaging'))
  .filter((file) => {
    const text = readFileSync(testRoot + file, 'utf8')
    return needsOwnProcess.test(text) || setsMswCookies(file, text)
  })
  .map((file) => `test/${file}`)
const ownProcessWebSocketTests = ownProcessFiles.filter((file) => /^test\/(ws|subscriptions)\//.test(file))
const ownProcessTests = [...ownProcessFiles, 'test/reliability/bodies-byte-for-byte*.test.ts']

// Files whose verdict does not depend on the Node version that runs them: .ci/run runs them on its first Node only
// (MOCKLIB_FIRST_NODE_ONLY=exclude on the others); npm test always runs them. Named one by one: a new file runs on
// every Node until someone lists it here.
// The browser files whose code under test runs entirely in Chromium: the page and mocklib's Service Worker. Node
// only bundles the page and serves files. Files that run mocklib inside Node too (the Vite plugin, Vitest Browser
// Mode, the recording endpoint, the remote, the example app's `mocklib init`) are not listed.
const chromiumOnlyTests = [
  'defer',
  'fallback',
  'worker-faults',
  'worker-graphql',
  'worker-graphql-http-subscriptions',
  'worker-graphql-subscriptions',
  'worker-lifecycle',
  'worker-openapi',
  'worker-rest',
  'worker-sse',
  'worker-verification',
  'worker-websocket',
].map((name) => `test/sources/browser/${name}.test.ts`)
// tsc alone, on generated code: its verdict is the same on any Node (as for the packaging suite's type checks).
const typeCheckOnlyTests = ['test/codegen/output-types.test.ts']
const firstNodeOnlyTests = [...chromiumOnlyTests, ...typeCheckOnlyTests]
for (const file of firstNodeOnlyTests) {
  if (!existsSync(new URL(file, import.meta.url)))
    throw new Error(`vitest.config.ts: firstNodeOnlyTests names ${file}, which is gone`)
}
const excludedHere = process.env.MOCKLIB_FIRST_NODE_ONLY === 'exclude' ? firstNodeOnlyTests : []

// Tests import 'mocklib' like users do. During development that name points at the
// sources, so no build is needed; the packaging suites (test/packaging) test dist/.
export default defineConfig({
  // The package's version, as the build writes it into dist/ (src/control/health.ts).
  define: {
    __MOCKLIB_VERSION__: JSON.stringify(
      (JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string }).version,
    ),
  },
  resolve: {
    alias: [
      { find: /^mocklib$/, replacement: src('index.ts') },
      { find: /^mocklib\/node$/, replacement: src('node.ts') },
      { find: /^mocklib\/browser$/, replacement: src('browser.ts') },
      { find: /^mocklib\/native$/, replacement: src('native.ts') },
      { find: /^mocklib\/schema$/, replacement: src('schema.ts') },
      { find: /^mocklib\/record$/, replacement: src('record.ts') },
      { find: /^mocklib\/openapi$/, replacement: src('openapi.ts') },
      { find: /^mocklib\/vitest$/, replacement: src('vitest.ts') },
      // MSW 3's entries: mocklib/http, /graphql, /ws, /sse, /utils, /utils/* and /vite.
      { find: /^mocklib\/(http|graphql|ws|sse|experimental|utils|utils\/[a-z-]+|vite)$/, replacement: src('$1.ts') },
      // graphql 16 has no exports map: Node resolves it to index.js, Vite to index.mjs. Resolve it
      // the Node way, so sources and tests share one copy with @graphql-tools and Apollo.
      { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') },
    ],
  },
  test: {
    exclude: ['test/packaging/**', ...nodeTwentyTwoTests, 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
    // A project's files of one environment run one after the other, in one process (test/environment-sequencer.ts).
    sequence: { sequencer: EnvironmentSequencer },
    // .ci/run sets it: the Node 22 and 24 runs reuse the modules the Node 20 run transformed.
    experimental: { fsModuleCache: process.env.MOCKLIB_VITEST_FS_CACHE === '1' },
    projects: [
      // Project settings extend the ones above (include lists would add up, so each names its own).
      {
        extends: true,
        test: {
          name: 'main',
          include: ['test/**/*.test.ts'],
          exclude: [
            ...websocketTests,
            ...eventSourceTests,
            ...nodeTwentyTwoTests,
            ...ownProcessTests,
            ...excludedHere,
            'test/packaging/**',
            'node_modules/**',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'own-process',
          include: ownProcessTests,
          exclude: [
            ...excludedHere,
            ...websocketTests,
            ...eventSourceTests,
            ...nodeTwentyTwoTests,
            'test/packaging/**',
            'node_modules/**',
          ],
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'websocket',
          include: websocketTests,
          exclude: [...flaglessWebSocketTests, ...ownProcessWebSocketTests, 'node_modules/**'],
          execArgv: websocketExecArgv,
        },
      },
      ...(ownProcessWebSocketTests.length === 0
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: 'websocket-own-process',
                include: ownProcessWebSocketTests,
                exclude: [...flaglessWebSocketTests, 'node_modules/**'],
                execArgv: websocketExecArgv,
                isolate: true,
              },
            },
          ]),
      { extends: true, test: { name: 'websocket-flagless', include: flaglessWebSocketTests } },
      ...otherSourceProjects('fetch-interceptor', interceptorFetchTests, { MOCKLIB_FETCH_SOURCE: 'interceptor' }),
      ...otherSourceProjects('http-lean', leanHttpTests, { MOCKLIB_HTTP_SOURCE: 'lean' }),
      {
        extends: true,
        test: {
          name: 'eventsource',
          include: eventSourceTests,
          execArgv: ['--experimental-eventsource'],
          isolate: true,
        },
      },
    ],
  },
})
