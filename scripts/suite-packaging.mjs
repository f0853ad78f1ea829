#!/usr/bin/env node
// The packaging suite: mocklib as published (npm pack of dist/, unpacked into throwaway
// projects), loaded from ESM, CommonJS, node:test, Jest (node and jsdom environments) and
// vitest; REST-only without graphql present; installed alone by `npm install <tarball>` with
// GraphQL handlers working; and type-checked by tsc: the API in node16 and bundler modes, every
// entry under node10, node16, nodenext and bundler, also with TypeScript 4.8, and with lib
// ES2018 + DOM (skipLibCheck off) on TypeScript 4.8, 5.9 and the newest; installed beside
// @graphql-tools/executor 1.
// Run after the build (npm test builds first). Ends with "N passed, N failed".
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  createConsumer,
  createWorkDir,
  installAlone,
  npmCli,
  pack,
  removeWorkDir,
  repoRoot,
} from '../test/packaging/consumer.mjs'
import { publishedShapeProblems } from '../test/packaging/published-shape.mjs'
import { createSuite } from '../test/packaging/suite-runner.mjs'
import {
  installOldestTypeScript,
  MODERN_RUNS,
  OLD_LIB_RUN,
  OLDEST_RUNS,
  OLDEST_TYPESCRIPT,
  writeRunConfig,
} from '../test/packaging/type-modes.mjs'
import { compilers } from './typescript-compilers.mjs'

const bin = (path) => join(repoRoot, 'node_modules', path)
const { record, run, script, jsonReport, finish } = createSuite({ name: 'suite-packaging' })
// tsc's verdict does not depend on the Node that runs it: .ci/run type-checks once, on its first Node,
// and sets MOCKLIB_PACKAGING_TYPES=skip for the others (their runs load the package, which does).
const typeChecks = process.env.MOCKLIB_PACKAGING_TYPES !== 'skip'

async function nodeTest(name, cwd, file) {
  console.log(`\n--- ${name}`)
  const { code, output } = await run(['--test', '--test-reporter=tap', file], cwd)
  const count = (label) => Number(new RegExp(`^# ${label} (\\d+)`, 'm').exec(output)?.[1] ?? 0)
  let failed = count('fail') + count('cancelled')
  if (code !== 0 && failed === 0) failed = 1
  record(name, count('pass'), failed, `exit ${code}`)
}

/**
 * tsc on a project; `expectFiles` must all appear among the files it loaded, and none may match
 * `forbid`. `command` defaults to the repository's tsc; it prints what `tsc --listFiles` does.
 * With `ownErrorsOnly`, errors in other packages' declarations do not count (their support of
 * old libs and compilers is theirs to answer for, as in check-declarations.cjs).
 */
async function typecheck(name, cwd, project, expectFiles, { command, forbid, ownErrorsOnly = false } = {}) {
  console.log(`\n--- ${name}`)
  // --listFiles shows which declaration files each resolution mode picked; only errors are echoed.
  const args = command ?? [bin('typescript/bin/tsc'), '-p', project, '--listFiles']
  const { code, output } = await run(args, cwd, { echo: false })
  const lines = output.split('\n')
  for (const line of lines) if (line !== '' && !line.startsWith('/')) console.log(`    ${line}`)
  const missing = expectFiles.filter((file) => !lines.some((line) => line.trim().endsWith(file)))
  if (missing.length > 0) console.log(`    expected tsc to load: ${missing.join(', ')}`)
  const unwanted = forbid ? lines.filter((line) => forbid.test(line.trim())) : []
  if (unwanted.length > 0) console.log(`    tsc should not have loaded: ${unwanted.join(', ')}`)
  const errorLines = lines.filter((line) => /error TS\d+/.test(line))
  const own = errorLines.filter((line) => !line.includes('node_modules/') || line.includes('node_modules/mocklib/'))
  const errors = ownErrorsOnly ? own.length : errorLines.length
  const ok = (ownErrorsOnly ? own.length === 0 : code === 0) && missing.length === 0 && unwanted.length === 0
  record(name, ok ? 1 : 0, ok ? 0 : 1, `${errors} type errors`)
}

/**
 * Every entry under every moduleResolution mode, with this TypeScript and the oldest supported,
 * which is installed into `installed` (a project where npm installed the tarball).
 */
async function resolutionModes(installed, typesDir) {
  for (const config of MODERN_RUNS) {
    const project = writeRunConfig(typesDir, config, 'latest')
    await typecheck(`types: every entry, moduleResolution ${config.label}`, typesDir, project, config.expect)
  }
  const oldLib = writeRunConfig(typesDir, OLD_LIB_RUN, 'latest')
  for (const compiler of compilers) {
    const command = [join(repoRoot, compiler.bin), '-p', oldLib, '--listFiles', '--pretty', 'false']
    const name = `types: ${compiler.name}, every entry, moduleResolution ${OLD_LIB_RUN.label}`
    await typecheck(name, typesDir, oldLib, OLD_LIB_RUN.expect, { command, ownErrorsOnly: true })
  }
  const step = `npm install typescript@${OLDEST_TYPESCRIPT} next to mocklib`
  console.log(`\n--- ${step}`)
  let typescript
  try {
    typescript = installOldestTypeScript(installed)
    record(step, 1, 0)
  } catch (error) {
    console.log(String(error.message).replace(/^(?=.)/gm, '    '))
    return record(step, 0, 1)
  }
  // Only the TypeScript < 5.4 declaration set may be loaded: the current one does not compile there.
  const forbid = /node_modules\/mocklib\/dist\/[^/]+\.d\.c?ts$/
  for (const config of OLDEST_RUNS) {
    const project = writeRunConfig(typesDir, config, OLDEST_TYPESCRIPT)
    const name = `types: TypeScript ${OLDEST_TYPESCRIPT}, every entry, moduleResolution ${config.label}`
    const command = config.checkDeclarations
      ? [join(repoRoot, 'test/packaging/check-declarations.cjs'), typescript, project]
      : [join(typescript, 'bin/tsc'), '-p', project, '--listFiles']
    await typecheck(name, typesDir, project, config.expect, { command, forbid })
  }
}

/**
 * `npm install <tarball>` in a project on graphql 16 that depends on @graphql-tools/executor 1
 * (mocklib's optional peer range takes ^1 || ^2; ^2 alone failed it with ERESOLVE), then
 * @defer/@stream through that executor.
 */
async function besideExecutorV1(workDir, tarball) {
  const step = 'npm install <tarball> beside @graphql-tools/executor 1'
  console.log(`\n--- ${step}`)
  let dir
  try {
    dir = installAlone(workDir, 'executor-v1', tarball, {
      graphql: '^16.8.0',
      '@graphql-tools/executor': '^1',
      '@graphql-tools/schema': '^10',
      '@graphql-tools/mock': '^9.1',
    })
    record(step, 1, 0)
  } catch (error) {
    console.log(String(error.message).replace(/^(?=.)/gm, '    '))
    return record(step, 0, 1)
  }
  await script('@defer and @stream through @graphql-tools/executor 1', dir, 'install-alone/executor-v1.mjs')
}

/**
 * The postinstall script as the package manager runs it: `npm rebuild mocklib` in a project
 * whose package.json lists "mocklib.workerDirectory" writes the installed worker script there.
 */
async function postinstallRefresh(installed) {
  const step = 'postinstall refreshes the worker script of "mocklib.workerDirectory" (npm rebuild)'
  console.log(`\n--- ${step}`)
  const manifestPath = join(installed, 'package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  writeFileSync(manifestPath, JSON.stringify({ ...manifest, mocklib: { workerDirectory: ['public'] } }, null, 2))
  const { code } = await run([npmCli(), 'rebuild', 'mocklib', '--foreground-scripts'], installed)
  const written = join(installed, 'public/mockServiceWorker.js')
  const expected = readFileSync(join(repoRoot, 'dist/mockServiceWorker.js'), 'utf8')
  const ok = code === 0 && existsSync(written) && readFileSync(written, 'utf8') === expected
  record(step, ok ? 1 : 0, ok ? 0 : 1, `exit ${code}${existsSync(written) ? '' : ', no public/mockServiceWorker.js'}`)
}

/** The published shape (see test/packaging/published-shape.mjs). */
function checkShape(files) {
  console.log('\n--- published shape')
  const problems = publishedShapeProblems(repoRoot, files)
  for (const problem of problems) console.log(`    ${problem}`)
  record('published shape', problems.length === 0 ? 1 : 0, problems.length === 0 ? 0 : 1)
}

/**
 * `npm run demo`'s program (with its --experimental-websocket flag, which Node 22+ accept too),
 * against the built package: it must exit 0, finish, and run its WebSocket part.
 */
async function demo() {
  console.log('\n--- demo (examples/demo)')
  const { code, output } = await run(['--experimental-websocket', 'examples/demo/main.mjs'], repoRoot, { echo: false })
  const ok =
    code === 0 &&
    /^Done: /m.test(output) &&
    output.includes('(mocked)') &&
    output.includes('both left (closed with 1000')
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

  const tools = [
    'jest',
    'jest-environment-jsdom',
    'vitest',
    'typescript',
    '@types/node',
    'axios',
    'graphql',
    '@graphql-tools/mock',
    '@graphql-tools/schema',
    'ws',
    'graphql-ws',
    'socket.io-client',
  ]
  const project = createConsumer(workDir, 'project', tarball, tools)
  // graphql is a dependency, but REST-only use must never load it: this project lacks it.
  const bare = createConsumer(workDir, 'bare', tarball, [], { without: ['graphql'] })
  const alone = installAlone(workDir, 'alone', tarball)

  await script('ESM (import)', project, 'esm/esm.mjs')
  await script('CommonJS (require)', project, 'cjs/cjs.cjs')
  await script('handlers across the ESM and CommonJS builds', project, 'esm/dual-package.mjs')
  await script('without graphql, ESM', bare, 'no-graphql/rest-only.mjs')
  await script('without graphql, CommonJS', bare, 'no-graphql/rest-only.cjs')
  await script('npm install <tarball> alone: GraphQL and REST, ESM', alone, 'install-alone/graphql.mjs')
  await script('npm install <tarball> alone: GraphQL, CommonJS', alone, 'install-alone/graphql.cjs')
  await nodeTest('node:test', project, 'node-test/posts.test.mjs')
  const jestReport = join(workDir, 'jest.json')
  await jsonReport(
    'Jest (node and jsdom environments)',
    join(project, 'jest'),
    [
      bin('jest/bin/jest.js'),
      '--ci',
      '--no-watchman',
      '--config',
      'jest.config.cjs',
      '--json',
      `--outputFile=${jestReport}`,
    ],
    jestReport,
  )
  const vitestReport = join(workDir, 'vitest.json')
  await jsonReport(
    'vitest (node and jsdom environments)',
    join(project, 'vitest'),
    [bin('vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    vitestReport,
  )
  if (typeChecks) {
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
  } else console.log('\n--- types: checked on the first Node only (MOCKLIB_PACKAGING_TYPES=skip)')
  await besideExecutorV1(workDir, tarball)
  if (typeChecks) await resolutionModes(alone, join(project, 'types'))
  await postinstallRefresh(alone)
  await demo()
} catch (error) {
  console.log(String(error?.stack ?? error))
  record('packaging set-up', 0, 1)
} finally {
  if (process.env.MOCKLIB_KEEP_PACKAGING) console.log(`kept ${workDir}`)
  else removeWorkDir(workDir)
}

finish()
