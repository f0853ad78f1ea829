// mocklib/vitest and mocklib/jest print the chaos seed of every test that fails after chaos
// failed one of its requests, with the MOCKLIB_SEED that replays it: the project in
// test/faults/seed-fixture/ runs under a vitest of its own, Jest 30 and Jest 29 (on the built
// package), and each report is read.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const fixture = (file: string) => fileURLToPath(new URL(`./seed-fixture/${file}`, import.meta.url))

function output(bin: string, args: string[]): Promise<string> {
  return new Promise<string>((resolve) =>
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: root, env: { ...process.env, FIXTURE_SEED: '4242', CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' } },
      (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
    ),
  )
}

/** The lines that name the seed and how to replay it. */
const replayLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.includes('[mocklib] chaos (seed 4242) failed GET https://chaos.test/item'))
    .filter((line) => line.includes('Replay this run with MOCKLIB_SEED=4242'))

const runs = [
  {
    runner: 'vitest',
    bin: 'node_modules/vitest/vitest.mjs',
    args: ['run', '--config', fixture('vitest.config.ts'), '--reporter', 'verbose'],
    summary: /Tests\s+3 failed \| 1 passed/,
  },
  {
    runner: 'Jest 30',
    bin: 'node_modules/jest/bin/jest.js',
    args: ['--config', fixture('jest.config.cjs')],
    summary: /Tests:\s+3 failed, 1 passed/,
  },
  {
    runner: 'Jest 29',
    bin: 'node_modules/jest29/bin/jest.js',
    args: ['--config', fixture('jest.config.cjs')],
    summary: /Tests:\s+3 failed, 1 passed/,
  },
]

it.each(runs)(
  '$runner: each failing test prints the seed of the chaos that failed its requests; a passing one and a calm one do not',
  async ({ bin, args, summary }) => {
    const printed = await output(bin, args)
    expect(printed).toMatch(summary)
    // Once with the first fault (createChaos's own notice), then once for each of the two failing tests.
    expect(replayLines(printed)).toHaveLength(3)
  },
  60_000,
)
