// `mocklib init <publicDir> [--save]`, run as a command the way users run it.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WORKER_CHECKSUM } from 'mocklib/browser'
import { workerScript } from './harness'

const run = promisify(execFile)
const bin = fileURLToPath(new URL('../../../bin/mocklib.mjs', import.meta.url))
const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8'))
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
  expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).mocklib).toEqual({
    workerDirectory: ['public', 'static'],
  })
  writeFileSync(join(project, 'public/mockServiceWorker.js'), '// an old copy')
  rmSync(join(project, 'static/mockServiceWorker.js'))
  await mocklib('init')
  expect(readFileSync(join(project, 'public/mockServiceWorker.js'), 'utf8')).toBe(workerScript())
  expect(existsSync(join(project, 'static/mockServiceWorker.js'))).toBe(true)
})

it('fails with what to do when there is no folder to write to, or an unknown option', async () => {
  await expect(mocklib('init')).rejects.toMatchObject({
    stderr: expect.stringContaining('npx mocklib init <publicDir>'),
  })
  await expect(mocklib('init', '--save')).rejects.toMatchObject({
    stderr: expect.stringContaining('--save needs a folder'),
  })
  await expect(mocklib('init', 'public', '--force')).rejects.toMatchObject({
    stderr: expect.stringContaining('Unknown option --force'),
  })
})

it('says which command to run when package.json still lists the folder under "msw.workerDirectory"', async () => {
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', msw: { workerDirectory: ['public'] } }))
  await expect(mocklib('init')).rejects.toMatchObject({
    stderr: expect.stringContaining('Run "npx mocklib init public --save"'),
  })
  expect(existsSync(join(project, 'public/mockServiceWorker.js'))).toBe(false)
})

describe('postinstall (bin/postinstall.mjs, run by the package manager with INIT_CWD set to the project)', () => {
  const postinstall = fileURLToPath(new URL('../../../bin/postinstall.mjs', import.meta.url))
  // Run from another folder, as npm runs it inside node_modules/mocklib.
  const runPostinstall = () =>
    run(process.execPath, [postinstall], { cwd: tmpdir(), env: { ...process.env, INIT_CWD: project } })

  it('is the package.json "postinstall" script, which cannot fail the install', () => {
    expect(pkg.scripts.postinstall).toBe('node ./bin/postinstall.mjs || exit 0')
  })

  it('does nothing and prints nothing without "mocklib.workerDirectory"', async () => {
    const { stdout, stderr } = await runPostinstall()
    expect({ stdout, stderr }).toEqual({ stdout: '', stderr: '' })
    expect(readdirSync(project)).toEqual(['package.json'])
  })

  it('refreshes the worker script in every folder of "mocklib.workerDirectory"', async () => {
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'app', mocklib: { workerDirectory: ['public', 'static/app'] } }),
    )
    mkdirSync(join(project, 'public'))
    writeFileSync(join(project, 'public/mockServiceWorker.js'), '// the copy of an older version')
    const { stdout } = await runPostinstall()
    expect(stdout).toContain('Worker script written to public/mockServiceWorker.js')
    expect(readFileSync(join(project, 'public/mockServiceWorker.js'), 'utf8')).toBe(workerScript())
    expect(readFileSync(join(project, 'static/app/mockServiceWorker.js'), 'utf8')).toBe(workerScript())
  })

  it('only warns, exiting 0, when a folder cannot be written, or package.json is unreadable', async () => {
    writeFileSync(join(project, 'public'), 'a file where the folder should be')
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'app', mocklib: { workerDirectory: 'public' } }),
    )
    const { stderr } = await runPostinstall()
    expect(stderr).toContain('Could not refresh the worker script listed in package.json "mocklib.workerDirectory"')
    expect(stderr).toContain('Run "npx mocklib init"')
    writeFileSync(join(project, 'package.json'), '{ not json')
    expect(await runPostinstall()).toMatchObject({ stdout: '', stderr: '' })
  })
})
