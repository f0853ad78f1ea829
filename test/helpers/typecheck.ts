import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Runs tsc on a test project; type tests pass when it prints nothing and exits 0. */
export function typecheck(project: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { cwd: root }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, output: stdout + stderr }),
    )
  })
}
