#!/usr/bin/env node
// The graphql 17 suite: the repository develops on graphql 16, so this proves the published
// package against graphql 17. It packs dist/ (npm pack), installs the tarball with graphql@^17,
// @graphql-tools/schema@^10 and @graphql-tools/mock@^9 into a throwaway project, and runs
// test/graphql17's checks there from ESM and from CommonJS. graphql 17 needs Node >= 22, so on
// older Node it reports a skip. Run after the build (npm test builds first).
// Ends with "graphql17: N passed, N failed".
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pack, removeWorkDir, repoRoot } from '../test/packaging/consumer.mjs'
import { createSuite } from '../test/packaging/suite-runner.mjs'

const PREFIX = 'graphql17:'
const PEERS = { graphql: '^17', '@graphql-tools/schema': '^10', '@graphql-tools/mock': '^9' }
const INSTALL_TIMEOUT_MS = 300_000
const RUN_TIMEOUT_MS = 120_000
const { record, run, script, finish } = createSuite({ name: 'suite-graphql17', timeoutMs: RUN_TIMEOUT_MS })

const major = Number(process.versions.node.split('.')[0])
if (major < 22) {
  console.log(`${PREFIX} 0 passed, 0 failed (skipped: graphql 17 needs Node >= 22)`)
  process.exit(0)
}
if (!existsSync(join(repoRoot, 'dist/index.js'))) {
  console.log('dist/ is missing: run `npm run build` first (npm test does).')
  console.log(`${PREFIX} 0 passed, 1 failed`)
  process.exit(1)
}

/** The throwaway project: the tarball and the peers as dependencies, the check scripts, the SDL. */
function createProject(workDir, tarball) {
  const dir = join(workDir, 'project')
  mkdirSync(join(dir, 'schema'), { recursive: true })
  const dependencies = { mocklib: `file:${tarball}`, ...PEERS }
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'mocklib-graphql17', private: true, dependencies }, null, 2),
  )
  const checks = join(repoRoot, 'test/graphql17')
  for (const file of readdirSync(checks)) copyFileSync(join(checks, file), join(dir, file))
  copyFileSync(join(repoRoot, 'test/packaging/fixtures/harness.cjs'), join(dir, 'harness.cjs'))
  copyFileSync(join(repoRoot, 'schema/posts.graphql'), join(dir, 'schema/posts.graphql'))
  return dir
}

const workDir = mkdtempSync(join(tmpdir(), 'mocklib-graphql17-'))
try {
  const { tarball } = pack(workDir)
  const project = createProject(workDir, tarball)
  console.log(
    `--- npm install ${Object.entries(PEERS)
      .map(([name, range]) => `${name}@${range}`)
      .join(' ')} and the tarball`,
  )
  const install = await run(['install', '--no-audit', '--no-fund', '--prefer-offline'], project, {
    command: 'npm',
    limitMs: INSTALL_TIMEOUT_MS,
  })
  if (install.code !== 0) throw new Error(`npm install failed (exit ${install.code})`)
  for (const name of ['graphql', ...Object.keys(PEERS).slice(1)]) {
    const { version } = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8'))
    console.log(`    installed ${name} ${version}`)
  }
  await script('ESM (import)', project, 'esm.mjs')
  await script('CommonJS (require)', project, 'cjs.cjs')
} catch (error) {
  console.log(String(error?.stack ?? error))
  record('graphql 17 set-up', 0, 1, 'see above')
} finally {
  if (process.env.MOCKLIB_KEEP_GRAPHQL17) console.log(`kept ${workDir}`)
  else removeWorkDir(workDir)
}

finish(`${PREFIX} `)
