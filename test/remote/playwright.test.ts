// mocklib/playwright: Playwright Test with two workers and several tests per worker, each test
// overriding the same API endpoints for its own page, against one server-rendered app started
// once as Playwright's webServer with `--import mocklib/remote`, in Debian's Chromium.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

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

it('parallel tests in two workers each see their own overrides in the app’s pages', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mocklib-playwright-'))
  const reportFile = join(dir, 'report.json')
  const child = spawn(
    process.execPath,
    ['node_modules/playwright/cli.js', 'test', '-c', 'test/remote/playwright/playwright.config.mjs'],
    {
      cwd: root,
      env: { ...process.env, APP_PORT: String(await freePort()), PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const [code] = (await once(child, 'exit')) as [number]
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report
  rmSync(dir, { recursive: true, force: true })
  expect({ code, stats: report.stats }, output).toEqual({
    code: 0,
    stats: expect.objectContaining({ expected: 8, unexpected: 0, flaky: 0, skipped: 0 }),
  })
  const workers = new Set(
    report.suites
      .flatMap((suite) => suite.specs ?? [])
      .flatMap((spec) => spec.tests[0]!.results.map((result) => result.workerIndex)),
  )
  expect(workers.size).toBe(2)
})
