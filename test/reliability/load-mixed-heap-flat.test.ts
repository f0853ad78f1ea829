// Guarantee: under load every answer is right and the heap comes back flat. 10,000 requests,
// 200 in flight, mixed REST (fetch and http.get, GET and POST with bodies) and GraphQL, while
// the server's list churns through use()/resetHandlers() and 1,000 concurrent boundaries each
// check their own override, `once` handler and generator sequence. It runs in a child process
// started with --expose-gc (test/reliability/fixtures/load-child.ts), which measures the heap
// after full collections before and after the load.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
// Beside node_modules, so the bundle's external imports (graphql, interceptors) resolve.
const outDir = `${root}node_modules/.cache/mocklib-reliability/`

async function bundleChild(): Promise<string> {
  const bundle = await rolldown({
    input: `${root}test/reliability/fixtures/load-child.ts`,
    platform: 'node',
    logLevel: 'silent',
    resolve: { alias: { 'mocklib/node': `${root}src/node.ts`, mocklib: `${root}src/index.ts` } },
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('mocklib') && !id.startsWith('\0'),
  })
  const { output } = await bundle.generate({ format: 'esm' })
  await bundle.close()
  mkdirSync(outDir, { recursive: true })
  // A name of its own: .ci/run runs Node 22 and 24 at once in one checkout, each writing its bundle.
  const file = `${outDir}load-child-${process.pid}.mjs`
  writeFileSync(file, output[0].code)
  return file
}

interface Report {
  wrong: string[]
  churnRounds: number
  heapBefore: number
  heapAfter: number
}

function run(file: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 280_000,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the load process exited with ${code}:\n${stderr}`))
      resolve(JSON.parse(stdout.trim().split('\n').pop()!) as Report)
    })
  })
}

it(
  '10,000 mixed requests, 200 in flight, with list churn and 1,000 concurrent boundaries: all correct, heap flat',
  { timeout: 300_000 },
  async () => {
    const child = await bundleChild()
    const report = await run(child).finally(() => rmSync(child, { force: true }))
    expect(report.wrong).toEqual([])
    // The list really churned while the load ran.
    expect(report.churnRounds).toBeGreaterThan(0)
    // Generous: per-request state that stayed reachable would grow the heap by far more (10,000
    // requests, 1,000 boundaries each holding a list, bodies and clones).
    const grownMb = (report.heapAfter - report.heapBefore) / (1024 * 1024)
    expect(grownMb, `heap grew by ${grownMb.toFixed(1)} MB`).toBeLessThan(10)
  },
)
