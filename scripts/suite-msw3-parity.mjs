#!/usr/bin/env node
// The MSW 3 parity suite: test/msw3-parity runs each scenario under msw@3.0.5 (the `msw3`
// devDependency, an npm alias) and under mocklib, and compares what a user observes. msw 3's
// interceptors need Node >= 22, so on older Node it reports a skip; .ci/run runs it on Node 22.
// Ends with "msw3: N passed, N failed".
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot } from '../test/packaging/consumer.mjs'
import { createSuite } from '../test/packaging/suite-runner.mjs'

const PREFIX = 'msw3:'
const major = Number(process.versions.node.split('.')[0])
if (major < 22) {
  console.log(`${PREFIX} 0 passed, 0 failed (skipped: msw 3 needs Node >= 22)`)
  process.exit(0)
}

const { jsonReport, finish } = createSuite({ name: 'suite-msw3-parity', timeoutMs: 300_000 })
const reportDir = mkdtempSync(join(tmpdir(), 'mocklib-msw3-parity-'))
const report = join(reportDir, 'report.json')
try {
  const vitest = join(repoRoot, 'node_modules/vitest/vitest.mjs')
  const args = [vitest, 'run', '--config', 'vitest.msw3.config.ts', '--reporter=default', '--reporter=json']
  await jsonReport(
    `msw 3.0.5 beside mocklib (Node ${process.version})`,
    repoRoot,
    [...args, `--outputFile.json=${report}`],
    report,
  )
} finally {
  rmSync(reportDir, { recursive: true, force: true })
}
finish(`${PREFIX} `)
