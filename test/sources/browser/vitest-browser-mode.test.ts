// Vitest Browser Mode, the set-up MSW's docs recommend for component tests: a project
// (test/fixtures/vitest-browser) with mocklib installed from the build and the Playwright provider
// on the system's Chromium. Its two test files start the worker in a test.extend fixture and in
// hooks, and override handlers per test with worker.use(). It runs twice: first with mocklib/vite's
// plugin serving the worker script (no init, no public/ folder; a third file uses the plugin's
// `virtual:mocklib` network), then with the script put in public/ by `mocklib init`. Vitest runs
// it as a separate process, as a user runs it.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
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

/** Runs the project's tests (`args`: more options) and expects `passed` to pass, quietly. */
async function expectPassing(passed: number, args: string[] = []): Promise<void> {
  const report = join(workDir, 'report.json')
  rmSync(report, { force: true })
  const { code, output } = await run([
    vitestBin,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ])
  if (!existsSync(report)) throw new Error(`Vitest wrote no report (exit ${code}):\n${output}`)
  const { numPassedTests, numFailedTests, testResults } = JSON.parse(readFileSync(report, 'utf8'))
  const failures = testResults.flatMap(
    (file: { assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }) =>
      file.assertionResults
        .filter((test) => test.status !== 'passed')
        .map((test) => `${test.fullName}: ${test.failureMessages.join('\n')}`),
  )
  expect(failures).toEqual([])
  expect({ code, numPassedTests, numFailedTests }).toEqual({ code: 0, numPassedTests: passed, numFailedTests: 0 })
  // The tests run quietly: anything the page printed (a mocklib warning…) shows up as stdout/stderr.
  // Nor did Vite reload a test page because its optimizer met a dependency late.
  expect(output.split('\n').filter((line) => /^(stdout|stderr) \||reload/.test(line))).toEqual([])
}

it(
  "with mocklib/vite's plugin and no `mocklib init`, the project's browser tests pass in Chromium, quietly",
  { timeout: 90_000 },
  async () => {
    expect(existsSync(join(project, 'public'))).toBe(false)
    await expectPassing(9, ['--config', 'vitest.vite-plugin.config.js'])
    expect(existsSync(join(project, 'public'))).toBe(false)
  },
)

it(
  "with the worker script put in public/ by `mocklib init`, the project's browser tests pass in Chromium, quietly",
  { timeout: 90_000 },
  async () => {
    const init = await run(['node_modules/mocklib/bin/mocklib.mjs', 'init'])
    expect(init.output).toContain('public/mockServiceWorker.js')
    await expectPassing(7)
  },
)
