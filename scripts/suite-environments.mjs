#!/usr/bin/env node
// The test-environment matrix: the one scenario of test/environments/scenario.ts (every
// HttpResponse static and body kind through fetch, XMLHttpRequest and axios, and a GraphQL
// query) in the environments vitest's own run does not cover: vitest with the oldest jsdom
// supported (22), Jest 29 (jest-environment-jsdom, whose jsdom is 20, and jest-fixed-jsdom) and
// Jest 30 (the same two). Vitest runs it on the sources; Jest on the built CommonJS package.
// Older versions are npm aliases among the devDependencies (jsdom22, jest29,
// jest-environment-jsdom29), put in their package's place by test/environments/package-aliases.mjs.
// Jest 29 and 30 also run the handler matchers of mocklib/jest (test/verification/jest/).
// Run after the build (npm test builds first). Ends with "N passed, N failed".
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createWorkDir, removeWorkDir, repoRoot } from '../test/packaging/consumer.mjs'
import { createSuite } from '../test/packaging/suite-runner.mjs'

const { jsonReport, finish } = createSuite({ name: 'suite-environments' })
const here = join(repoRoot, 'test/environments')
const bin = (path) => join(repoRoot, 'node_modules', path)
const aliasing = (aliases) => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${join(here, 'package-aliases.mjs')}`.trim(),
  MOCKLIB_PACKAGE_ALIASES: aliases,
})

const JEST_RUNS = [
  {
    label: 'Jest 29, jest-environment-jsdom',
    jest: 'jest29/bin/jest.js',
    env: 'jest-environment-jsdom29',
    agent: String.raw`\bjsdom/20\.`,
  },
  {
    label: 'Jest 29, jest-fixed-jsdom',
    jest: 'jest29/bin/jest.js',
    env: 'jest-fixed-jsdom',
    agent: String.raw`\bjsdom/20\.`,
    aliases: 'jest-environment-jsdom=jest-environment-jsdom29',
  },
  { label: 'Jest 30, jest-environment-jsdom', jest: 'jest/bin/jest.js', env: 'jsdom', agent: String.raw`\bjsdom/26\.` },
  {
    label: 'Jest 30, jest-fixed-jsdom',
    jest: 'jest/bin/jest.js',
    env: 'jest-fixed-jsdom',
    agent: String.raw`\bjsdom/26\.`,
  },
]

// The handler matchers registered by a set-up file importing mocklib/jest, with Jest's own expect.
const MATCHER_RUNS = [
  { label: 'Jest 29, mocklib/jest matchers', jest: 'jest29/bin/jest.js' },
  { label: 'Jest 30, mocklib/jest matchers', jest: 'jest/bin/jest.js' },
]

if (!existsSync(join(repoRoot, 'dist/index.cjs'))) {
  console.log('dist/ is missing: run `npm run build` first (npm test does).')
  console.log('0 passed, 1 failed')
  process.exit(1)
}

/** A Jest run (by `jest`, a bin path) of the jest.config.cjs in its folder, reporting JSON to `report`. */
const jestArgs = (jest, report, ...options) => [
  bin(jest),
  '--ci',
  '--config',
  'jest.config.cjs',
  ...options,
  '--runInBand',
  '--json',
  `--outputFile=${report}`,
]

const workDir = createWorkDir()
try {
  const vitestReport = join(workDir, 'vitest-jsdom22.json')
  await jsonReport(
    'vitest, jsdom 22',
    repoRoot,
    [
      bin('vitest/vitest.mjs'),
      'run',
      '--project',
      'main',
      'test/environments/jsdom.test.ts',
      '--reporter=json',
      `--outputFile=${vitestReport}`,
    ],
    vitestReport,
    { ...aliasing('jsdom=jsdom22'), MOCKLIB_EXPECT_AGENT: String.raw`\bjsdom/22\.` },
  )
  for (const [index, run] of JEST_RUNS.entries()) {
    const report = join(workDir, `jest-${index}.json`)
    const args = jestArgs(run.jest, report, `--env=${run.env}`)
    const env = { MOCKLIB_EXPECT_AGENT: run.agent, ...(run.aliases === undefined ? {} : aliasing(run.aliases)) }
    await jsonReport(run.label, here, args, report, env)
  }
  for (const [index, run] of MATCHER_RUNS.entries()) {
    const report = join(workDir, `jest-matchers-${index}.json`)
    await jsonReport(run.label, join(repoRoot, 'test/verification/jest'), jestArgs(run.jest, report), report)
  }
} finally {
  removeWorkDir(workDir)
}
finish()
