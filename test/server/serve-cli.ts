// Runs `mocklib serve` (bin/mocklib.mjs against dist/) as a child process and reads its output.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../..', import.meta.url))

export interface RunningCli {
  child: ChildProcess
  url: string
  token: string
  stdout: () => string
  stderr: () => string
  /** Resolves when stdout (or stderr) has printed a line matching `pattern` (after what was already waited for). */
  waitFor(pattern: RegExp, stream?: 'stdout' | 'stderr'): Promise<string>
  /** SIGINT, then the exit code. */
  stop(): Promise<number | null>
}

export function assertBuilt(): void {
  if (!existsSync(`${root}dist/node.js`))
    throw new Error('The CLI tests run bin/mocklib.mjs against dist/: run `npm run build` first (npm test does).')
}

/** Runs the CLI to its end: exit code and output. */
export function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['bin/mocklib.mjs', ...args], { cwd: root })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
}

export async function startCli(args: string[]): Promise<RunningCli> {
  const child = spawn(process.execPath, ['bin/mocklib.mjs', 'serve', '--port', '0', ...args], { cwd: root })
  const out = { stdout: '', stderr: '' }
  const seen = { stdout: 0, stderr: 0 }
  const waiters: Array<() => void> = []
  child.stdout!.on('data', (chunk) => {
    out.stdout += chunk
    for (const wake of waiters.splice(0)) wake()
  })
  child.stderr!.on('data', (chunk) => {
    out.stderr += chunk
    for (const wake of waiters.splice(0)) wake()
  })
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  const waitFor = async (pattern: RegExp, stream: 'stdout' | 'stderr' = 'stdout'): Promise<string> => {
    for (;;) {
      const rest = out[stream].slice(seen[stream])
      const match = pattern.exec(rest)
      if (match !== null) {
        seen[stream] += match.index + match[0].length
        return match[0]
      }
      const woke = new Promise<void>((resolve) => waiters.push(resolve))
      const ended = await Promise.race([woke.then(() => false), exited.then(() => true)])
      if (ended && !pattern.test(out[stream].slice(seen[stream]))) {
        throw new Error(`mocklib serve exited before printing ${pattern}:\n${out.stdout}\n${out.stderr}`)
      }
    }
  }
  const url = (await waitFor(/mocklib serve: https?:\/\/[^\s]+/)).replace('mocklib serve: ', '')
  const token = (await waitFor(/control token: \S+/)).replace('control token: ', '')
  return {
    child,
    url,
    token,
    stdout: () => out.stdout,
    stderr: () => out.stderr,
    waitFor,
    stop: async () => {
      child.kill('SIGINT')
      return exited
    },
  }
}
