#!/usr/bin/env node
// Re-renders the table and the chart from a results file, without running anything:
//   node bench/render.mjs [bench/results/latest.json]
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { renderChart, renderTable } from './lib/report.mjs'

const file = process.argv[2] ?? new URL('./results/latest.json', import.meta.url).pathname
const results = JSON.parse(readFileSync(file, 'utf8'))
const chart = join(dirname(file), file.endsWith('latest.json') ? 'chart.svg' : 'chart.partial.svg')
writeFileSync(chart, renderChart(results))
process.stdout.write(renderTable(results) + '\n')
