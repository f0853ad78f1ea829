#!/usr/bin/env node
// The one test command (npm test, after the build): every suite, then one closing line
// "N passed, N failed". Suites: vitest (unit, behaviour, real clients, browser), and every
// scripts/suite-*.mjs (packaging, types, generated code, fixture projects…), each printing its own
// "N passed, N failed" line.
//
// Vitest runs one worker fewer than the machine has cores, so the suites run beside it, one at a
// time, in the core it leaves (on a single core, everything runs in turn); once vitest ends, its
// core takes suites from the same queue too, the longest ones queued first. The suites run at a
// lower priority (they inherit it for their own processes) and use what vitest leaves idle.
// Vitest's output is shown as it comes; a suite's output is shown whole when it ends. The summary
// gives each suite's wall time. MOCKLIB_TEST_JOBS=1 runs everything one after the other, at the
// same priority.
import { spawn } from 'node:child_process'
import { readdirSync, rmSync } from 'node:fs'
import { availableParallelism, getPriority, setPriority } from 'node:os'
import { fileURLToPath } from 'node:url'
import { jsonReportCounts } from '../test/packaging/suite-runner.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const node = process.execPath
const COUNT_LINE = /^(?:\w+: )?(\d+) passed, (\d+) failed/m
const jobs = Number(process.env.MOCKLIB_TEST_JOBS) || Math.min(2, availableParallelism())

/** Runs `node args`; its stdout is streamed (live) or collected and printed at the end (whole). */
function run(name, args, { live, lowerPriority = false }) {
  const started = Date.now()
  if (live) console.log(`\n=== ${name}`)
  return new Promise((resolve) => {
    const child = spawn(node, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', live ? 'inherit' : 'pipe'],
      env: process.env,
    })
    if (lowerPriority && child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + 5))
      } catch {
        // Not allowed here: it only runs at the same priority.
      }
    }
    let output = ''
    const collect = (chunk) => {
      if (live) process.stdout.write(chunk)
      output = live ? (output + chunk.toString()).slice(-4000) : output + chunk.toString()
    }
    child.stdout.on('data', collect)
    child.stderr?.on('data', collect)
    child.on('close', (code) => {
      if (!live) process.stdout.write(`\n=== ${name}\n${output}`)
      resolve({ code: code ?? 1, tail: output.slice(-4000), seconds: (Date.now() - started) / 1000 })
    })
  })
}

/** Vitest, counted test by test from its JSON report. */
async function vitest() {
  const vitestJson = `${root}.vitest-results.json`
  rmSync(vitestJson, { force: true })
  const { code, seconds } = await run(
    'vitest',
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ],
    { live: true },
  )
  const { passed, failed } = jsonReportCounts(vitestJson, code) ?? { passed: 0, failed: code === 0 ? 0 : 1 }
  return { name: 'vitest', passed, failed, code, seconds }
}

/** One scripts/suite-*.mjs, counted from its last "N passed, N failed" line. */
async function suite(file, live) {
  const { code, tail, seconds } = await run(file, [`scripts/${file}`], { live, lowerPriority: !live })
  const lines = tail.split('\n').filter((l) => COUNT_LINE.test(l))
  const match = lines.length > 0 ? COUNT_LINE.exec(lines[lines.length - 1]) : null
  const passed = match ? Number(match[1]) : code === 0 ? 1 : 0
  let failed = match ? Number(match[2]) : code === 0 ? 0 : 1
  if (code !== 0 && failed === 0) failed = 1
  return { name: file, passed, failed, code, seconds }
}

/** One lane: `first` (vitest) if given, then suites taken from the shared queue until it is empty. */
async function lane(queue, live, first) {
  const results = first ? [await first()] : []
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) results.push(await suite(file, live))
  return results
}

// The suites that take minutes (npm installs, bundler builds, several tsc runs) start first, so
// that none of them starts last and runs on alone.
const LONGEST = ['suite-fixtures.mjs', 'suite-types.mjs', 'suite-packaging.mjs']
const rank = (file) => (LONGEST.includes(file) ? LONGEST.indexOf(file) : LONGEST.length)

const started = Date.now()
const suiteFiles = readdirSync(`${root}scripts`)
  .filter((f) => /^suite-.*\.mjs$/.test(f))
  .sort()
const queue = [...suiteFiles].sort((a, b) => rank(a) - rank(b))
const lanes = [lane(queue, jobs === 1, vitest)]
for (let extra = 1; extra < jobs; extra++) lanes.push(lane(queue, false))
const byName = new Map((await Promise.all(lanes)).flat().map((result) => [result.name, result]))
const results = ['vitest', ...suiteFiles].map((name) => byName.get(name))

const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
console.log(`\nSuites (${jobs > 1 ? 'vitest beside the suites' : 'one after the other'}):`)
for (const r of results) {
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed (exit ${r.code}, ${r.seconds.toFixed(0)} s)`)
}
console.log(`  all: ${((Date.now() - started) / 1000).toFixed(0)} s`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
