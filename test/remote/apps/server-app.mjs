// An app that never imports mocklib, serving with the server SERVER names: 'http2' (cleartext),
// 'http2-secure' or 'https' (with tls/, a certificate for 127.0.0.1 made for these tests only),
// or a framework on node:http ('fastify', 'hono', 'remix': Remix's node-fetch-server, which turns
// node:http requests into fetch Requests for a handler). Each request it serves fetches the API's
// user and answers with it. HTTP2_API=compat serves HTTP/2 through the request/response API,
// otherwise through the core API's 'stream' event.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import http2 from 'node:http2'
import https from 'node:https'

const tls = {
  key: readFileSync(new URL('tls/key.pem', import.meta.url)),
  cert: readFileSync(new URL('tls/cert.pem', import.meta.url)),
}
const user = async () => (await fetch('https://api.example.test/user')).text()
const answer = async (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(await user())
}

const kind = process.env.SERVER
const listening = (port) => console.log(JSON.stringify({ port }))

async function serveFastify() {
  const { default: Fastify } = await import('fastify')
  const app = Fastify()
  app.get('/', async (request, reply) => reply.type('application/json').send(await user()))
  await app.listen({ port: 0, host: '127.0.0.1' })
  listening(app.server.address().port)
  process.on('SIGTERM', () => void app.close())
}

async function serveHono() {
  const [{ Hono }, { serve }] = await Promise.all([import('hono'), import('@hono/node-server')])
  const app = new Hono().get('/', async (c) => c.body(await user(), 200, { 'content-type': 'application/json' }))
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => listening(info.port))
  process.on('SIGTERM', () => server.close())
}

async function serveRemix() {
  const { createRequestListener } = await import('@remix-run/node-fetch-server')
  const handler = async () => new Response(await user(), { headers: { 'content-type': 'application/json' } })
  const server = createServer(createRequestListener(handler))
  server.listen(0, '127.0.0.1', () => listening(server.address().port))
  process.on('SIGTERM', () => server.close())
}

function serveNode() {
  const server =
    kind === 'https'
      ? https.createServer(tls)
      : kind === 'http2-secure'
        ? http2.createSecureServer(tls)
        : http2.createServer()
  if (kind === 'https' || process.env.HTTP2_API === 'compat') {
    server.on('request', answer)
  } else {
    server.on('stream', async (stream) => {
      const body = await user()
      stream.respond({ ':status': 200, 'content-type': 'application/json' })
      stream.end(body)
    })
  }
  server.listen(0, '127.0.0.1', () => listening(server.address().port))
  process.on('SIGTERM', () => {
    server.close()
    server.closeAllConnections?.()
  })
}

await ({ fastify: serveFastify, hono: serveHono, remix: serveRemix }[kind] ?? serveNode)()
