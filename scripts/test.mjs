#!/usr/bin/env node
// The one test command (npm test): every suite, then one closing line "N passed, N failed".
// Suites: vitest (unit, behaviour, real clients, browser), then every scripts/suite-*.mjs
// (packaging: dist/ loaded as users load it from ESM, CommonJS, Jest and node:test; type
// tests; generated-code freshness). Each of those prints its own "N passed, N failed" line.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const node = process.execPath
const results = []
const COUNT_LINE = /^(?:\w+: )?(\d+) passed, (\d+) failed/m

function run(name, args) {
  console.log(`\n=== ${name}`)
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: process.env })
    let tail = ''
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      tail = (tail + chunk.toString()).slice(-4000)
    })
    child.on('close', (code) => resolve({ code: code ?? 1, tail }))
  })
}

// Vitest, counted test by test from its JSON report.
const vitestJson = `${root}.vitest-results.json`
rmSync(vitestJson, { force: true })
{
  const { code } = await run('vitest', [
    'node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`,
  ])
  let passed = 0
  let failed = code === 0 ? 0 : 1
  if (existsSync(vitestJson)) {
    const report = JSON.parse(readFileSync(vitestJson, 'utf8'))
    // A file that failed to load has no test results: count it as one failure.
    const loadFailures = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length
    passed = report.numPassedTests
    failed = report.numFailedTests + loadFailures
    if (code !== 0 && failed === 0) failed = 1
  }
  results.push({ name: 'vitest', passed, failed, code })
}

const suites = readdirSync(`${root}scripts`).filter((f) => /^suite-.*\.mjs$/.test(f)).sort()
for (const suite of suites) {
  const { code, tail } = await run(suite, [`scripts/${suite}`])
  const lines = tail.split('\n').filter((l) => COUNT_LINE.test(l))
  const match = lines.length > 0 ? COUNT_LINE.exec(lines[lines.length - 1]) : null
  const passed = match ? Number(match[1]) : code === 0 ? 1 : 0
  let failed = match ? Number(match[2]) : code === 0 ? 0 : 1
  if (code !== 0 && failed === 0) failed = 1
  results.push({ name: suite, passed, failed, code })
}

const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
console.log('\nSuites:')
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed (exit ${r.code})`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
