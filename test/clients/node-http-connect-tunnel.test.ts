// An HTTP proxy tunnel opened with `http.request({ method: 'CONNECT' })`, as the `tunnel` and
// `tunnel-agent` packages open one, while a server listens: the CONNECT itself reaches the proxy,
// and the request sent through the tunnel is answered by a handler or reaches the real target.
import http from 'node:http'
import net from 'node:net'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'

const target = http.createServer((req, res) => res.end(`real ${req.method} ${req.url}`))
const proxy = http.createServer((_req, res) => res.writeHead(405).end())
const proxySockets = new Set<net.Socket>()
const connectTargets: string[] = []

// The proxy opens a TCP connection to the authority the CONNECT names and joins the two sockets.
proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
  connectTargets.push(req.url ?? '')
  const [host, port] = (req.url ?? '').split(':')
  const upstream = net.connect(Number(port), host, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    upstream.write(head)
    upstream.pipe(client).pipe(upstream)
  })
  for (const socket of [client, upstream]) {
    proxySockets.add(socket)
    socket.on('error', () => socket.destroy())
  }
})

const server = setupServer()

function portOf(s: http.Server): number {
  return (s.address() as AddressInfo).port
}

beforeAll(async () => {
  target.listen(0, '127.0.0.1')
  proxy.listen(0, '127.0.0.1')
  await Promise.all([once(target, 'listening'), once(proxy, 'listening')])
  server.listen({ onUnhandledRequest: 'bypass' })
})

afterEach(() => {
  server.resetHandlers()
  connectTargets.length = 0
})

afterAll(async () => {
  server.close()
  for (const socket of proxySockets) socket.destroy()
  await Promise.all([new Promise((r) => target.close(r)), new Promise((r) => proxy.close(r))])
})

/** Opens a tunnel to the target through the proxy, then sends GET /path through it. */
async function getThroughTunnel(path: string): Promise<{ status: number | undefined; text: string }> {
  const connect = http.request({
    host: '127.0.0.1',
    port: portOf(proxy),
    method: 'CONNECT',
    path: `127.0.0.1:${portOf(target)}`,
  })
  connect.end()
  const [response, tunnel] = (await once(connect, 'connect')) as [http.IncomingMessage, net.Socket]
  expect(response.statusCode).toBe(200)

  const request = http.get(`http://127.0.0.1:${portOf(target)}${path}`, { createConnection: () => tunnel })
  const [answer] = (await once(request, 'response')) as [http.IncomingMessage]
  let text = ''
  for await (const chunk of answer) text += String(chunk)
  return { status: answer.statusCode, text }
}

test('the CONNECT request reaches the proxy and an unhandled request goes through the tunnel', async () => {
  const { status, text } = await getThroughTunnel('/plain')

  expect(connectTargets).toEqual([`127.0.0.1:${portOf(target)}`])
  expect(status).toBe(200)
  expect(text).toBe('real GET /plain')
})

test('a request sent through the tunnel is answered by a matching handler', async () => {
  server.use(
    rest.get(`http://127.0.0.1:${portOf(target)}/mocked`, () => HttpResponse.text('from the handler', { status: 201 })),
  )

  const { status, text } = await getThroughTunnel('/mocked')

  expect(connectTargets).toEqual([`127.0.0.1:${portOf(target)}`])
  expect(status).toBe(201)
  expect(text).toBe('from the handler')
})

test('once the server has closed, a CONNECT request still works as without it', async () => {
  server.close()
  try {
    const { text } = await getThroughTunnel('/after-close')
    expect(text).toBe('real GET /after-close')
  } finally {
    server.listen({ onUnhandledRequest: 'bypass' })
  }
})
