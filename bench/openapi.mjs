#!/usr/bin/env node
// What mocklib/openapi costs on a large real document, GitHub's REST description (the test
// fixture, 1,223 operations), against the built package (docs/openapi.md#performance):
//
//   npm run build && node bench/openapi.mjs [--dist dir]
//
// 1. Load: fromOpenApi(document) on the parsed document, CPU and wall time (the issue's goal:
//    ≤ 1.5 s), and reading the gzipped file first.
// 2. First checks: the first request to an operation with validateRequests on, and the first
//    answer check (checkAnswer) of a response, each on a fresh fromOpenApi; wall time. A second
//    operation's first checks follow (ajv is loaded by then).
// The CPU per request of generated and checked handlers against a hand-written one, and the load,
// with their goals, are scenarios of `npm run bench` (bench/lib/openapi-scenarios.mjs).
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { cpuMs } from './lib/cpu-time.mjs'
import { GITHUB_HEADERS as HEADERS, ISSUE, readGitHub } from './lib/openapi-scenarios.mjs'
import { option } from './lib/options.mjs'

const root = resolve(import.meta.dirname, '..')
const dist = resolve(root, option('--dist', 'dist'))
const load = (entry) => import(pathToFileURL(resolve(dist, `${entry}.js`)).href)
const [{ setupServer }, { fromOpenApi }] = await Promise.all(['node', 'openapi'].map(load))

const SECOND = 'https://api.github.com/repos/octocat/hello/pulls/1'

const timed = async (work) => {
  const cpu = process.cpuUsage()
  const wall = performance.now()
  const value = await work()
  return { value, cpu: cpuMs(cpu), wall: performance.now() - wall }
}
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`

console.log(`node ${process.version}, ${dist}\n`)
const read = await timed(readGitHub)
const document = read.value
const loaded = await timed(() => fromOpenApi(document, { validateRequests: 'error' }))
const handlers = `fromOpenApi: ${loaded.value.length} handlers`
console.log(`${'read + parse the 13 MB document'.padEnd(37)} ${ms(read.wall)} wall, ${ms(read.cpu)} CPU`)
console.log(`${handlers.padEnd(37)} ${ms(loaded.wall)} wall, ${ms(loaded.cpu)} CPU (goal ≤ 1500 ms)`)

await firstChecks(document)

async function firstChecks(document) {
  const api = await fromOpenApi(document, { validateRequests: 'error' })
  const server = setupServer(...api)
  server.listen({ onUnhandledRequest: 'error' })
  const first = async (url, label) => {
    const request = await timed(async () => {
      const response = await fetch(url, { headers: HEADERS })
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
      return response
    })
    const answer = await timed(() => api.checkAnswer(new Request(url), request.value))
    console.log(`${`first checked request, ${label}`.padEnd(37)} ${ms(request.wall)} wall, ${ms(request.cpu)} CPU`)
    console.log(`${`first answer check, ${label}`.padEnd(37)} ${ms(answer.wall)} wall, ${ms(answer.cpu)} CPU`)
  }
  await first(ISSUE, 'an issue')
  await first(SECOND, 'a pull request')
  server.close()
}
