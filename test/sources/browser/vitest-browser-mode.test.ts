// Vitest Browser Mode, the set-up MSW's docs recommend for component tests: a project
// (test/fixtures/vitest-browser) with mocklib installed from the build and the Playwright provider
// on the system's Chromium. Its two test files start the worker in a test.extend fixture and in
// hooks, and override handlers per test with worker.use(). One Vitest run (a separate process, as
// a user runs it) has it as two projects: `plugin`, with mocklib/vite's plugin serving the worker
// script and public/ not served (a third file uses the plugin's `virtual:mocklib` network), and
// `init`, with the script put in public/ by `mocklib init`.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
// @ts-expect-error: plain .mjs helpers without types
import { installBuilt } from '../../packaging/consumer.mjs'
import { CHROMIUM_PATH } from './harness'

const fixture = fileURLToPath(new URL('../../fixtures/vitest-browser/', import.meta.url))
const vitestBin = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url))
let workDir: string
let project: string

/** Runs a command in the project with this process's environment minus the outer Vitest's. */
function run(args: string[]): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { CHROMIUM_PATH, NO_COLOR: '1' }
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(VITEST|TEST$|NODE_ENV$|FORCE_COLOR$)/.test(key)) env[key] ??= value
  }
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: project, env }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, output: stdout + stderr })
    })
  })
}

beforeAll(() => {
  if (!existsSync(fileURLToPath(new URL('../../../dist/browser.js', import.meta.url)))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
  }
  workDir = mkdtempSync(join(tmpdir(), 'mocklib-vitest-browser-'))
  project = join(workDir, 'project')
  cpSync(fixture, project, { recursive: true })
  installBuilt(project, ['vitest', '@vitest/browser-playwright', 'playwright'])
})
afterAll(() => {
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true })
})

interface Run {
  code: number
  output: string
  /** Tests that passed, by project, as the default reporter lists them. */
  passed: Record<string, number>
  failures: string[]
  initOutput: string
  /** public/mockServiceWorker.js as `mocklib init` wrote it. */
  initScript: Buffer
}

let once: Promise<Run> | undefined
/** `mocklib init`, then one Vitest run of both projects (vitest.projects.config.js), shared by the tests. */
const runProjects = () => (once ??= runBoth())

async function runBoth(): Promise<Run> {
  const init = await run(['node_modules/mocklib/bin/mocklib.mjs', 'init'])
  const initScript = readFileSync(join(project, 'public', 'mockServiceWorker.js'))
  const report = join(workDir, 'report.json')
  const { code, output } = await run([
    vitestBin,
    'run',
    '--config',
    'vitest.projects.config.js',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ])
  if (!existsSync(report)) throw new Error(`Vitest wrote no report (exit ${code}):\n${output}`)
  type Test = { status: string; fullName: string; failureMessages: string[] }
  const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { assertionResults: Test[] }[] }
  const failures = testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status !== 'passed')
      .map((test) => `${test.fullName}: ${test.failureMessages.join('\n')}`),
  )
  // The JSON report does not name a file's project; the default reporter's file lines do.
  const passed: Record<string, number> = {}
  for (const [, name, count] of output.matchAll(/^ ✓ \|(\w+) \(chromium\)\| \S+ \((\d+) tests?\)/gm)) {
    passed[name!] = (passed[name!] ?? 0) + Number(count)
  }
  return { code, output, passed, failures, initOutput: init.output, initScript }
}

/** Expects the run to have passed `count` tests of `name`, and everything quietly. */
function expectPassing(result: Run, name: string, count: number): void {
  expect(result.failures).toEqual([])
  expect({ code: result.code, passed: result.passed[name] }).toEqual({ code: 0, passed: count })
  // The tests run quietly: anything the page printed (a mocklib warning…) shows up as stdout/stderr.
  // Nor did Vite reload a test page because its optimizer met a dependency late.
  expect(result.output.split('\n').filter((line) => /^(stdout|stderr) \||reload/.test(line))).toEqual([])
}

it(
  "with mocklib/vite's plugin and public/ not served, the project's browser tests pass in Chromium, quietly",
  { timeout: 120_000 },
  async () => {
    const result = await runProjects()
    expectPassing(result, 'plugin', 9)
    // The plugin serves the script from memory: public/ holds what init wrote, nothing more.
    expect(readdirSync(join(project, 'public'))).toEqual(['mockServiceWorker.js'])
    expect(readFileSync(join(project, 'public', 'mockServiceWorker.js')).equals(result.initScript)).toBe(true)
  },
)

it(
  "with the worker script put in public/ by `mocklib init`, the project's browser tests pass in Chromium, quietly",
  { timeout: 120_000 },
  async () => {
    const result = await runProjects()
    expect(result.initOutput).toContain('public/mockServiceWorker.js')
    expectPassing(result, 'init', 7)
  },
)
