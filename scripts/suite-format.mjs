#!/usr/bin/env node
// The format check (run by npm test): every file Prettier covers (.prettierrc.json, .prettierignore)
// is as `npm run format` writes it. Prints the files that differ and "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createChecks } from './checks.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const prettier = resolve(root, 'node_modules/prettier/bin/prettier.cjs')
const result = spawnSync(process.execPath, [prettier, '--list-different', '**/*.{ts,mts,cts,tsx,js,mjs,cjs,json}'], {
  cwd: root,
  encoding: 'utf8',
})
// --list-different exits 1 when a file differs, 2 when Prettier itself failed.
const differing = result.stdout.split('\n').filter(Boolean)
const broken = result.status === 2 || result.error !== undefined
const { report, finish } = createChecks('format')
if (broken) report('prettier ran', result.error?.message ?? result.stderr.trim())
else report('every file is formatted (`npm run format` rewrites the others)', differing.join('\n') || undefined)
finish()
