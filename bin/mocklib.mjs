#!/usr/bin/env node
// The mocklib command line. `mocklib init <publicDir> [--save]` copies the Service Worker
// script into the folder your dev server publishes; --save records that folder in
// package.json ("mocklib": { "workerDirectory": ... }) so `mocklib init` alone refreshes it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readWorkerScript, WORKER_FILE_NAME } from './worker-script.mjs'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))

const USAGE = `Usage: mocklib init [publicDir] [--save] [--cwd <dir>]
       mocklib serve [module] [options]

  init <publicDir>   copy ${WORKER_FILE_NAME} into publicDir (created if missing)
  --save             record publicDir in package.json as mocklib.workerDirectory
  init               with no folder: refresh every folder recorded in package.json
  serve <module>     serve the module's handlers on a real HTTP server ("mocklib serve --help")`

function fail(message) {
  console.error(`[mocklib] ${message}`)
  process.exit(1)
}

async function workerScript() {
  try {
    return await readWorkerScript(packageRoot)
  } catch (error) {
    fail(error.message)
  }
}

function readPackageJson(cwd) {
  const path = join(cwd, 'package.json')
  if (!existsSync(path)) return { path, json: undefined, text: undefined }
  const text = readFileSync(path, 'utf8')
  try {
    return { path, json: JSON.parse(text), text }
  } catch (error) {
    fail(`${path} is not valid JSON (${error.message}); fix it, or run init without --save.`)
  }
}

function savedDirectories(json) {
  const saved = json?.mocklib?.workerDirectory
  if (saved === undefined) return []
  return Array.isArray(saved)
    ? saved.filter((dir) => typeof dir === 'string')
    : typeof saved === 'string'
      ? [saved]
      : []
}

async function init(args) {
  let cwd = process.cwd()
  const positional = []
  let save = false
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]
    if (arg === '--save') save = true
    else if (arg === '--no-save') save = false
    else if (arg === '--cwd') cwd = resolve(args[++index] ?? fail('--cwd needs a folder.'))
    else if (arg.startsWith('--')) fail(`Unknown option ${arg}.\n\n${USAGE}`)
    else positional.push(arg)
  }
  if (positional.length > 1) fail(`init takes one folder, got ${positional.length}: ${positional.join(', ')}.`)

  if (save && positional.length === 0) fail('--save needs a folder: "npx mocklib init <publicDir> --save".')
  const pkg = readPackageJson(cwd)
  const targets = positional.length === 1 ? positional : savedDirectories(pkg.json)
  if (targets.length === 0) {
    // Left from MSW: the same folders, under mocklib's own key.
    const fromMsw = savedDirectories({ mocklib: pkg.json?.msw })
    if (fromMsw.length > 0) {
      fail(
        `package.json lists ${fromMsw.join(', ')} under "msw.workerDirectory", which mocklib does not read. ` +
          `Run "npx mocklib init ${fromMsw[0]} --save" to copy mocklib's worker script there and record the folder as "mocklib.workerDirectory".`,
      )
    }
    fail(
      'Which folder does your dev server publish? Run "npx mocklib init <publicDir>" (for example "npx mocklib init public"); ' +
        'add --save to remember it in package.json.',
    )
  }

  const script = await workerScript()
  for (const dir of targets) {
    const absolute = resolve(cwd, dir)
    mkdirSync(absolute, { recursive: true })
    const target = join(absolute, WORKER_FILE_NAME)
    writeFileSync(target, script)
    console.log(`[mocklib] Worker script written to ${relative(cwd, target) || target}.`)
  }

  if (save) {
    if (pkg.json === undefined)
      fail(`No package.json in ${cwd} to save the folder in. Run init from your project's root.`)
    const dir = positional[0]
    const mocklib = typeof pkg.json.mocklib === 'object' && pkg.json.mocklib !== null ? pkg.json.mocklib : {}
    const saved = savedDirectories(pkg.json)
    if (!saved.includes(dir)) {
      const next = saved.length === 0 ? dir : [...saved, dir]
      pkg.json.mocklib = { ...mocklib, workerDirectory: next }
      const indent = /^[ \t]+/m.exec(pkg.text)?.[0] ?? '  '
      writeFileSync(pkg.path, JSON.stringify(pkg.json, null, indent) + (pkg.text.endsWith('\n') ? '\n' : ''))
      console.log(`[mocklib] Saved "${dir}" as mocklib.workerDirectory in package.json.`)
    }
  }
}

const [command, ...rest] = process.argv.slice(2)
if (command === 'init') await init(rest)
else if (command === 'serve') {
  const { serve } = await import('./serve.mjs')
  await serve(rest, { version: JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).version })
} else if (command === undefined || command === '--help' || command === '-h') console.log(USAGE)
else fail(`Unknown command "${command}".\n\n${USAGE}`)
