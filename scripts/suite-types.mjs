#!/usr/bin/env node
// The type suite, run by npm test after the build: the sources, every test file and the type
// tests (test/*/types: right uses compile, each wrong one is an error its @ts-expect-error
// expects) under TypeScript 5.9 (the repository's) and the newest release (the
// "typescript-latest" devDependency, 7.x: what a new user installs). The type tests are checked
// against the sources and against the built dist/*.d.ts, and every name the published
// declarations refer to must be importable (scripts/dts-unexported.mjs). Ends with
// "types: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createChecks } from './checks.mjs'
import { entryDeclarations, unexportedReferences } from './dts-unexported.mjs'
import { compilers, tsc, versionOf } from './typescript-compilers.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const projects = [
  { name: 'sources (tsconfig.json)', project: 'tsconfig.json' },
  { name: 'tests and type tests against the sources (test/tsconfig.json)', project: 'test/tsconfig.json' },
  {
    name: 'type tests against dist/*.d.ts (test/tsconfig.dist.json)',
    project: 'test/tsconfig.dist.json',
    needsBuild: true,
  },
]
const { report, finish } = createChecks('types')

for (const compiler of compilers) {
  if (!existsSync(join(root, compiler.bin))) {
    report(`${compiler.name}: installed`, `${compiler.bin} is missing: run npm install.`)
    continue
  }
  const label = `${compiler.name} (${versionOf(compiler)})`
  // One project at a time: the machine may be shared, and each run uses a core or more.
  for (const { name, project, needsBuild } of projects) {
    if (needsBuild && !existsSync(join(root, 'dist/index.d.ts'))) {
      report(`${label}: ${name}`, 'dist/index.d.ts is missing: run npm run build first (npm test does).')
      continue
    }
    report(`${label}: ${name}`, await tsc(compiler, ['--noEmit', '-p', project]))
  }
}

if (existsSync(join(root, 'dist/index.d.ts'))) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const names = unexportedReferences(entryDeclarations(pkg, root), join(root, 'dist'))
  report(
    'every name dist/*.d.ts refers to is exported by an entry point',
    names.length === 0
      ? undefined
      : `Export these (or keep them out of the public declarations with @internal):\n${names.join('\n')}`,
  )
}

finish()
