#!/usr/bin/env node
// Generated code, run by npm test after the build: codegen.ts, run with the built
// mocklib/codegen plugin (ESM and CommonJS, through the package's exports), regenerates into a
// temporary directory; every file must equal the committed one. The type tests that use the
// generated code (test/codegen/types) run in scripts/suite-types.mjs.
// Prints one line per check and a final "N passed, N failed"; exits non-zero on failure.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createChecks } from './checks.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const requireFromRoot = createRequire(join(root, 'package.json'))
const { check, finish } = createChecks('codegen')

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
      if (stale.length > 0)
        return `Generated files are stale (${stale.join('; ')}): run npm run codegen and commit the result.`
      return undefined
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
}

finish()
