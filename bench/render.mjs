#!/usr/bin/env node
// Re-renders the table and the chart from a results file, without running anything:
//   node bench/render.mjs [results.json] [--docs]
// With --docs, the table also replaces the one between the bench markers in docs/performance.md
// (a run on another Node, --node 22, has markers of its own: bench:table-node22:start).
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runtimeSuffix } from './lib/node-binary.mjs'
import { renderChart, renderTable } from './lib/report.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--')) ?? join(here, 'results/latest.json')
const results = JSON.parse(readFileSync(file, 'utf8'))
const partial = /latest(-node\d+)?\.json$/.test(file) ? '' : '.partial'
const chart = join(dirname(file), `chart${runtimeSuffix(results)}${partial}.svg`)
writeFileSync(chart, renderChart(results))
const table = renderTable(results)
process.stdout.write(table + '\n')

if (args.includes('--docs')) {
  const page = join(here, '..', 'docs', 'performance.md')
  const text = readFileSync(page, 'utf8')
  const start = `<!-- bench:table${runtimeSuffix(results)}:start -->`
  const end = `<!-- bench:table${runtimeSuffix(results)}:end -->`
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from === -1 || to < from) throw new Error(`docs/performance.md has no ${start} … ${end} markers`)
  writeFileSync(page, text.slice(0, from + start.length) + '\n' + table + '\n' + text.slice(to))
  process.stderr.write('Updated the table in docs/performance.md\n')
}
