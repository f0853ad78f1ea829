#!/usr/bin/env node
// What the cross-process remote costs (docs/remote.md#performance), against the built package:
//
//   npm run build && node --expose-gc bench/remote.mjs [--requests N] [--in-flight N] [--scopes N]
//
// 1. Overhead: an app process fetches a mocked URL N times (default 10,000), 100 in flight, first
//    answered by its own setupServer() handler, then by the same handler in this process through
//    the remote. Each request's wall time from fetch() to its body read: median and p99, and the
//    difference, whose goal is at most 1.5 ms; and the CPU time each process spent per request.
//    bench/remote-hops.mjs shows where a request's time goes, hop by hop.
// 2. Memory: the app serves requests that carry a scope header; this process opens 1,000 scopes
//    (default) one after another, sends 10 requests in each, and closes it. Heap used (after a full
//    collection) of both processes after each tenth of the scopes.
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { HttpResponse, http } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'
import { pool } from './lib/clients.mjs'
import { cpuMs } from './lib/cpu-time.mjs'
import { option } from './lib/options.mjs'
import { median, quantile } from './lib/stats.mjs'

const API = 'https://api.bench.test/user'
const requests = Number(option('--requests', 10_000))
const inFlight = Number(option('--in-flight', 100))
const scopes = Number(option('--scopes', 1_000))

if (process.argv[2] === '--app') await app()
else await main()

async function main() {
  if (typeof globalThis.gc !== 'function') throw new Error('Run with node --expose-gc (the memory figures need it).')
  const remote = setupRemoteServer(http.get(API, () => HttpResponse.json({ id: 1, name: 'Ada' })))
  await remote.listen()
  const child = fork(fileURLToPath(import.meta.url), ['--app'], {
    env: { ...process.env, ...remote.env() },
    execArgv: ['--expose-gc'],
  })
  // The app failing ends the run instead of leaving this process waiting for its answer.
  child.once('exit', (code) => {
    if (code !== 0 && code !== null) process.exit(1)
  })
  const ask = async (message) => {
    child.send(message)
    const [answer] = await once(child, 'message')
    return answer
  }
  // The app says when it listens (a message sent to it before it has a listener would be lost).
  const [{ port }] = await once(child, 'message')
  console.log(`node ${process.version}, ${requests} requests, ${inFlight} in flight\n`)
  const measure = async (mode) => {
    const started = process.cpuUsage()
    const answer = await ask({ type: 'latency', mode, requests, inFlight })
    return { ...answer, testCpu: cpuMs(started) }
  }
  const local = await measure('local')
  const viaRemote = await measure('remote')
  const row = (name, { median, p99, total, cpu, testCpu }) =>
    console.log(
      `${name.padEnd(22)} median ${ms(median)}  p99 ${ms(p99)}  ${(requests / (total / 1000)).toFixed(0)} req/s` +
        `  CPU per request: app ${ms(cpu / requests)}, test ${ms(testCpu / requests)}`,
    )
  row('in process', local)
  row('through the remote', viaRemote)
  console.log(
    `${'difference'.padEnd(22)} median ${ms(viaRemote.median - local.median)}  p99 ${ms(viaRemote.p99 - local.p99)}`,
  )
  console.log(
    `per request (wall / N)  in process ${ms(local.total / requests)}, remote ${ms(viaRemote.total / requests)}\n`,
  )

  await ask({ type: 'serve' })
  const heap = async () => {
    globalThis.gc()
    const app = await ask({ type: 'heap' })
    return { test: process.memoryUsage().heapUsed, app: app.heapUsed }
  }
  const marks = []
  for (let index = 0; index < scopes; index++) {
    const scope = remote.createScope()
    scope.use(http.get(API, () => HttpResponse.json({ id: index })))
    for (let request = 0; request < 10; request++) {
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers: scope.headers })
      if ((await response.json()).id !== index) throw new Error(`scope ${index} was answered by another scope`)
    }
    scope.close()
    if ((index + 1) % Math.max(1, Math.floor(scopes / 10)) === 0) marks.push([index + 1, await heap()])
  }
  console.log(`heap used after N scopes of 10 requests each (MB)`)
  for (const [count, { test, app }] of marks)
    console.log(`  ${String(count).padStart(5)} scopes: test ${mb(test)}, app ${mb(app)}`)
  child.kill()
  await remote.close()
}

async function app() {
  const { setupServer } = await import('mocklib/node')
  const local = setupServer(http.get(API, () => HttpResponse.json({ id: 1, name: 'Ada' })))
  const { createServer } = await import('node:http')
  // Serves the memory part: each incoming request (in its scope) fetches the API once.
  const server = createServer(async (request, response) => {
    response.end(await (await fetch(API)).text())
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  process.on('message', async (message) => {
    if (message.type === 'latency') {
      // 'local': this process's handler answers; 'remote': no local handler, the remote does.
      const api = message.mode === 'local' ? local : setupServer()
      api.listen(
        message.mode === 'local'
          ? { onUnhandledRequest: 'error' }
          : { remote: { timeout: 30_000, fallback: 'error' }, onUnhandledRequest: 'error' },
      )
      process.send(await latencies(message.requests, message.inFlight))
      api.close()
    } else if (message.type === 'serve') {
      setupServer().listen({ remote: { timeout: 30_000 }, onUnhandledRequest: 'error' })
      process.send({})
    } else if (message.type === 'heap') {
      globalThis.gc()
      process.send({ heapUsed: process.memoryUsage().heapUsed })
    }
  })
  process.on('disconnect', () => server.close())
  process.send({ port: server.address().port })
}

async function latencies(count, inFlight) {
  const times = []
  const cpuStarted = process.cpuUsage()
  const started = performance.now()
  await pool(count, inFlight, async () => {
    const start = performance.now()
    await (await fetch(API)).json()
    times.push(performance.now() - start)
  })
  const total = performance.now() - started
  times.sort((a, b) => a - b)
  return { median: median(times), p99: quantile(times, 0.99), total, cpu: cpuMs(cpuStarted) }
}

function ms(value) {
  return `${value.toFixed(3)} ms`
}

function mb(bytes) {
  return (bytes / 1024 / 1024).toFixed(1)
}
