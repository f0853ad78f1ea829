// The Service Worker script a project serves: `mocklib init` copies it, the Vite plugin
// (mocklib/vite) serves and emits it. One reader, so both hand out the same script, stamped with
// the version and checksum the page's integrity check compares (scripts/build-worker.mjs).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const WORKER_FILE_NAME = 'mockServiceWorker.js'

/**
 * The shipped script; in mocklib's own source checkout, rendered fresh from the sources.
 * `packageRoot` is the folder holding mocklib's package.json (bin/ and dist/ both sit one below it).
 */
export async function readWorkerScript(packageRoot = fileURLToPath(new URL('..', import.meta.url))) {
  const builder = join(packageRoot, 'scripts', 'build-worker.mjs')
  if (existsSync(builder)) return (await import(pathToFileURL(builder).href)).renderWorker()
  const built = join(packageRoot, 'dist', WORKER_FILE_NAME)
  if (existsSync(built)) return readFileSync(built, 'utf8')
  // A broken install, not an argument: a plain Error.
  throw new Error(`The worker script is missing from the package (${built}). Reinstall mocklib.`)
}
