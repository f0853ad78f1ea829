#!/usr/bin/env node
// The packaging suite: mocklib as published (npm pack of dist/, unpacked into throwaway
// projects), loaded from ESM, CommonJS, node:test, Jest (node and jsdom environments) and
// vitest; REST-only without graphql present; installed alone by `npm install <tarball>` with
// GraphQL handlers working; and type-checked by tsc in node16 and bundler modes.
// Run after the build (npm test builds first). Ends with "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createConsumer, createWorkDir, installAlone, pack, removeWorkDir, repoRoot } from '../test/packaging/consumer.mjs'
import { createSuite } from '../test/packaging/suite-runner.mjs'

const bin = (path) => join(repoRoot, 'node_modules', path)
const { record, run, script, jsonReport, finish } = createSuite({ name: 'suite-packaging' })

async function nodeTest(name, cwd, file) {
  console.log(`\n--- ${name}`)
  const { code, output } = await run(['--test', '--test-reporter=tap', file], cwd)
  const count = (label) => Number(new RegExp(`^# ${label} (\\d+)`, 'm').exec(output)?.[1] ?? 0)
  let failed = count('fail') + count('cancelled')
  if (code !== 0 && failed === 0) failed = 1
  record(name, count('pass'), failed, `exit ${code}`)
}

/** tsc on a project; `expectFiles` must all appear among the files it loaded. */
async function typecheck(name, cwd, project, expectFiles) {
  console.log(`\n--- ${name}`)
  // --listFiles shows which declaration files each resolution mode picked; only errors are echoed.
  const { code, output } = await run([bin('typescript/bin/tsc'), '-p', project, '--listFiles'], cwd, { echo: false })
  for (const line of output.split('\n')) if (line !== '' && !line.startsWith('/')) console.log(`    ${line}`)
  const missing = expectFiles.filter((file) => !output.split('\n').some((line) => line.trim().endsWith(file)))
  if (missing.length > 0) console.log(`    expected tsc to load: ${missing.join(', ')}`)
  const errors = output.split('\n').filter((line) => /error TS\d+/.test(line)).length
  record(name, code === 0 && missing.length === 0 ? 1 : 0, code === 0 && missing.length === 0 ? 0 : 1, `${errors} type errors`)
}

/** The published shape: every export target is in the tarball, and nothing else leaks in. */
function checkShape(files) {
  console.log('\n--- published shape')
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'))
  const problems = []
  const targets = []
  const walk = (value) => {
    if (typeof value === 'string') targets.push(value.replace(/^\.\//, ''))
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(pkg.exports)
  for (const target of targets) if (!files.includes(target)) problems.push(`exports target ${target} is not in the package`)
  const entries = Object.keys(pkg.exports).filter((entry) => typeof pkg.exports[entry] === 'object')
  for (const required of ['.', './node', './browser']) if (!entries.includes(required)) problems.push(`"${required}" is not exported`)
  for (const entry of entries) {
    const conditions = pkg.exports[entry]
    for (const mode of ['import', 'require']) {
      if (typeof conditions?.[mode]?.types !== 'string') problems.push(`exports["${entry}"].${mode} has no "types"`)
      else if (Object.keys(conditions[mode])[0] !== 'types') problems.push(`exports["${entry}"].${mode}: "types" must come first`)
    }
  }
  if (pkg.exports['./package.json'] !== './package.json') problems.push('"./package.json" is not exported')
  if (pkg.sideEffects !== false) problems.push('"sideEffects" is not false')
  if (pkg.engines?.node !== '>=20.19') problems.push('"engines.node" is not ">=20.19"')
  const stray = files.filter((file) => /^(src|test|scripts|examples|bench)\//.test(file))
  if (stray.length > 0) problems.push(`files that should not ship: ${stray.slice(0, 5).join(', ')}`)
  for (const problem of problems) console.log(`    ${problem}`)
  record('published shape', problems.length === 0 ? 1 : 0, problems.length === 0 ? 0 : 1)
}

/** `npm run demo`'s program, against the built package: it must exit 0 and finish. */
async function demo() {
  console.log('\n--- demo (examples/demo)')
  const { code, output } = await run(['examples/demo/main.mjs'], repoRoot, { echo: false })
  const ok = code === 0 && /^Done: /m.test(output) && output.includes('(mocked)')
  if (!ok) console.log(output.replace(/^(?=.)/gm, '    '))
  record('demo runs and exits 0', ok ? 1 : 0, ok ? 0 : 1, `exit ${code}`)
}

if (!existsSync(join(repoRoot, 'dist/index.js'))) {
  console.log('dist/ is missing: run `npm run build` first (npm test does).')
  console.log('0 passed, 1 failed')
  process.exit(1)
}

const workDir = createWorkDir()
try {
  const { tarball, files } = pack(workDir)
  checkShape(files)

  const tools = ['jest', 'jest-environment-jsdom', 'vitest', 'typescript', '@types/node', 'axios', 'graphql']
  const project = createConsumer(workDir, 'project', tarball, tools)
  // graphql is a dependency, but REST-only use must never load it: this project lacks it.
  const bare = createConsumer(workDir, 'bare', tarball, [], { without: ['graphql'] })
  const alone = installAlone(workDir, 'alone', tarball)

  await script('ESM (import)', project, 'esm/esm.mjs')
  await script('CommonJS (require)', project, 'cjs/cjs.cjs')
  await script('without graphql, ESM', bare, 'no-graphql/rest-only.mjs')
  await script('without graphql, CommonJS', bare, 'no-graphql/rest-only.cjs')
  await script('npm install <tarball> alone: GraphQL and REST, ESM', alone, 'install-alone/graphql.mjs')
  await script('npm install <tarball> alone: GraphQL, CommonJS', alone, 'install-alone/graphql.cjs')
  await nodeTest('node:test', project, 'node-test/posts.test.mjs')
  const jestReport = join(workDir, 'jest.json')
  await jsonReport(
    'Jest (node and jsdom environments)',
    join(project, 'jest'),
    [bin('jest/bin/jest.js'), '--ci', '--no-watchman', '--config', 'jest.config.cjs', '--json', `--outputFile=${jestReport}`],
    jestReport,
  )
  const vitestReport = join(workDir, 'vitest.json')
  await jsonReport(
    'vitest (node and jsdom environments)',
    join(project, 'vitest'),
    [bin('vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    vitestReport,
  )
  await typecheck('types: node16 (ESM .mts and CommonJS .cts)', join(project, 'types'), 'tsconfig.node16.json', [
    'node_modules/mocklib/dist/index.d.ts',
    'node_modules/mocklib/dist/index.d.cts',
    'node_modules/mocklib/dist/node.d.ts',
    'node_modules/mocklib/dist/node.d.cts',
  ])
  await typecheck('types: bundler', join(project, 'types'), 'tsconfig.bundler.json', [
    'node_modules/mocklib/dist/index.d.ts',
    'node_modules/mocklib/dist/browser.d.ts',
  ])
  await demo()
} catch (error) {
  console.log(String(error?.stack ?? error))
  record('packaging set-up', 0, 1)
} finally {
  if (process.env.MOCKLIB_KEEP_PACKAGING) console.log(`kept ${workDir}`)
  else removeWorkDir(workDir)
}

finish()
