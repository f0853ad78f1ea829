#!/usr/bin/env node
// The docs type-check, run by npm test after the build: every ```ts block of README.md and
// docs/*.md (runnable or not) must compile under `strict`, as a user who pastes it gets it, with
// TypeScript 5.9 and the newest release (the "typescript-latest" devDependency). CONTRIBUTING.md
// ("Documentation blocks compile") describes the conventions:
// - a block is a module of its own; a first line `// path/to/file.ts` names the file it is, so
//   other blocks of the same page import it by that path (`import { server } from './server.js'`);
//   blocks naming the same file show versions of it, each checked on its own;
// - ```ts fragment marks a block that is not a whole file (an option, a config excerpt): not checked.
// All blocks are files of one program per TypeScript version (each doc in a folder of its own),
// compiled with the tsconfig docs/node.md recommends (NodeNext, `types: ["node"]`, strict) plus the
// DOM lib docs/node.md adds for browser code. Pages written for bundlers (BUNDLER_PAGES) import
// relative modules without an extension; their specifiers get the `.js` a NodeNext program needs,
// which resolves to the same file. 'mocklib' resolves to the built dist/ through the package's
// self-reference. Also checks that every link between the pages reaches a file and, with a
// `#fragment`, one of its headings. Ends with "docs: N passed, N failed".
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createChecks } from './checks.mjs'
import { compilers, tsc, versionOf } from './typescript-compilers.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const workDir = join(root, 'test-artifacts', 'doc-types')
/** Pages whose set-up is a bundler's (Vite, Metro, codegen output): `moduleResolution: bundler`. */
const BUNDLER_PAGES = new Set(['README.md', 'docs/browser.md', 'docs/react-native.md', 'docs/typed-graphql.md'])
/** What the codegen quick starts generate (`./gql/graphql`), from the repository's generated copy. */
const GENERATED = {
  'gql/graphql.ts': 'test/generated/graphql.ts',
  'gql/schema-types.ts': 'test/generated/schema-types.ts',
}
const FENCE = /^```ts(?:\s+(.*))?$/
const FILE_COMMENT = /^\/\/ ((?:[\w.-]+\/)*[\w.-]+\.(?:ts|mts|cts))(?:[\s:]|$)/
const compilerOptions = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  // vite/client: import.meta.env, which the browser pages' Vite set-ups use.
  types: ['node', 'vite/client'],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  moduleDetection: 'force',
  resolveJsonModule: true,
}
const { report, finish } = createChecks('docs')

/** The checked blocks of one page: { page, line (of the fence), path (in the page's folder), code }. */
function blocksOf(page) {
  const lines = readFileSync(join(root, page), 'utf8').split('\n')
  const blocks = []
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i])
    if (!fence) continue
    const end = lines.indexOf('```', i + 1)
    if (end === -1) throw new Error(`${page}:${i + 1}: a code block is never closed`)
    const code = lines.slice(i + 1, end)
    i = end
    if ((fence[1] ?? '').split(/\s+/).includes('fragment')) continue
    const named = FILE_COMMENT.exec(code[0] ?? '')?.[1]
    blocks.push({ page, line: i - code.length, path: named ?? `block-${i - code.length}.ts`, code: code.join('\n') })
  }
  return blocks
}

/** Gives extensionless relative specifiers the `.js` NodeNext asks for (bundler pages only). */
function withExtensions(code) {
  return code.replace(/((?:from|import)\s*\(?\s*['"])(\.\.?\/[^'"]+?)(['"])/g, (whole, open, path, close) =>
    /\.[cm]?[jt]sx?$|\.json$/.test(path) ? whole : `${open}${path}.js${close}`,
  )
}

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
}

/** Writes every page's blocks into its folder; returns where each written file came from. */
function writeProgram(pages) {
  rmSync(workDir, { recursive: true, force: true })
  const origins = new Map()
  for (const page of pages) {
    const folder = join(workDir, page.replace(/\.md$/, '').replace(/[^\w]+/g, '-'))
    const bundler = BUNDLER_PAGES.has(page)
    for (const block of blocksOf(page)) {
      // A second block naming the same file shows another version of it: a file beside the first.
      let file = join(folder, block.path)
      if (origins.has(file)) file = file.replace(/(\.[cm]?ts)$/, `.${block.line}$1`)
      write(file, bundler ? withExtensions(block.code) : block.code)
      origins.set(file, block)
      if (/from ['"]\.\/gql\//.test(block.code)) {
        for (const [path, source] of Object.entries(GENERATED)) {
          write(join(folder, path), withExtensions(readFileSync(join(root, source), 'utf8')))
        }
      }
    }
  }
  // dist/vite.d.ts refers to `mocklib/vite/client` by package name, which an app finds in its
  // node_modules but this repository does not: the program lists the file itself.
  const files = [relative(workDir, join(root, 'vite/client.d.ts'))]
  write(join(workDir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files, include: ['**/*.ts'] }, null, 2))
  return origins
}

/** Groups tsc's output by page ('(program)' for the rest), each error placed at the page's own line. */
function problemsByPage(output, origins) {
  const problems = new Map()
  const add = (page, line) => problems.set(page, [...(problems.get(page) ?? []), line])
  let page = '(program)'
  for (const line of output.split('\n')) {
    const at = /^(.+?)\((\d+),(\d+)\): (.*)$/.exec(line)
    if (at === null) {
      // A continuation of the error before it (or a message about no file).
      if (line.trim() !== '') add(page, line)
      continue
    }
    const block = origins.get(join(root, at[1]))
    page = block?.page ?? '(program)'
    const place = block ? `${block.page}:${block.line + Number(at[2])}:${at[3]}` : `${at[1]}(${at[2]},${at[3]})`
    add(page, `${place}: ${at[4]}`)
  }
  return problems
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(page) {
  const anchors = new Set()
  const seen = new Map()
  let fenced = false
  for (const line of readFileSync(join(root, page), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

/** Links to other pages of the repository (and their headings) that lead nowhere. */
function brokenLinks(page) {
  const broken = []
  const text = readFileSync(join(root, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '')
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue
    const [path, fragment] = target.split('#')
    const file = path === '' ? page : join(dirname(page), path)
    if (!existsSync(join(root, file))) broken.push(`${target}: there is no ${file}`)
    else if (fragment !== undefined && file.endsWith('.md') && !anchorsOf(file).has(fragment)) {
      broken.push(`${target}: ${file} has no heading with the anchor #${fragment}`)
    }
  }
  return broken
}

if (!existsSync(join(root, 'dist/index.d.ts'))) {
  report('dist/ is built', 'dist/index.d.ts is missing: run npm run build first (npm test does).')
  finish()
}
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]
const origins = writeProgram(pages)
const counts = new Map()
for (const block of origins.values()) counts.set(block.page, (counts.get(block.page) ?? 0) + 1)
for (const compiler of compilers) {
  const version = versionOf(compiler)
  const output = await tsc(compiler, ['-p', join(workDir, 'tsconfig.json'), '--pretty', 'false'])
  const problems = problemsByPage(output ?? '', origins)
  for (const [page, count] of counts) {
    report(`${compiler.name} (${version}): ${page}, ${count} blocks`, problems.get(page)?.join('\n'))
  }
  const elsewhere = problems.get('(program)')
  if (elsewhere) report(`${compiler.name} (${version}): the program`, elsewhere.join('\n'))
}
for (const page of pages) {
  const broken = brokenLinks(page)
  report(`${page}: links reach their pages and headings`, broken.length === 0 ? undefined : broken.join('\n'))
}
if (!process.env.MOCKLIB_KEEP_DOC_TYPES) rmSync(workDir, { recursive: true, force: true })
finish()
