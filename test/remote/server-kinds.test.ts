// An app serving HTTPS or HTTP/2 (node:https, node:http2 in cleartext and over TLS, with the core
// and compatibility APIs), or Fastify, Hono or Remix's node-fetch-server (on node:http), binds
// each incoming request to the scope its headers carry, as plain node:http servers do: the
// requests it makes while serving one are answered by that scope's handlers.
import { readFileSync } from 'node:fs'
import http2 from 'node:http2'
import https from 'node:https'
import { HttpResponse, http } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnApp, type SpawnedApp } from './spawn-app'

const USER = 'https://api.example.test/user'
const ca = readFileSync(new URL('apps/tls/cert.pem', import.meta.url))
const remote = setupRemoteServer(http.get(USER, () => HttpResponse.json({ name: 'root' })))

beforeAll(() => remote.listen())
afterAll(() => remote.close())

/** GET / over one HTTP/2 session, with `headers`: the body the app answered. */
async function overHttp2(origin: string, headers: Record<string, string>): Promise<string> {
  const session = http2.connect(origin, { ca })
  try {
    const stream = session.request({ ':path': '/', ...headers })
    stream.setEncoding('utf8')
    let body = ''
    for await (const chunk of stream) body += chunk as string
    return body
  } finally {
    session.close()
  }
}

/** GET / over HTTPS, with `headers`: the body the app answered. */
function overHttps(origin: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(`${origin}/`, { headers, ca, agent: false }, async (response) => {
        response.setEncoding('utf8')
        let body = ''
        for await (const chunk of response) body += chunk as string
        resolve(body)
      })
      .on('error', reject)
  })
}

const kinds = [
  { server: 'http2', api: 'stream' },
  { server: 'http2', api: 'compat' },
  { server: 'http2-secure', api: 'stream' },
  { server: 'http2-secure', api: 'compat' },
  { server: 'https', api: 'compat' },
  { server: 'fastify', api: 'its own' },
  { server: 'hono', api: 'its own' },
  { server: 'remix', api: 'fetch handler' },
]

describe.each(kinds)('a $server server ($api API)', ({ server, api }) => {
  let app: SpawnedApp
  const get = async (headers: Record<string, string>) => {
    if (server === 'fastify' || server === 'hono' || server === 'remix')
      return (await fetch(app.origin, { headers })).json()
    const origin = server === 'http2' ? app.origin : app.origin.replace('http:', 'https:')
    return JSON.parse(await (server === 'https' ? overHttps : overHttp2)(origin, headers)) as unknown
  }
  beforeAll(async () => {
    const env = { ...remote.env(), SERVER: server, HTTP2_API: api }
    app = await spawnApp('server-app.mjs', env, ['--import', 'mocklib/remote'])
  })
  afterAll(async () => {
    expect(await app?.stop()).toBe(0)
  })

  it("answers each request's own requests with its scope's handlers, at the same time", async () => {
    const [ada, grace] = [remote.createScope(), remote.createScope()]
    // Each resolver waits for the other's request: both incoming requests are in flight at once.
    let arrived = 0
    let bothArrived!: () => void
    const both = new Promise<void>((resolve) => (bothArrived = resolve))
    const answering = (name: string) =>
      http.get(USER, async () => {
        if (++arrived === 2) bothArrived()
        await both
        return HttpResponse.json({ name })
      })
    ada.use(answering('Ada'))
    grace.use(answering('Grace'))
    expect(await Promise.all([get(ada.headers), get(grace.headers)])).toEqual([{ name: 'Ada' }, { name: 'Grace' }])
    // A request without the header sees the remote's own handlers.
    expect(await get({})).toEqual({ name: 'root' })
    ada.close()
    grace.close()
  })
})
