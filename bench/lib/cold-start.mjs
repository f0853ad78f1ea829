// A fresh process: import the contender, set it up, listen, send the first request.
// Prints one JSON line: the process's CPU time and wall time from its start.
// With --trace-graphql it also reports every `graphql` module the process loaded.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const [contender, dist, ...flags] = process.argv.slice(2)
const trace = flags.includes('--trace-graphql')
const cjs = flags.includes('--cjs')
const URL_ = 'http://127.0.0.1:9/posts/1'
const loaded = []

if (trace) {
  const { register } = await import('node:module')
  const { port1, port2 } = new MessageChannel()
  register('./module-trace-hook.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] })
  port1.on('message', (url) => loaded.push(url))
  port1.unref()
}

let text
if (contender === 'mocklib' || contender === 'msw') {
  let core
  let node
  if (contender === 'msw') {
    core = await import('msw')
    node = await import('msw/node')
  } else if (cjs) {
    const require = createRequire(import.meta.url)
    core = require(join(dist, 'index.cjs'))
    node = require(join(dist, 'node.cjs'))
    for (const path of Object.keys(require.cache))
      if (/[\\/]node_modules[\\/]graphql[\\/]/.test(path)) loaded.push(path)
  } else {
    core = await import(pathToFileURL(join(dist, 'index.js')).href)
    node = await import(pathToFileURL(join(dist, 'node.js')).href)
  }
  const server = node.setupServer(
    core.http.get('http://127.0.0.1:9/posts/:id', () => core.HttpResponse.json({ id: '1' })),
  )
  server.listen({ onUnhandledRequest: 'error' })
  text = await (await fetch(URL_)).text()
  server.close()
} else if (contender === 'interceptors') {
  const { BatchInterceptor } = await import('@mswjs/interceptors')
  const { ClientRequestInterceptor } = await import('@mswjs/interceptors/ClientRequest')
  const { XMLHttpRequestInterceptor } = await import('@mswjs/interceptors/XMLHttpRequest')
  const { FetchInterceptor } = await import('@mswjs/interceptors/fetch')
  const interceptor = new BatchInterceptor({
    name: 'bench-floor',
    interceptors: [new ClientRequestInterceptor(), new XMLHttpRequestInterceptor(), new FetchInterceptor()],
  })
  interceptor.apply()
  interceptor.on('request', ({ controller }) => controller.respondWith(Response.json({ id: '1' })))
  text = await (await fetch(URL_)).text()
  interceptor.dispose()
} else {
  const resolver = () => Response.json({ id: '1' })
  const request = new Request(URL_)
  text = await resolver({ request }).text()
}
if (text !== '{"id":"1"}') throw new Error(`cold start (${contender}): unexpected answer ${text}`)

const cpu = process.cpuUsage()
const wallMs = performance.now()
if (trace) await new Promise((resolve) => setTimeout(resolve, 50))
process.stdout.write(
  JSON.stringify({ cpuUs: cpu.user + cpu.system, wallMs, graphqlModules: trace || cjs ? loaded : undefined }) + '\n',
)
