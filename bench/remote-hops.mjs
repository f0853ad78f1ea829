#!/usr/bin/env node
// Where a request answered through the remote spends its time (docs/remote.md#performance):
//
//   npm run build && node bench/remote-hops.mjs [--requests N] [--in-flight N]
//
// An app process fetches a mocked URL N times (default 2,000), N in flight (default 1), answered
// by this process's handler through the remote. Each request is stamped at every hop on the
// monotonic clock both processes read (process.hrtime: CLOCK_MONOTONIC, one for the machine):
// fetch() called, mocklib's request:start in the app, the POST to the remote written
// (http.client.request.start, published once the request is sent), the remote reading it
// (http.server.request.start), the resolver called, the answer written (http.server.response.finish),
// the app reading its head (http.client.response.finish), fetch() resolving, the body read.
// Prints each hop's median, p90 and p99, and the CPU time each process spent per request.
import { fork } from 'node:child_process'
import dc from 'node:diagnostics_channel'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { HttpResponse, http } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'
import { pool } from './lib/clients.mjs'
import { cpuMs } from './lib/cpu-time.mjs'
import { option } from './lib/options.mjs'
import { quantile } from './lib/stats.mjs'

const API = 'https://api.bench.test/user'
const REQUEST_ID = 'x-mocklib-request-id'
const argv = process.argv.slice(2)
const requests = Number(option('--requests', 2_000))
const inFlight = Number(option('--in-flight', 1))
const HOPS = [
  ['fetch', 'start', 'app: fetch() to request:start'],
  ['start', 'sent', 'app: pipeline to the POST sent'],
  ['sent', 'received', 'wire: POST sent to read by the remote'],
  ['received', 'resolver', 'test: route and pipeline to the resolver'],
  ['resolver', 'answered', 'test: resolver to the answer written'],
  ['answered', 'head', 'wire: answer written to its head read'],
  ['head', 'resolved', 'app: answer to fetch() resolved'],
  ['resolved', 'read', 'app: body read'],
  ['fetch', 'read', 'whole request'],
]

const now = () => Number(process.hrtime.bigint()) / 1e6
const stamp = (table, id, hop) => ((table[id] ??= {})[hop] = now())

if (argv[0] === '--app') await app()
else await main()

async function main() {
  let stamps = {}
  dc.subscribe('http.server.request.start', ({ request }) => stamp(stamps, request.headers[REQUEST_ID], 'received'))
  dc.subscribe('http.server.response.finish', ({ request }) => stamp(stamps, request.headers[REQUEST_ID], 'answered'))
  const remote = setupRemoteServer(
    http.get(API, ({ requestId }) => {
      stamp(stamps, requestId, 'resolver')
      return HttpResponse.json({ id: 1, name: 'Ada' })
    }),
  )
  await remote.listen()
  const child = fork(fileURLToPath(import.meta.url), ['--app', '--requests', requests, '--in-flight', inFlight], {
    env: { ...process.env, ...remote.env() },
  })
  await once(child, 'message') // warmed up: measure from here
  stamps = {}
  const started = process.cpuUsage()
  const [app] = await once(child, 'message')
  const testCpu = cpuMs(started)
  console.log(`node ${process.version}, ${requests} requests through the remote, ${inFlight} in flight\n`)
  for (const [from, to, name] of HOPS) {
    const times = Object.entries(app.stamps).map(([id, hops]) => {
      const all = { ...hops, ...stamps[id] }
      return all[to] - all[from]
    })
    times.sort((a, b) => a - b)
    const at = (share) => quantile(times, share).toFixed(3)
    console.log(`${name.padEnd(42)} median ${at(0.5)}  p90 ${at(0.9)}  p99 ${at(0.99)} ms`)
  }
  const perRequest = (cpu) => `${(cpu / requests).toFixed(3)} ms`
  console.log(`\nCPU per request: app ${perRequest(app.cpu)}, test ${perRequest(testCpu)}`)
  child.kill()
  await remote.close()
}

async function app() {
  const { setupServer } = await import('mocklib/node')
  let stamps = {}
  dc.subscribe('http.client.request.start', ({ request }) => stamp(stamps, request.getHeader(REQUEST_ID), 'sent'))
  dc.subscribe('http.client.response.finish', ({ request }) => stamp(stamps, request.getHeader(REQUEST_ID), 'head'))
  const server = setupServer()
  // request:start is emitted inside fetch(), before it returns: the id of the request just sent.
  let latest
  server.events.on('request:start', ({ requestId }) => {
    latest = requestId
    stamp(stamps, requestId, 'start')
  })
  server.listen({ remote: { timeout: 30_000, fallback: 'error' }, onUnhandledRequest: 'error' })
  for (let index = 0; index < 200; index++) await (await fetch(API)).json()
  stamps = {}
  process.send('measuring')
  const started = process.cpuUsage()
  await pool(requests, inFlight, async () => {
    const called = now()
    const pending = fetch(API)
    const own = (stamps[latest] ??= {})
    own.fetch = called
    const response = await pending
    own.resolved = now()
    await response.json()
    own.read = now()
  })
  process.send({ stamps, cpu: cpuMs(started) })
}
