#!/usr/bin/env node
// The fixture-project suite: small projects written as MSW users write them, with only the
// import changed to mocklib (test/fixtures/<kind>/). mocklib is packed once (npm pack) and
// installed with every tool the fixtures use by ONE `npm install` into one shared throwaway
// workspace; each fixture is copied next to its node_modules and run from there:
//   vitest (ESM, CommonJS, jsdom, a Vue component, a SvelteKit route's server load, a Remix 2
//   loader under Remix's installGlobals(), an Angular 21 service through TestBed and HttpClient),
//   Jest (node, jsdom): their own test files;
//   webpack 5, Vite, esbuild, Rollup: build a REST-only app and a GraphQL app (test/fixtures/apps)
//   for the browser, then each built app runs in Chromium and must show its mocked answer;
//   webpack (target "node") and esbuild (platform "node") also bundle a Node program that runs;
//   the Vite dev server and @web/dev-server: serve the same two apps unbundled, checked the same way;
//   Playwright with a dev server (its webServer option starts Vite): its own spec passes;
//   Karma (Jasmine, ChromeHeadless): its specs pass, with the public folder's worker script
//   also loaded as a page script through its `files` glob.
// Where the app's code is split into files (all but esbuild's one file), the REST-only page
// must never load graphql-js, and the GraphQL page must (which shows the check can see it).
// Run after the build (npm test builds first). Ends with "N passed, N failed".
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { createWorkDir, npmCli, pack, removeWorkDir, repoRoot } from '../test/packaging/consumer.mjs'
import { startStaticServer } from '../test/packaging/static-server.mjs'
import { createSuite } from '../test/packaging/suite-runner.mjs'

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const { record, run, jsonReport, finish } = createSuite({ name: 'suite-fixtures', timeoutMs: 300_000 })

// The repository's own versions where it has the tool (npm's cache already holds them), and
// for the rest the newest release line that still runs on Node 20.
const repoVersion = (name) =>
  JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version
const TOOLS = {
  vitest: repoVersion('vitest'),
  vite: repoVersion('vite'),
  jest: repoVersion('jest'),
  'jest-environment-jsdom': repoVersion('jest-environment-jsdom'),
  jsdom: repoVersion('jsdom'),
  '@playwright/test': repoVersion('playwright-core'), // browsers: the system's Chromium, never downloaded
  vue: '^3.5.0',
  '@vitejs/plugin-vue': '^6.0.0',
  '@vue/test-utils': '^2.4.0',
  webpack: '^5.100.0',
  esbuild: '^0.28.0',
  rollup: '^4.60.0',
  '@rollup/plugin-node-resolve': '^16.0.0',
  '@web/dev-server': '^0.4.6', // 1.x needs Node 22
  svelte: '^5.46.4',
  '@sveltejs/kit': '^2.70.0', // 3.x needs Node 22.17
  '@sveltejs/vite-plugin-svelte': '^7.0.0',
  '@remix-run/node': '^2.17.0',
  '@angular/core': '^21.2.0', // Angular 21 runs on Node ^20.19; no zone.js: TestBed is zoneless
  '@angular/common': '^21.2.0',
  '@angular/compiler': '^21.2.0', // JIT: the fixture's decorators are compiled at run time
  '@angular/platform-browser': '^21.2.0',
  rxjs: '^7.8.0',
  karma: '^6.4.4', // ChromeHeadless through karma-chrome-launcher is the system's Chromium (CHROME_BIN)
  'karma-chrome-launcher': '^3.2.0',
  'karma-jasmine': '^5.1.0',
}

/** The one install: the tarball as a dependency, the tools as dev dependencies. */
async function createWorkspace(workDir, tarball) {
  const dir = join(workDir, 'workspace')
  mkdirSync(dir)
  const manifest = {
    name: 'mocklib-fixtures',
    private: true,
    dependencies: { mocklib: `file:${tarball}` },
    devDependencies: TOOLS,
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
  console.log('\n--- npm install (mocklib and every fixture tool, once)')
  const started = Date.now()
  const args = [
    npmCli(),
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--loglevel=error',
  ]
  const { code } = await run(args, dir)
  record(
    'npm install of the tarball and the tools',
    code === 0 ? 1 : 0,
    code === 0 ? 0 : 1,
    `${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  if (code !== 0) return undefined
  cpSync(join(repoRoot, 'test/fixtures'), dir, { recursive: true })
  return dir
}

/** `npx mocklib init <dir>`: the worker script next to the app, as users put it. */
async function initWorker(workspace, dir) {
  const { code, output } = await run(
    [join(workspace, 'node_modules/mocklib/bin/mocklib.mjs'), 'init', dir],
    workspace,
    { echo: false },
  )
  if (code !== 0) throw new Error(`mocklib init ${dir} failed:\n${output}`)
}

// A string of graphql-js's parser (its syntax errors), found in any build of it.
const GRAPHQL_JS_MARKER = 'Syntax Error: '

/**
 * Opens `url` in a fresh context and waits for the app to write its result; also tells
 * whether any script the page loaded holds graphql-js.
 */
async function pageResult(browser, url) {
  const context = await browser.newContext()
  const log = []
  const scripts = []
  try {
    const page = await context.newPage()
    page.on('console', (message) => log.push(`${message.type()}: ${message.text()}`))
    page.on('pageerror', (error) => log.push(`pageerror: ${error.message}`))
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''))
    })
    await page.goto(url)
    await page.waitForFunction(() => document.documentElement.dataset.result !== undefined, undefined, {
      timeout: 30_000,
    })
    const result = await page.evaluate(() => document.documentElement.dataset.result)
    const loadedGraphQL = (await Promise.all(scripts)).some((text) => text.includes(GRAPHQL_JS_MARKER))
    return { result, log, loadedGraphQL }
  } catch (error) {
    return { result: `no result (${String(error.message).split('\n')[0]})`, log }
  } finally {
    await context.close()
  }
}

const EXPECTED = { rest: 'user Ada', graphql: 'user Grace (7)' }

/** The app shows its mocked answer; with `split`, graphql-js is loaded by the GraphQL app only. */
async function checkPage(label, browser, url, app, { split = true } = {}) {
  const { result, log, loadedGraphQL } = await pageResult(browser, url)
  const ok = result === EXPECTED[app]
  if (!ok)
    console.log(
      `    page showed ${JSON.stringify(result)}, expected ${JSON.stringify(EXPECTED[app])}\n${log.map((l) => `    ${l}`).join('\n')}`,
    )
  record(`${label}: the ${app} app answers in Chromium`, ok ? 1 : 0, ok ? 0 : 1)
  if (!split || !ok) return
  const expected = app === 'graphql'
  const step = `${label}: the ${app} app ${expected ? 'loads' : 'never loads'} graphql-js`
  record(step, loadedGraphQL === expected ? 1 : 0, loadedGraphQL === expected ? 0 : 1)
}

/**
 * Runs an in-process build or server, then puts process.env back: `vite build` sets NODE_ENV
 * to "production", which would reach the later child processes (Playwright's Vite would then
 * serve the app as a production build, without its mocks).
 */
async function keepingEnv(fn) {
  const saved = { ...process.env }
  try {
    return await fn()
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
  }
}

const NODE_EXPECTED = 'result: user Ada, user Grace (7)'

/** A bundle of test/fixtures/apps/node.js for Node: it must build, run and print its answers. */
async function nodeBundle(kind, buildNode, workspace) {
  console.log(`\n--- ${kind}: Node program`)
  let file
  try {
    file = await keepingEnv(() => buildNode(join(workspace, kind, 'out', 'node')))
  } catch (error) {
    console.log(String(error?.stack ?? error).replace(/^/gm, '    '))
    return record(`${kind}: bundles the Node program`, 0, 1)
  }
  const { code, output } = await run([file], workspace)
  const ok = code === 0 && output.includes(NODE_EXPECTED)
  record(`${kind}: the bundled Node program runs`, ok ? 1 : 0, ok ? 0 : 1, `exit ${code}`)
}

/** One bundler: build each app, then run the built app in Chromium. */
async function bundler(kind, workspace, browser, { split }) {
  const { build, buildNode } = await import(pathToFileURL(join(workspace, kind, 'build.mjs')).href)
  if (buildNode !== undefined) await nodeBundle(kind, buildNode, workspace)
  for (const app of ['rest', 'graphql']) {
    console.log(`\n--- ${kind}: ${app} app`)
    const outDir = join(workspace, kind, 'out', app)
    const started = Date.now()
    try {
      await keepingEnv(() => build(app, outDir))
      await initWorker(workspace, outDir)
      record(`${kind}: builds the ${app} app`, 1, 0, `${((Date.now() - started) / 1000).toFixed(1)} s`)
    } catch (error) {
      console.log(String(error?.stack ?? error).replace(/^/gm, '    '))
      record(`${kind}: builds the ${app} app`, 0, 1)
      continue
    }
    const server = await startStaticServer(outDir)
    try {
      await checkPage(`${kind} (built)`, browser, `${server.origin}/`, app, { split })
    } finally {
      await server.close()
    }
  }
}

/** A dev server: no build; it serves the apps from node_modules as they are asked for. */
async function devServer(label, module, workspace, browser) {
  console.log(`\n--- ${label}`)
  const { serve } = await import(pathToFileURL(join(workspace, module)).href)
  let server
  try {
    server = await keepingEnv(() => serve())
    await initWorker(workspace, server.workerDir)
  } catch (error) {
    console.log(String(error?.stack ?? error).replace(/^/gm, '    '))
    await server?.close()
    return record(`${label}: starts`, 0, 1)
  }
  try {
    for (const app of ['rest', 'graphql']) await checkPage(label, browser, server.url(app), app)
  } finally {
    await server.close()
  }
}

async function testRunners(workspace, workDir) {
  const bin = (path) => join(workspace, 'node_modules', path)
  for (const kind of ['vitest-esm', 'vitest-cjs', 'vitest-jsdom', 'vue', 'sveltekit', 'remix', 'angular']) {
    const report = join(workDir, `${kind}.json`)
    const args = [
      bin('vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]
    await jsonReport(`${kind}: its tests pass`, join(workspace, kind), args, report)
  }
  for (const kind of ['jest-node', 'jest-jsdom']) {
    const report = join(workDir, `${kind}.json`)
    const args = [bin('jest/bin/jest.js'), '--ci', '--no-watchman', '--json', `--outputFile=${report}`]
    await jsonReport(`${kind}: its tests pass`, join(workspace, kind), args, report)
  }
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Playwright's own runner on its project; counted from its JSON report. */
async function playwright(workspace, workDir) {
  const step = 'playwright (dev server): its tests pass'
  console.log(`\n--- ${step}`)
  const cwd = join(workspace, 'playwright')
  await initWorker(workspace, join(cwd, 'public'))
  const report = join(workDir, 'playwright.json')
  const env = { PORT: String(await freePort()), PLAYWRIGHT_JSON_OUTPUT_NAME: report, CHROMIUM_PATH }
  const { code } = await run([join(workspace, 'node_modules/@playwright/test/cli.js'), 'test'], cwd, { env })
  if (!existsSync(report)) return record(step, 0, 1, `no report, exit ${code}`)
  const { stats } = JSON.parse(readFileSync(report, 'utf8'))
  let failed = stats.unexpected + stats.flaky
  if ((code !== 0 || stats.expected === 0) && failed === 0) failed = 1
  record(step, stats.expected, failed, `exit ${code}`)
}

/** Karma's own run on its project; its reporter (json-report.cjs) writes the Jest-style counts. */
async function karma(workspace, workDir) {
  const cwd = join(workspace, 'karma')
  await initWorker(workspace, join(cwd, 'public'))
  const report = join(workDir, 'karma.json')
  const args = [
    join(workspace, 'node_modules/karma/bin/karma'),
    'start',
    'karma.conf.cjs',
    '--no-colors',
    '--reporters',
    'dots,json-report',
  ]
  await jsonReport('karma (ChromeHeadless): its tests pass', cwd, args, report, {
    CHROME_BIN: CHROMIUM_PATH,
    KARMA_JSON_REPORT: report,
  })
}

if (!existsSync(join(repoRoot, 'dist/index.js'))) {
  console.log('dist/ is missing: run `npm run build` first (npm test does).')
  console.log('0 passed, 1 failed')
  process.exit(1)
}

const workDir = createWorkDir()
let browser
try {
  const { tarball } = pack(workDir)
  const workspace = await createWorkspace(workDir, tarball)
  if (workspace !== undefined) {
    await testRunners(workspace, workDir)
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    })
    for (const kind of ['webpack', 'vite', 'rollup']) await bundler(kind, workspace, browser, { split: true })
    await bundler('esbuild', workspace, browser, { split: false }) // one file: graphql-js is in it, run lazily
    await devServer('vite (dev server)', 'vite/serve.mjs', workspace, browser)
    await devServer('@web/dev-server', 'web-dev-server/serve.mjs', workspace, browser)
    await playwright(workspace, workDir)
    await karma(workspace, workDir)
  }
} catch (error) {
  console.log(String(error?.stack ?? error))
  record('fixture suite set-up', 0, 1)
} finally {
  await browser?.close()
  if (process.env.MOCKLIB_KEEP_FIXTURES) console.log(`kept ${workDir}`)
  else removeWorkDir(workDir)
}

finish()
