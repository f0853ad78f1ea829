// An app serving HTTP/2 (node:http2, core and compatibility APIs) binds each incoming stream to
// the scope its headers carry, as node:http servers do: the requests it makes while serving one
// are answered by that scope's handlers.
import http2 from 'node:http2'
import { HttpResponse, http } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnApp, type SpawnedApp } from './spawn-app'

const USER = 'https://api.example.test/user'
const remote = setupRemoteServer(http.get(USER, () => HttpResponse.json({ name: 'root' })))

beforeAll(() => remote.listen())
afterAll(() => remote.close())

/** GET / over one HTTP/2 session, with `headers`: the body the app answered. */
async function get(origin: string, headers: Record<string, string>): Promise<unknown> {
  const session = http2.connect(origin)
  try {
    const stream = session.request({ ':path': '/', ...headers })
    stream.setEncoding('utf8')
    let body = ''
    for await (const chunk of stream) body += chunk as string
    return JSON.parse(body)
  } finally {
    session.close()
  }
}

describe.each(['stream', 'compat'])('an http2 server (%s API)', (api) => {
  let app: SpawnedApp
  beforeAll(async () => {
    app = await spawnApp('http2-app.mjs', { ...remote.env(), HTTP2_API: api }, ['--import', 'mocklib/remote'])
  })
  afterAll(async () => {
    expect(await app?.stop()).toBe(0)
  })

  it("answers each stream's requests with its own scope's handlers, at the same time", async () => {
    const [ada, grace] = [remote.createScope(), remote.createScope()]
    // Each resolver waits for the other's request: both streams are in flight at once.
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
    expect(await Promise.all([get(app.origin, ada.headers), get(app.origin, grace.headers)])).toEqual([
      { name: 'Ada' },
      { name: 'Grace' },
    ])
    // A stream without the header sees the remote's own handlers.
    expect(await get(app.origin, {})).toEqual({ name: 'root' })
    ada.close()
    grace.close()
  })
})
