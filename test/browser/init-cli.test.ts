// `mocklib init <publicDir> [--save]`, run as a command the way users run it.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { WORKER_CHECKSUM } from 'mocklib/browser'
import { workerScript } from './harness'

const run = promisify(execFile)
const bin = fileURLToPath(new URL('../../bin/mocklib.mjs', import.meta.url))
const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'))
let project: string

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'mocklib-init-'))
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true }, null, 2) + '\n')
})
afterEach(() => rmSync(project, { recursive: true, force: true }))

const mocklib = (...args: string[]) => run(process.execPath, [bin, ...args], { cwd: project })

it('is the package bin', () => {
  expect(pkg.bin).toEqual({ mocklib: './bin/mocklib.mjs' })
})

it('copies the worker script into a new folder, stamped with the version and checksum', async () => {
  const { stdout } = await mocklib('init', 'public/nested')
  expect(stdout).toContain('Worker script written to public/nested/mockServiceWorker.js')
  const script = readFileSync(join(project, 'public/nested/mockServiceWorker.js'), 'utf8')
  expect(script).toBe(workerScript())
  expect(script).toContain(`const MOCKLIB_VERSION = '${pkg.version}'`)
  expect(script).toContain(`const MOCKLIB_CHECKSUM = '${WORKER_CHECKSUM}'`)
  // Without --save, package.json is untouched.
  expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))).toEqual({ name: 'app', private: true })
})

it('records the folder with --save, and refreshes saved folders when run with no folder', async () => {
  await mocklib('init', 'public', '--save')
  await mocklib('init', 'static', '--save')
  expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).mocklib).toEqual({ workerDirectory: ['public', 'static'] })
  writeFileSync(join(project, 'public/mockServiceWorker.js'), '// an old copy')
  rmSync(join(project, 'static/mockServiceWorker.js'))
  await mocklib('init')
  expect(readFileSync(join(project, 'public/mockServiceWorker.js'), 'utf8')).toBe(workerScript())
  expect(existsSync(join(project, 'static/mockServiceWorker.js'))).toBe(true)
})

it('fails with what to do when there is no folder to write to, or an unknown option', async () => {
  await expect(mocklib('init')).rejects.toMatchObject({ stderr: expect.stringContaining('npx mocklib init <publicDir>') })
  await expect(mocklib('init', '--save')).rejects.toMatchObject({ stderr: expect.stringContaining('--save needs a folder') })
  await expect(mocklib('init', 'public', '--force')).rejects.toMatchObject({ stderr: expect.stringContaining('Unknown option --force') })
})
