// The Node binary the contenders run on (run.mjs --node): this process's own by default, a path,
// or a version that npx fetches (`npx -y node@22 -p process.execPath`, kept in npm's cache).
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export function nodeBinary(spec) {
  if (spec === undefined) return { path: process.execPath, version: process.version }
  const path = existsSync(spec)
    ? spec
    : execFileSync('npx', ['-y', `node@${spec}`, '-p', 'process.execPath'], { encoding: 'utf8' }).trim()
  const version = execFileSync(path, ['-p', 'process.version'], { encoding: 'utf8' }).trim()
  return { path, version }
}

/** `-node22` for a run on another Node than the default: results files and doc tables per runtime. */
export const runtimeSuffix = (results) => (results.nodeOption === undefined ? '' : `-node${major(results)}`)

const major = (results) => results.machine.node.replace(/^v/, '').split('.')[0]
