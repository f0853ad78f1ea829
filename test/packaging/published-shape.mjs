// What the packaging suite checks of package.json and the packed file list: every export
// target ships, each entry has its TypeScript < 5.4 types and a resolution stub folder for
// tools that ignore "exports" (scripts/entry-stubs.mjs), and nothing that should stay in the
// repository leaks in.
import { existsSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join } from 'node:path'
import { entryStubFiles } from '../../scripts/entry-stubs.mjs'

const CONDITION_KEYS = ['types@<5.4', 'types', 'default']
/** MSW 3's `msw/utils/*` entries. */
const UTILS = ['delay', 'bypass', 'passthrough', 'get-response', 'get-clean-url-string', 'is-common-asset-request']
const read = (root, file) => readFileSync(join(root, file), 'utf8')
const strip = (path) => path.replace(/^\.\//, '')

function exportTargets(pkg) {
  const targets = []
  const walk = (value) => {
    if (typeof value === 'string') targets.push(strip(value))
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(pkg.exports)
  return targets
}

/** Each entry's import and require conditions: old-TypeScript types, types, then the code. */
function conditionProblems(entry, conditions) {
  const problems = []
  for (const mode of ['import', 'require']) {
    const keys = Object.keys(conditions?.[mode] ?? {})
    if (keys.join() !== CONDITION_KEYS.join()) {
      problems.push(
        `exports["${entry}"].${mode} must have the keys ${CONDITION_KEYS.join(', ')} in that order, has ${keys.join(', ')}`,
      )
      continue
    }
    const { types, default: code } = conditions[mode]
    const legacy = types.replace('./dist/', './dist/ts4.8/')
    if (conditions[mode]['types@<5.4'] !== legacy)
      problems.push(`exports["${entry}"].${mode}["types@<5.4"] should be ${legacy}`)
    if (types.replace(/\.d\.(c?)ts$/, '.$1js') !== code)
      problems.push(`exports["${entry}"].${mode}: types ${types} do not match ${code}`)
  }
  return problems
}

/** The stub folders (scripts/entry-stubs.mjs): committed as the script writes them, and shipped. */
function stubProblems(root, files, pkg) {
  const problems = []
  for (const [path, content] of entryStubFiles(pkg)) {
    if (!files.includes(path)) problems.push(`${path} is not in the package`)
    else if (read(root, path) !== content) problems.push(`${path} is out of date: run node scripts/entry-stubs.mjs`)
  }
  return problems
}

/** The package root for tools that ignore "exports". */
function rootProblems(pkg) {
  const { import: esm, require: cjs } = pkg.exports['.']
  const problems = []
  if (pkg.main !== cjs.default || pkg.module !== esm.default || pkg.types !== cjs.types) {
    problems.push(`"main", "module" and "types" should be ${cjs.default}, ${esm.default} and ${cjs.types}`)
  }
  const mapped = pkg.typesVersions?.['<5.4']?.[strip(cjs.types)]
  if (JSON.stringify(mapped) !== JSON.stringify([strip(cjs['types@<5.4'])])) {
    problems.push(`typesVersions["<5.4"]["${strip(cjs.types)}"] should be ["${strip(cjs['types@<5.4'])}"]`)
  }
  // An optional peer is still checked when installed: a version range there fails installs.
  if (pkg.peerDependencies?.typescript !== undefined) problems.push('"typescript" must not be a peer dependency')
  return problems
}

/** The files `file` loads at any depth of its own chunks, and the package names they import. */
function reachable(root, file) {
  const files = new Set()
  const packages = new Set()
  const walk = (path) => {
    if (files.has(path)) return
    files.add(path)
    for (const match of read(root, path).matchAll(
      /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g,
    )) {
      const specifier = match[1]
      if (specifier.startsWith('.')) walk(join(dirname(path), specifier))
      else packages.add(specifier)
    }
  }
  walk(file)
  return { files, packages }
}

/**
 * A page and a React Native app have no Node modules: nothing `file` imports, at any depth of
 * its own chunks, may be one (Metro and browser bundlers fail on the import itself).
 */
function builtinImportProblems(root, entry, file) {
  const builtins = [...reachable(root, file).packages].filter(
    (name) => name.startsWith('node:') || builtinModules.includes(name),
  )
  return builtins.length === 0
    ? []
    : [`"${entry}" imports Node built-ins (${builtins.join(', ')}): it must load without them`]
}

/**
 * MSW 3's entries load no more than they need: the source modules an entry's chunks hold (read
 * from their source maps) include none of another handler kind's, nor the request pipeline
 * where the entry does not resolve requests.
 */
const HANDLER_KINDS = ['rest', 'graphql', 'ws', 'sse', 'subscriptions']
const kindsBut = (...kept) => HANDLER_KINDS.filter((kind) => !kept.includes(kind)).map((kind) => `src/${kind}/`)
const PIPELINE = 'src/runtime/resolve-request.ts'
const HANDLER = 'src/runtime/request-handler.ts'
const ENTRY_LOADS = {
  './http': [...kindsBut('rest'), PIPELINE],
  './ws': [...kindsBut('rest', 'ws'), PIPELINE],
  './sse': [...kindsBut('rest', 'sse'), PIPELINE],
  './experimental': kindsBut(),
  './utils/delay': [...kindsBut(), HANDLER],
  './utils/bypass': [...kindsBut(), HANDLER],
  './utils/passthrough': [...kindsBut(), HANDLER],
  './utils/is-common-asset-request': [...kindsBut(), HANDLER],
  './utils/get-clean-url-string': [...kindsBut('rest'), 'src/rest/path-pattern.ts', HANDLER],
  './utils/get-response': kindsBut(),
  // The matchers read handlers' calls: no handler kind, no pipeline, and no test runner (its expect is global).
  './vitest': [...kindsBut(), PIPELINE],
  './jest': [...kindsBut(), PIPELINE],
}

function entryLoadProblems(root, pkg) {
  const problems = []
  for (const [entry, forbidden] of Object.entries(ENTRY_LOADS)) {
    for (const mode of ['import', 'require']) {
      const sources = new Set()
      for (const file of reachable(root, strip(pkg.exports[entry][mode].default)).files) {
        // A file without a map holds no module of its own (an entry that only re-exports).
        if (!existsSync(join(root, `${file}.map`))) continue
        for (const source of JSON.parse(read(root, `${file}.map`)).sources)
          sources.add(source.replace(/^(\.\.\/)+/, ''))
      }
      const loaded = [...sources].filter((source) => forbidden.some((prefix) => source.startsWith(prefix)))
      if (loaded.length > 0)
        problems.push(`"${entry}" (${mode}) loads modules it does not need: ${loaded.slice(0, 4).join(', ')}`)
    }
  }
  return problems
}

/** Problems with the package at `root`, whose packed file list is `files`; empty when none. */
export function publishedShapeProblems(root, files) {
  const pkg = JSON.parse(read(root, 'package.json'))
  const problems = []
  for (const target of exportTargets(pkg))
    if (!files.includes(target)) problems.push(`exports target ${target} is not in the package`)
  // Types-only entries (mocklib/vite/client: the declarations of the Vite plugin's virtual module).
  const typesOnly = Object.keys(pkg.exports).filter((entry) => Object.keys(pkg.exports[entry]).join() === 'types')
  const entries = Object.keys(pkg.exports).filter(
    (entry) => typeof pkg.exports[entry] === 'object' && !typesOnly.includes(entry),
  )
  const msw3 = ['http', 'graphql', 'ws', 'sse', 'experimental', 'utils', ...UTILS.map((name) => `utils/${name}`)].map(
    (name) => `./${name}`,
  )
  for (const required of [
    '.',
    './node',
    './browser',
    './native',
    './schema',
    './codegen',
    './record',
    './openapi',
    './remote',
    './playwright',
    './vitest',
    './jest',
    './core/http',
    './core/graphql',
    './core/ws',
    './vite',
    ...msw3,
  ]) {
    if (!entries.includes(required)) problems.push(`"${required}" is not exported`)
  }
  for (const entry of entries) problems.push(...conditionProblems(entry, pkg.exports[entry]))
  if (pkg.exports['./vite/client']?.types !== './vite/client.d.ts')
    problems.push('"./vite/client" does not export the types of ./vite/client.d.ts')
  // The rest reads the conditions' targets: only once they are well formed.
  if (problems.length > 0) return problems
  problems.push(...stubProblems(root, files, pkg), ...rootProblems(pkg), ...entryLoadProblems(root, pkg))
  for (const entry of ['./browser', './native']) {
    for (const mode of ['import', 'require'])
      problems.push(...builtinImportProblems(root, entry, strip(pkg.exports[entry][mode].default)))
  }
  if (pkg.exports['./mockServiceWorker.js'] !== './dist/mockServiceWorker.js')
    problems.push('"./mockServiceWorker.js" is not exported')
  if (pkg.exports['./package.json'] !== './package.json') problems.push('"./package.json" is not exported')
  // Only mocklib/remote (it starts the app process's server) and the matcher entries (they register
  // on the test runner's expect) run code when loaded.
  const sideEffects = JSON.stringify(pkg.sideEffects)
  const withEffects = ['remote', 'vitest', 'jest'].flatMap((name) => [`./dist/${name}.js`, `./dist/${name}.cjs`])
  if (sideEffects !== JSON.stringify(withEffects))
    problems.push(`"sideEffects" is ${sideEffects}, not the files of mocklib/remote, /vitest and /jest alone`)
  if (pkg.engines?.node !== '>=20.19') problems.push('"engines.node" is not ">=20.19"')
  // dist/, bin/, the stub folders' files, and what npm always adds: nothing from the repository's
  // own folders (schema/ also holds the development GraphQL schema).
  const allowed = new Set([
    'package.json',
    'README.md',
    'LICENSE',
    ...entryStubFiles(pkg).keys(),
    ...typesOnly.map((entry) => strip(pkg.exports[entry].types)),
  ])
  const stray = files.filter((file) => !/^(dist|bin)\//.test(file) && !allowed.has(file))
  if (stray.length > 0) problems.push(`files that should not ship: ${stray.slice(0, 5).join(', ')}`)
  return problems
}
