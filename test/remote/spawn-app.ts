import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** A Node program of test/remote/apps/ running as a child process, and what it printed. */
export interface SpawnedApp {
  child: ChildProcess
  /** The app's origin once it listens (it prints `{"port": …}`), for apps that serve. */
  origin: string
  stderr(): string
  /** The next line the program prints that parses as JSON with `key`. */
  next<T>(key: string): Promise<T>
  /** SIGTERM, and the exit code once it has exited by itself (null: killed by the signal). */
  stop(): Promise<number | null>
}

/**
 * Starts `node [...nodeArgs] test/remote/apps/<file>` in the repository (so `mocklib` resolves to
 * the built package) with `env` added to this process's environment.
 */
export async function spawnApp(
  file: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  serves = true,
): Promise<SpawnedApp> {
  const child = spawn(process.execPath, [...nodeArgs, `test/remote/apps/${file}`], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const waiting: Array<{ key: string; resolve: (value: never) => void }> = []
  const lines = createInterface({ input: child.stdout! })
  lines.on('line', (line) => {
    let parsed: Record<string, unknown>
    try {
      parsed = JSON.parse(line) as Record<string, unknown>
    } catch {
      return
    }
    const index = waiting.findIndex(({ key }) => key in parsed)
    if (index === -1) return
    const [{ key, resolve }] = waiting.splice(index, 1)
    resolve(parsed[key] as never)
  })
  const exited = once(child, 'exit') as Promise<[number | null]>
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ key, resolve: resolve as (value: never) => void })
      void exited.then(([code]) => reject(new Error(`${file} exited (${code}) before printing ${key}: ${stderr}`)))
    })
  const origin = serves ? `http://127.0.0.1:${await next<number>('port')}` : ''
  return {
    child,
    origin,
    stderr: () => stderr,
    next,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      child.kill('SIGTERM')
      const [code] = await exited
      return code
    },
  }
}
