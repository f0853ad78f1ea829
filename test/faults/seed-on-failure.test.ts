// mocklib/vitest prints the chaos seed of a test that fails, with the MOCKLIB_SEED that replays
// it: a vitest of its own runs test/faults/seed-fixture/ and its report is read.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const config = fileURLToPath(new URL('./seed-fixture/vitest.config.ts', import.meta.url))

it('a failing test prints the seed of the chaos that failed its requests; a passing one and a calm one do not', async () => {
  const output = await new Promise<string>((resolve) =>
    execFile(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', config, '--reporter', 'verbose'],
      { cwd: root, env: { ...process.env, FIXTURE_SEED: '4242', CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' } },
      (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
    ),
  )
  const printed = output.split('\n').filter((line) => line.includes('Replay this run with MOCKLIB_SEED=4242'))
  // Once with the first fault (createChaos's own notice), once for the failing test; not for the others.
  expect(
    printed.filter((line) => line.includes('[mocklib] chaos (seed 4242) failed GET https://chaos.test/item')),
  ).toHaveLength(2)
  expect(output).toMatch(/Tests\s+2 failed \| 1 passed/)
}, 60_000)
