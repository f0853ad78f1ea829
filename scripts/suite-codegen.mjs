#!/usr/bin/env node
// Generated code and type tests (issue 4), run by npm test after the build:
//  1. codegen.ts, run with the built mocklib/codegen plugin (ESM and CommonJS, through the package's
//     exports), regenerates into a temporary directory; every file must equal the committed one.
//  2. The type tests in test/codegen/types compile (tsc --noEmit), against the sources and against dist/.
// Prints one line per check and a final "N passed, N failed"; exits non-zero on failure.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const requireFromRoot = createRequire(join(root, 'package.json'))
let passed = 0
let failed = 0

function report(name, problem) {
  if (problem === undefined) {
    passed++
    console.log(`ok - ${name}`)
  } else {
    failed++
    console.log(`not ok - ${name}\n${String(problem).replace(/^/gm, '    ')}`)
  }
}

async function check(name, fn) {
  try {
    report(name, await fn())
  } catch (error) {
    report(name, error instanceof Error ? error.stack ?? error.message : error)
  }
}

const { generate, loadCodegenConfig } = await import('@graphql-codegen/cli')
const { config } = await loadCodegenConfig({ configFilePath: join(root, 'codegen.ts') })

// The package's own name resolves to dist/ through its exports (a package may import itself).
const loaders = {
  ESM: (name) => (name === 'mocklib/codegen' ? import('mocklib/codegen') : requireFromRoot(name)),
  CommonJS: (name) => requireFromRoot(name),
}

for (const [format, pluginLoader] of Object.entries(loaders)) {
  await check(`codegen.ts with the built plugin (${format}) reproduces the committed files`, async () => {
    const built = format === 'ESM' ? 'dist/codegen.js' : 'dist/codegen.cjs'
    if (!existsSync(join(root, built))) return `${built} is missing: run npm run build first.`
    const outputs = await generate({ ...config, pluginLoader, cwd: root, silent: true }, false)
    const dir = mkdtempSync(join(tmpdir(), 'mocklib-codegen-'))
    try {
      const stale = []
      for (const { filename, content } of outputs) {
        const target = join(dir, filename)
        mkdirSync(dirname(target), { recursive: true })
        writeFileSync(target, content)
        const committedPath = join(root, filename)
        if (!existsSync(committedPath)) stale.push(`${filename} is not committed`)
        else if (readFileSync(committedPath, 'utf8') !== readFileSync(target, 'utf8')) stale.push(`${filename} differs`)
      }
      if (outputs.length === 0) return 'codegen produced no files'
      if (stale.length > 0) return `Generated files are stale (${stale.join('; ')}): run npm run codegen and commit the result.`
      return undefined
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
}

function tsc(project) {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', project], { cwd: root }, (error, stdout, stderr) =>
      resolve(error ? `${stdout}${stderr}`.trim() || String(error) : undefined),
    )
  })
}

await check('type tests (test/codegen/types) compile against the sources', () => tsc('test/codegen/types/tsconfig.json'))
await check('type tests (test/codegen/types) compile against dist/ type declarations', () => {
  if (!existsSync(join(root, 'dist/index.d.ts'))) return 'dist/index.d.ts is missing: run npm run build first.'
  return tsc('test/codegen/types/tsconfig.dist.json')
})

console.log(`\ncodegen: ${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
