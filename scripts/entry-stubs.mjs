#!/usr/bin/env node
// The resolution stub folders: for each subpath entry of package.json "exports" (`mocklib/node`,
// `mocklib/core/http`, ...), a folder of that name with a package.json (main, module, types)
// and an index.d.cts, for what does not read "exports": TypeScript's moduleResolution node10
// and older bundlers and test runners. TypeScript 4.8 to 5.3 are sent to dist/ts4.8/ by the
// stub's typesVersions (see scripts/build-legacy-types.mjs).
// `node scripts/entry-stubs.mjs` rewrites them after an entry is added; the packaging suite
// checks that the committed ones match and ship (package.json "files").
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Every stub file of the package: path (from the package root) → content. */
export function entryStubFiles(pkg) {
  const files = new Map()
  for (const [entry, conditions] of Object.entries(pkg.exports)) {
    // Types-only entries (mocklib/vite/client) are files of their own, not stubs.
    if (entry === '.' || typeof conditions !== 'object' || conditions.require === undefined) continue
    const dir = entry.slice(2)
    const up = (path) => '../'.repeat(dir.split('/').length) + path.replace(/^\.\//, '')
    const stub = {
      main: up(conditions.require.default),
      module: up(conditions.import.default),
      types: './index.d.cts',
      typesVersions: { '<5.4': { 'index.d.cts': [up(conditions.require['types@<5.4'])] } },
    }
    files.set(`${dir}/package.json`, `${JSON.stringify(stub, null, 2)}\n`)
    files.set(
      `${dir}/index.d.cts`,
      `// \`mocklib/${dir}\` for compilers that do not read package.json "exports" (moduleResolution node10).\n` +
        `export * from '${up(conditions.require.default)}'\n`,
    )
  }
  return files
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  for (const [path, content] of entryStubFiles(pkg)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  console.log(
    `stub folders written: ${[...entryStubFiles(pkg).keys()].filter((p) => p.endsWith('package.json')).join(', ')}`,
  )
}
