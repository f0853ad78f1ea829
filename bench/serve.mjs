#!/usr/bin/env node
// Mock servers side by side (docs/performance.md#mock-servers): requests per second and p99
// latency that autocannon measures against each, one after the other, on loopback, keep-alive,
// all answering GET /api/user with the same small JSON:
//
//   npm run build && node bench/serve.mjs [--duration 10] [--connections 10] [--only id,id]
//
// Each server runs in a child process of its own, so the load generator (this process) does
// not share its event loop. The contenders: a bare node:http server (the floor), the same server
// making an HttpResponse.json() per request (what every resolver pays), mocklib's
// createMockServer() with one handler and with 1,000 (the one asked for last), mocklib's
// createMiddleware() on Express, @mswjs/http-middleware's createServer() (msw 2 on Express), and
// json-server 0.17 over a one-record database, Mockoon's CLI over an environment of one route and
// Prism mocking an OpenAPI document with that route's example (bench/fixtures/; both CLIs run as
// a grandchild, started on a free port). autocannon and the peers are not devDependencies: the bench
// installs each the first time it needs it (bench/lib/peers.mjs) and skips a peer npm cannot install.
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { option } from './lib/options.mjs'
import { installPeer, peerRequire } from './lib/peers.mjs'

const USER = { id: 1, name: 'Ada Lovelace' }
const argv = process.argv.slice(2)

const CONTENDERS = {
  'node-http': { title: 'bare node:http (floor)', path: '/api/user', start: bareServer },
  'node-http-response': {
    title: 'node:http making HttpResponse.json() per request',
    path: '/api/user',
    start: responseServer,
  },
  'mocklib-1': { title: 'mocklib createMockServer, 1 handler', path: '/api/user', start: () => mockServer(1) },
  'mocklib-1000': {
    title: 'mocklib createMockServer, 1,000 handlers',
    path: '/api/user',
    start: () => mockServer(1000),
  },
  'mocklib-express': { title: 'mocklib createMiddleware on Express', path: '/api/user', start: mocklibExpress },
  'msw-http-middleware': {
    title: '@mswjs/http-middleware (msw 2, Express)',
    path: '/api/user',
    peer: '@mswjs/http-middleware',
    start: mswMiddleware,
  },
  'json-server': { title: 'json-server 0.17', path: '/user', peer: 'json-server', start: jsonServer },
  mockoon: {
    title: 'Mockoon CLI 9',
    path: '/api/user',
    peer: '@mockoon/cli',
    start: () => cliServer('@mockoon/cli', 'bin/run.js', ['start', '--data', fixture('mockoon-user.json'), '--port']),
  },
  prism: {
    title: 'Prism 5 (mock)',
    path: '/api/user',
    peer: '@stoplight/prism-cli',
    start: () => cliServer('@stoplight/prism-cli', 'dist/index.js', ['mock', fixture('user-openapi.json'), '-p']),
  },
}

if (argv[0] === '--serve') await serve(argv[1])
else await main()

async function main() {
  if (!installPeer('autocannon')) process.exit(1)
  const autocannon = peerRequire('autocannon')('autocannon')
  const duration = Number(option('--duration', 10))
  const connections = Number(option('--connections', 10))
  const only = option('--only')?.split(',')
  console.log(`node ${process.version}, ${connections} connections, ${duration} s each, GET → the same JSON\n`)
  const rows = []
  for (const [id, contender] of Object.entries(CONTENDERS)) {
    if (only !== undefined && !only.includes(id)) continue
    if (contender.peer !== undefined && !installPeer(contender.peer)) continue
    const child = fork(fileURLToPath(import.meta.url), ['--serve', id], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    const [{ port }] = await once(child, 'message')
    const url = `http://127.0.0.1:${port}${contender.path}`
    const check = await (await fetch(url)).json()
    if (JSON.stringify(check) !== JSON.stringify(USER)) throw new Error(`${id} answered ${JSON.stringify(check)}`)
    await autocannon({ url, connections, duration: 1 }) // warm-up
    const result = await autocannon({ url, connections, duration })
    child.kill()
    await once(child, 'exit')
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${id}: ${result.non2xx} non-2xx, ${result.errors} errors`)
    rows.push({ id, title: contender.title, rps: result.requests.average, p99: result.latency.p99 })
  }
  const floor = rows.find((row) => row.id === 'node-http')?.rps
  console.log('| server | req/s | p99 | × floor |\n|---|--:|--:|--:|')
  for (const { title, rps, p99 } of rows) {
    const ratio = floor === undefined ? '–' : `${(rps / floor).toFixed(2)}×`
    console.log(`| ${title} | ${Math.round(rps).toLocaleString('en')} | ${p99} ms | ${ratio} |`)
  }
}

async function serve(id) {
  const server = await CONTENDERS[id].start()
  const { port } = server.address()
  // Forked by main(), it reports its port; started by hand (to profile it), it prints it.
  if (process.send === undefined) console.log(`${id} listening on http://127.0.0.1:${port}`)
  else process.send({ port })
}

async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

async function bareServer() {
  const { createServer } = await import('node:http')
  const body = JSON.stringify(USER)
  return listen(
    createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
      response.end(body)
    }),
  )
}

/** The floor plus what any resolver pays: an HttpResponse.json() made per request, its body written. */
async function responseServer() {
  const { createServer } = await import('node:http')
  const { HttpResponse } = await import('mocklib')
  return listen(
    createServer(async (request, response) => {
      const answer = HttpResponse.json(USER)
      response.writeHead(answer.status, Object.fromEntries(answer.headers))
      response.end(await answer.text())
    }),
  )
}

async function mocklibHandlers(count) {
  const { HttpResponse, http } = await import('mocklib')
  const handlers = []
  for (let index = 1; index < count; index++)
    handlers.push(http.get(`/api/other-${index}`, () => HttpResponse.json({})))
  handlers.push(http.get('/api/user', () => HttpResponse.json(USER)))
  return handlers
}

async function mockServer(count) {
  const { createMockServer } = await import('mocklib/node')
  const server = createMockServer(...(await mocklibHandlers(count)))
  await server.listen()
  return { address: () => ({ port: Number(new URL(server.url).port) }) }
}

async function mocklibExpress() {
  const { default: express } = await import('express')
  const { createMiddleware } = await import('mocklib/node')
  const app = express()
  app.use(createMiddleware(...(await mocklibHandlers(1))))
  return listen((await import('node:http')).createServer(app))
}

async function mswMiddleware() {
  const load = peerRequire('@mswjs/http-middleware')
  const { HttpResponse, http } = load('msw')
  const { createServer } = load('@mswjs/http-middleware')
  const app = createServer(http.get('/api/user', () => HttpResponse.json(USER)))
  return listen((await import('node:http')).createServer(app))
}

function fixture(name) {
  return fileURLToPath(new URL(`fixtures/${name}`, import.meta.url))
}

/** A CLI server (`peer`'s script, then `args` and the port), ready once it answers. */
async function cliServer(peer, script, args) {
  const { spawn } = await import('node:child_process')
  const port = await freePort()
  const path = peerRequire(peer).resolve(`${peer}/${script}`)
  const child = spawn(process.execPath, [path, ...args, String(port)], { stdio: 'ignore' })
  const stop = () => child.kill()
  process.once('exit', stop).once('SIGTERM', () => process.exit(0))
  const url = `http://127.0.0.1:${port}/api/user`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${peer} exited (${child.exitCode}) before answering`)
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (answered) return { address: () => ({ port }) }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function freePort() {
  const { createServer } = await import('node:net')
  const server = createServer()
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function jsonServer() {
  const jsonServer = peerRequire('json-server')('json-server')
  const app = jsonServer.create()
  app.use(jsonServer.router({ user: USER }))
  return listen((await import('node:http')).createServer(app))
}
