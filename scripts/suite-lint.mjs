#!/usr/bin/env node
// The lint check (run by npm test): ESLint with eslint.config.mjs over src/, the project's own
// rules among them (scripts/lint/rules.mjs). Prints one line per rule, the places that break it,
// and "N passed, N failed".
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { createChecks } from './checks.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const eslint = new ESLint({ cwd: root })
const reports = await eslint.lintFiles(['src'])
const config = await eslint.calculateConfigForFile(resolve(root, 'src/index.ts'))
const checked = Object.entries(config.rules ?? {})
  .filter(([, setting]) => (Array.isArray(setting) ? setting[0] : setting) !== 0 && setting !== 'off')
  .map(([rule]) => rule)
  .sort()

// Messages without a rule: a file that does not parse, an eslint-disable that disables nothing.
const UNRULED = 'no file fails to parse, no eslint-disable comment disables nothing'
const problems = new Map([...checked, UNRULED].map((rule) => [rule, []]))
for (const report of reports) {
  for (const message of report.messages) {
    const rule = message.ruleId ?? UNRULED
    if (!problems.has(rule)) problems.set(rule, [])
    problems.get(rule).push(`${relative(root, report.filePath)}:${message.line}:${message.column} ${message.message}`)
  }
}

const { report, finish } = createChecks('lint')
for (const [rule, found] of problems) report(rule, found.length === 0 ? undefined : found.join('\n'))
console.log(`${reports.length} files linted`)
finish()
