#!/usr/bin/env node
// Where vitest's time goes, from the JSON report `npm test` leaves in .vitest-results.json
// (or the file given): time per test folder, then the slowest files and their slowest tests.
//   node scripts/test-durations.mjs [report.json] [--top N]
// Times are each file's own run (collection and import excluded), added up: with one worker
// they run one after the other, so the sum is close to vitest's wall time minus start-up.
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const topIndex = args.indexOf('--top')
const top = topIndex === -1 ? 15 : Number(args[topIndex + 1])
const reportFile =
  args.find((arg, index) => !arg.startsWith('--') && (topIndex === -1 || index !== topIndex + 1)) ??
  `${root}.vitest-results.json`
const report = JSON.parse(readFileSync(reportFile, 'utf8'))

// A report written in another checkout (CI's) names its files from that checkout's root.
const testPath = (name) => (name.startsWith(root) ? relative(root, name) : name.replace(/^.*?\/(test\/)/, '$1'))
const files = report.testResults.map((file) => ({
  path: testPath(file.name),
  seconds: (file.endTime - file.startTime) / 1000,
  slowest: [...file.assertionResults].sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))[0],
}))
const total = files.reduce((sum, file) => sum + file.seconds, 0)
const seconds = (value) => `${value.toFixed(1).padStart(6)} s`

const byFolder = new Map()
for (const file of files) {
  const folder = file.path.split('/').slice(0, 2).join('/')
  byFolder.set(folder, (byFolder.get(folder) ?? 0) + file.seconds)
}
console.log(`${files.length} files, ${report.numTotalTests} tests, ${seconds(total)} of test time\n\nBy folder:`)
for (const [folder, time] of [...byFolder].sort((a, b) => b[1] - a[1])) {
  console.log(`${seconds(time)}  ${((100 * time) / total).toFixed(0).padStart(3)} %  ${folder}`)
}
console.log(`\nSlowest ${top} files (and their slowest test):`)
for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, top)) {
  const test = file.slowest
    ? `  (${((file.slowest.duration ?? 0) / 1000).toFixed(1)} s: ${file.slowest.title.slice(0, 70)})`
    : ''
  console.log(`${seconds(file.seconds)}  ${file.path}${test}`)
}
