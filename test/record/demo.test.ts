// The demo records its own traffic and replays it (npm run demo -- --record / --replay), against
// the built package (dist/), as `npm run demo` runs it.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

function demo(flag: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['examples/demo/main.mjs', flag],
      { cwd: root, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
    )
  })
}

/** A port nothing listens on now (the demo's server takes it while recording). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

const results = (output: string) => output.split('\n').filter((line) => line.trimStart().startsWith('='))

it('records against a real server, replays the same results with none, and records the same file twice', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'mocklib-demo-')), 'demo.har')
  const env = { DEMO_PORT: String(await freePort()), DEMO_RECORDING: file }
  const recorded = await demo('--record', env)
  const first = readFileSync(file, 'utf8')
  const replayed = await demo('--replay', env)

  expect(recorded).toContain(`Recorded 8 exchanges into ${file}.`)
  expect(replayed).toContain('no request reached the network')
  expect(results(replayed)).toEqual(results(recorded))
  expect(results(recorded)).toHaveLength(8)
  expect(first).toContain('session=REDACTED')
  expect(first).not.toContain('demo-session')

  await demo('--record', env)
  expect(readFileSync(file, 'utf8')).toBe(first)
})

it('replays the committed recording with no server', async () => {
  const output = await demo('--replay', {})
  expect(output).toContain('Replayed from examples/demo/recordings/demo.har (8 recorded exchanges)')
  expect(results(output)).toHaveLength(8)
})
