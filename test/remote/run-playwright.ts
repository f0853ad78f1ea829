// Runs Playwright Test in a child process, with its JSON report and output in a temporary folder
// of its own (Playwright empties its output folder when it starts, and .ci/run runs Node 22 and 24
// at once), and reads back what happened.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  server.close()
  return port
}

interface Report {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  suites: Array<{
    specs?: Array<{ title: string; tests: Array<{ results: Array<{ workerIndex: number; status: string }> }> }>
  }>
}

export interface PlaywrightRun {
  code: number
  stats: Report['stats']
  /** The indexes of the workers that ran a test. */
  workers: Set<number>
  /** What Playwright printed, for failure messages. */
  output: string
}

/**
 * `config`: the configuration file, from the repository's root; `portVariable`: the variable it
 * reads its app's port from (a free one is given). The system's Chromium is used.
 */
export async function runPlaywright(config: string, portVariable: string): Promise<PlaywrightRun> {
  const dir = mkdtempSync(join(tmpdir(), 'mocklib-playwright-'))
  const reportFile = join(dir, 'report.json')
  const child = spawn(
    process.execPath,
    ['node_modules/playwright/cli.js', 'test', '-c', config, '--reporter=json', `--output=${join(dir, 'results')}`],
    {
      cwd: root,
      env: {
        ...process.env,
        [portVariable]: String(await freePort()),
        CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
        NEXT_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const [code] = (await once(child, 'exit')) as [number]
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report
    const workers = new Set(
      report.suites
        .flatMap((suite) => suite.specs ?? [])
        .flatMap((spec) => spec.tests[0]!.results.map((result) => result.workerIndex)),
    )
    return { code, stats: report.stats, workers, output }
  } catch (error) {
    throw new Error(`Playwright left no report (exit ${code}):\n${output}`, { cause: error })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
