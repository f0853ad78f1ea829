// Every code block marked runnable (```ts runnable or ```js runnable) in README.md and docs/*.md
// runs in a Node process of its own against the built package (dist/, through the package's
// self-reference), from the repository root. A block passes when it exits 0. CONTRIBUTING.md
// ("Runnable documentation") describes the marker.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
// Inside the repository and outside node_modules, so that 'mocklib' resolves to the package itself
// (its exports → dist/). Ignored by git (test-artifacts/).
// One folder per process: CI runs the suite on Node 22 and 24 at once in the same checkout.
const workDir = join(root, 'test-artifacts', `runnable-doc-blocks-${process.pid}`)
const RUNNABLE_FENCE = /^```(ts|js) runnable\s*$/

/** Modules a block may import that the docs tell users to generate; served from the repository's copy. */
const GENERATED_MODULES: Record<string, string> = {
  './gql/graphql': 'test/generated/graphql.ts',
}

interface Block {
  file: string
  line: number
  code: string
}

function runnableBlocks(file: string): Block[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n')
  const blocks: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    if (!RUNNABLE_FENCE.test(lines[i]!)) continue
    const end = lines.indexOf('```', i + 1)
    if (end === -1) throw new Error(`${file}:${i + 1}: a runnable block is never closed`)
    blocks.push({ file, line: i + 1, code: lines.slice(i + 1, end).join('\n') })
    i = end
  }
  return blocks
}

function toModule(code: string): string {
  const { outputText } = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  })
  // Node's ES module loader needs the file extension the generated copies are written with.
  return outputText.replace(/(from\s+['"])(\.\/[^'"]+)(['"])/g, (whole, open: string, path: string, close: string) =>
    path in GENERATED_MODULES ? `${open}${path}.mjs${close}` : whole,
  )
}

/** How long a block may run (a hang guard): a Node process each, several at once on a loaded machine. */
const RUN_TIMEOUT_MS = 60_000

function run(file: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file], { cwd: root, timeout: RUN_TIMEOUT_MS }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      resolve({ code, output: `${stdout}${stderr}` })
    })
  })
}

const docFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]
const blocks = docFiles.flatMap(runnableBlocks)

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'index.js'))) {
    throw new Error('test/docs runs the documentation against dist/: run `npm run build` first (npm test does).')
  }
  rmSync(workDir, { recursive: true, force: true })
  mkdirSync(join(workDir, 'gql'), { recursive: true })
  for (const [specifier, source] of Object.entries(GENERATED_MODULES)) {
    writeFileSync(join(workDir, `${specifier}.mjs`), toModule(readFileSync(join(root, source), 'utf8')))
  }
})
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

describe('runnable documentation blocks', () => {
  test('the README quick starts are marked runnable', () => {
    expect(runnableBlocks('README.md').length).toBeGreaterThanOrEqual(3)
  })

  test.concurrent.each(blocks.map((block) => [`${block.file}:${block.line}`, block] as const))(
    '%s runs',
    async (name, block) => {
      const file = join(workDir, `${name.replace(/[^\w]+/g, '-')}.mjs`)
      writeFileSync(file, toModule(block.code))
      const { code, output } = await run(file)
      expect(code, `${name} (${relative(root, file)}) exited ${code}:\n${output}`).toBe(0)
    },
    RUN_TIMEOUT_MS + 5_000,
  ) // past the process timeout, so its output is what a hang reports
})
