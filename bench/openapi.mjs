#!/usr/bin/env node
// What mocklib/openapi costs on a large real document, GitHub's REST description (the test
// fixture, 1,223 operations), against the built package (docs/openapi.md#performance):
//
//   npm run build && node bench/openapi.mjs [--dist dir] [--ms 300] [--rounds 7]
//
// 1. Load: fromOpenApi(document) on the parsed document, CPU and wall time (the issue's goal:
//    ≤ 1.5 s), and reading the gzipped file first.
// 2. First checks: the first request to an operation with validateRequests on, and the first
//    answer check (checkAnswer) of a response, each on a fresh fromOpenApi; wall time. A second
//    operation's first checks follow (ajv is loaded by then).
// 3. Steady state: CPU per request of a generated handler, of the same with requests and answers
//    checked, and of a hand-written handler answering the same body; rounds alternate, each a
//    median, ratios to the hand-written handler (goals: ≤ 1.3× and ≤ 2×).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { cpuMs } from './lib/cpu-time.mjs'
import { option } from './lib/options.mjs'
import { median } from './lib/stats.mjs'

const root = resolve(import.meta.dirname, '..')
const dist = resolve(root, option('--dist', 'dist'))
const roundMs = Number(option('--ms', 300))
const rounds = Number(option('--rounds', 7))
const load = (entry) => import(pathToFileURL(resolve(dist, `${entry}.js`)).href)
const [{ http, HttpResponse }, { setupServer }, { fromOpenApi }] = await Promise.all(
  ['index', 'node', 'openapi'].map(load),
)

const FIXTURE = resolve(root, 'test/openapi/fixtures/github/api.github.com.json.gz')
const ISSUE = 'https://api.github.com/repos/octocat/hello/issues/1'
const HEADERS = { accept: 'application/vnd.github+json', authorization: 'Bearer token' }
const SECOND = 'https://api.github.com/repos/octocat/hello/pulls/1'

const timed = async (work) => {
  const cpu = process.cpuUsage()
  const wall = performance.now()
  const value = await work()
  return { value, cpu: cpuMs(cpu), wall: performance.now() - wall }
}
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`

console.log(`node ${process.version}, ${dist}\n`)
const read = await timed(() => JSON.parse(gunzipSync(readFileSync(FIXTURE)).toString()))
const document = read.value
const loaded = await timed(() => fromOpenApi(document, { validateRequests: 'error' }))
const handlers = `fromOpenApi: ${loaded.value.length} handlers`
console.log(`${'read + parse the 13 MB document'.padEnd(37)} ${ms(read.wall)} wall, ${ms(read.cpu)} CPU`)
console.log(`${handlers.padEnd(37)} ${ms(loaded.wall)} wall, ${ms(loaded.cpu)} CPU (goal ≤ 1500 ms)`)

await firstChecks(document)
await steadyState(document)

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

async function steadyState(document) {
  const plain = await fromOpenApi(document)
  const checked = await fromOpenApi(document, { validateRequests: 'error' })
  const generated = plain.find((handler) => handler.info.header.endsWith('/issues/:issue_number'))
  const withChecks = checked.check(checked.find((handler) => handler.info.header === generated.info.header))
  const server = setupServer()
  server.listen({ onUnhandledRequest: 'error' })
  server.use(generated)
  const body = await (await fetch(ISSUE, { headers: HEADERS })).json()
  const contenders = {
    'hand-written': http.get('https://api.github.com/repos/:owner/:repo/issues/:issue_number', () =>
      HttpResponse.json(body),
    ),
    generated,
    'generated, checked': withChecks,
  }
  const perRequest = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]))
  for (let round = 0; round <= rounds; round++) {
    for (const [name, handler] of Object.entries(contenders)) {
      server.resetHandlers(handler)
      let count = 0
      const started = process.cpuUsage()
      while (cpuMs(started) < roundMs) {
        const response = await fetch(ISSUE, { headers: HEADERS })
        if (response.status !== 200) throw new Error(`${name} answered ${response.status}`)
        await response.arrayBuffer()
        count++
      }
      // Round 0 warms up.
      if (round > 0) perRequest[name].push((cpuMs(started) * 1000) / count)
    }
  }
  server.close()
  const base = median(perRequest['hand-written'])
  console.log(`\nCPU per request, GET ${ISSUE} (median of ${rounds} rounds of ${roundMs} ms CPU)`)
  for (const [name, values] of Object.entries(perRequest)) {
    const figure = median(values)
    console.log(`  ${name.padEnd(20)} ${figure.toFixed(1).padStart(8)} µs  ${(figure / base).toFixed(2)}×`)
  }
  console.log('  goals: generated ≤ 1.3×, generated and checked ≤ 2× the hand-written handler')
}
