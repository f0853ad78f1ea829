// The remote's endpoint reads and answers JSON as the mock server's control API does: bodies
// bounded, mistakes answered as problem documents that say what to send.
import { readFileSync } from 'node:fs'
import { ws } from 'mocklib'
import { ControlClient, setupRemoteServer } from 'mocklib/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import WebSocket from 'ws'

const remote = setupRemoteServer()

beforeAll(() => remote.listen())
afterAll(() => remote.close())

const openScope = (body: string) =>
  fetch(`${remote.url}/__mocklib/scopes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${remote.token}`, 'content-type': 'application/json' },
    body,
  })

it('GET /__mocklib/health names the remote and its version, without a token', async () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  expect(await new ControlClient({ url: remote.url }).health()).toEqual({
    name: 'mocklib',
    role: 'remote',
    version,
    protocol: 1,
    pid: process.pid,
  })
})

it('POST /__mocklib/scopes answers a body that is not JSON with a problem document', async () => {
  const response = await openScope('{ not json')
  expect(response.status).toBe(400)
  expect(response.headers.get('content-type')).toBe('application/problem+json')
  expect((await response.json()).detail).toMatch(/^The body of POST \/__mocklib\/scopes is not JSON/)
})

it('POST /__mocklib/scopes refuses a body over the control limit instead of buffering it', async () => {
  const response = await openScope(JSON.stringify({ scope: 'x'.repeat(2 * 1024 * 1024) }))
  expect(response.status).toBe(413)
  expect((await response.json()).detail).toContain('at most 1048576 bytes')
  // The rest of the body was read and dropped: the connection carries the next request.
  const next = await fetch(`${remote.url}/__mocklib/scopes/none`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${remote.token}` },
    signal: AbortSignal.timeout(2000),
  })
  expect(next.status).toBe(404)
})

it('POST /__mocklib/scopes with an empty body opens a scope of the remote', async () => {
  const response = await openScope('')
  expect(response.status).toBe(201)
  expect(typeof (await response.json()).scope).toBe('string')
})

it('listen() on a port in use is refused with a coded error naming the port', async () => {
  const second = setupRemoteServer()
  const port = Number(new URL(remote.url).port)
  const refused = second.listen({ port })
  await expect(refused).rejects.toThrow(`Port ${port} on 127.0.0.1 is in use; pass remote.listen() another port`)
  await expect(refused).rejects.toMatchObject({ code: 'MOCKLIB_INVALID_ARGUMENT' })
})

it("DELETE /__mocklib/scopes/:id with a malformed escape is the client's mistake: 400, not 500", async () => {
  const response = await fetch(`${remote.url}/__mocklib/scopes/%E0`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${remote.token}` },
  })
  expect(response.status).toBe(400)
  expect((await response.json()).detail).toContain('is not a percent-encoded id')
})

it('GET /__mocklib/websocket takes a connection while the global URL has no URL.canParse (jsdom 22 and older)', async () => {
  remote.use(ws.link('wss://chat.test/room').addEventListener('connection', ({ client }) => client.send('taken')))
  const saved = globalThis.URL
  class OldURL extends saved {}
  Object.defineProperty(OldURL, 'canParse', { value: undefined })
  globalThis.URL = OldURL as typeof URL
  try {
    const socket = new WebSocket(`${remote.url.replace('http', 'ws')}/__mocklib/websocket`, {
      headers: { authorization: `Bearer ${remote.token}`, 'x-mocklib-url': 'wss://chat.test/room' },
    })
    const first = await new Promise<string>((resolve, reject) => {
      socket.on('message', (data: Buffer) => resolve(String(data)))
      socket.on('unexpected-response', (_, response) => reject(new Error(`answered ${response.statusCode}`)))
      socket.on('error', reject)
    })
    socket.close()
    expect(first).toBe('taken')
  } finally {
    globalThis.URL = saved
    remote.resetHandlers()
  }
})
