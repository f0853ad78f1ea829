#!/usr/bin/env node
// Run by the package manager after mocklib is installed (package.json "postinstall"). When the
// installing project's package.json lists folders in "mocklib.workerDirectory" (what
// `npx mocklib init <publicDir> --save` records), the worker script in each is replaced by the
// installed version's, so the copy never lags behind an upgrade. Without that key it does
// nothing and prints nothing. It never fails the install: a problem becomes a warning that says
// which command to run by hand.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The installing project's package.json, or undefined when there is none to read. */
function projectManifest(project) {
  try {
    return JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))
  } catch {
    return undefined
  }
}

function refreshWorkerScripts() {
  // npm, pnpm and Yarn run this script inside node_modules/mocklib; INIT_CWD is the project.
  const project = process.env.INIT_CWD
  if (!project) return
  const manifest = projectManifest(project)
  if (manifest?.mocklib?.workerDirectory === undefined) return
  const cli = fileURLToPath(new URL('./mocklib.mjs', import.meta.url))
  const result = spawnSync(process.execPath, [cli, 'init', '--cwd', project], { encoding: 'utf8' })
  if (result.status === 0) {
    process.stdout.write(result.stdout)
    return
  }
  const reason = (result.stderr || result.error?.message || `exit ${result.status}`).trim()
  console.warn(
    `[mocklib] Could not refresh the worker script listed in package.json "mocklib.workerDirectory": ${reason}`,
  )
  console.warn('[mocklib] The install itself is fine. Run "npx mocklib init" in your project to copy the script.')
}

try {
  refreshWorkerScripts()
} catch (error) {
  console.warn(`[mocklib] Could not refresh the worker script (${error?.message ?? error}). Run "npx mocklib init".`)
}
