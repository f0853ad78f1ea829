// The TypeScript releases the type suites compile with: the repository's 5.9 and the newest (the
// "typescript-latest" devDependency, an npm alias of typescript@7: what a new user installs).
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** `bin`: the compiler's tsc, from the repository root. */
export const compilers = [
  { name: 'TypeScript 5.9', bin: 'node_modules/typescript/bin/tsc' },
  { name: 'TypeScript latest', bin: 'node_modules/typescript-latest/bin/tsc' },
]

/** The installed version of a compiler's package. */
export function versionOf(compiler) {
  return JSON.parse(readFileSync(join(root, compiler.bin, '../../package.json'), 'utf8')).version
}

/** Runs the compiler's tsc with `args` from the repository root: its output when it fails, undefined when it passes. */
export function tsc(compiler, args) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, compiler.bin), ...args],
      { cwd: root, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => resolve(error ? `${stdout}${stderr}`.trim() || String(error) : undefined),
    )
  })
}
