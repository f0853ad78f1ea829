// Cross-process mocking end to end: an Express app spawned with `node` mocks through this test
// process's remote (listen({ remote: true })), driven by a plain HTTP client (fetch).
import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { HttpResponse, graphql, http as rest, passthrough } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deferred } from '../helpers/deferred'
import { heldEvents } from './held-events'
import { spawnApp, type SpawnedApp } from './spawn-app'

const API = 'https://api.example.test'
const remote = setupRemoteServer(rest.get(`${API}/user`, () => HttpResponse.json({ name: 'root' })))
const exceptions: Error[] = []
remote.events.on('unhandledException', ({ error }) => exceptions.push(error))

let app: SpawnedApp
let upstream: http.Server
let upstreamUrl: string

beforeAll(async () => {
  await remote.listen()
  upstream = http.createServer((req, res) => res.end(`real ${req.url}`))
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  app = await spawnApp('express-app.mjs', remote.env())
})

afterAll(async () => {
  // The app closes its server and mocklib's on SIGTERM: it must then exit by itself, with 0.
  expect(await app?.stop()).toBe(0)
  await remote.close()
  upstream?.close()
})

interface Via {
  method?: string
  body?: BodyInit
  headers?: Record<string, string>
  client?: 'fetch' | 'http'
  through?: SpawnedApp
}

/** Asks the app to request `target` and answer with what it got. */
function via(
  target: string,
  { method = 'GET', body, headers, client = 'fetch', through = app }: Via = {},
): Promise<Response> {
  const query = new URLSearchParams({ url: target, client })
  return fetch(`${through.origin}/forward?${query}`, { method, body, headers, duplex: 'half' } as RequestInit)
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

it('many app processes share one remote, each request in its own scope', async () => {
  const second = await spawnApp('express-app.mjs', remote.env())
  try {
    const inScope = (name: string, through: SpawnedApp) =>
      remote.boundary(async () => {
        remote.use(rest.get(`${API}/user`, () => HttpResponse.json({ name })))
        return (await via(`${API}/user`, { headers: remote.headers(), through })).json()
      })()
    const answers = await Promise.all([
      inScope('first app', app),
      inScope('second app', second),
      via(`${API}/user`, { through: second }).then((response) => response.json()),
    ])
    expect(answers).toEqual([{ name: 'first app' }, { name: 'second app' }, { name: 'root' }])
  } finally {
    expect(await second.stop()).toBe(0)
  }
})

describe.each(['fetch', 'http'] as const)('requests the app makes with %s', (client) => {
  it('are answered by the remote’s handlers when unscoped', async () => {
    const response = await via(`${API}/user`, { client })
    expect(await response.json()).toEqual({ name: 'root' })
  })

  it('see the overrides of their own test’s scope only, in parallel', async () => {
    const inScope = (name: string) =>
      remote.boundary(async () => {
        remote.use(rest.get(`${API}/user`, () => HttpResponse.json({ name })))
        const response = await via(`${API}/user`, { client, headers: remote.headers() })
        return response.json()
      })()
    const [first, second] = await Promise.all([inScope('first'), inScope('second')])
    expect([first, second]).toEqual([{ name: 'first' }, { name: 'second' }])
    expect(await (await via(`${API}/user`, { client })).json()).toEqual({ name: 'root' })
  })

  it('carry their bodies byte for byte, and the mocked body back', async () => {
    const sent = new Uint8Array(randomBytes(3 * 1024 * 1024))
    const answer = new Uint8Array(randomBytes(2 * 1024 * 1024))
    const scope = remote.createScope()
    scope.use(
      rest.post(`${API}/upload`, async ({ request }) =>
        HttpResponse.text(sha256(new Uint8Array(await request.arrayBuffer()))),
      ),
      rest.get(`${API}/download`, () =>
        HttpResponse.arrayBuffer(answer.buffer, { headers: { 'content-type': 'application/octet-stream' } }),
      ),
    )
    const uploaded = await via(`${API}/upload`, { client, method: 'POST', body: sent, headers: scope.headers })
    expect(await uploaded.text()).toBe(sha256(sent))
    const downloaded = await via(`${API}/download`, { client, headers: scope.headers })
    expect(sha256(new Uint8Array(await downloaded.arrayBuffer()))).toBe(sha256(answer))
    scope.close()
  })
})

describe('every resolver outcome reaches the app', () => {
  it('passthrough(): the app performs the request itself', async () => {
    remote.use(rest.get(`${upstreamUrl}/through`, () => passthrough()))
    expect(await (await via(`${upstreamUrl}/through`)).text()).toBe('real /through')
    remote.resetHandlers()
  })

  it('no remote handler: the app’s own handlers, then its onUnhandledRequest (bypass)', async () => {
    expect(await (await via(`${API}/local-only`)).json()).toEqual({ from: 'app' })
    expect(await (await via(`${upstreamUrl}/nobody`)).text()).toBe('real /nobody')
  })

  it('HttpResponse.error(): the app’s client gets a network error', async () => {
    const scope = remote.createScope()
    scope.use(rest.get(`${API}/down`, () => HttpResponse.error()))
    const response = await via(`${API}/down`, { headers: scope.headers })
    expect(response.status).toBe(502)
    expect((await response.json()).error).toMatch(/fetch/i)
    scope.close()
  })

  it('a resolver that throws: the 500 the in-process pipeline gives, and unhandledException in the test', async () => {
    const scope = remote.createScope()
    scope.use(
      rest.get(`${API}/boom`, () => {
        throw new Error('resolver exploded')
      }),
    )
    const response = await via(`${API}/boom`, { headers: scope.headers })
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ name: 'Error', message: 'resolver exploded' })
    expect(exceptions.map((error) => error.message)).toContain('resolver exploded')
    scope.close()
  })

  it('once and generators keep their state per scope', async () => {
    const scope = remote.createScope()
    scope.use(
      rest.get(`${API}/user`, () => HttpResponse.json({ name: 'once' }), { once: true }),
      rest.get(`${API}/count`, function* () {
        yield HttpResponse.text('1')
        yield HttpResponse.text('2')
        return HttpResponse.text('last')
      }),
    )
    const names = [
      await via(`${API}/user`, { headers: scope.headers }),
      await via(`${API}/user`, { headers: scope.headers }),
    ]
    expect(await Promise.all(names.map((response) => response.json()))).toEqual([{ name: 'once' }, { name: 'root' }])
    const counts: string[] = []
    for (let index = 0; index < 4; index++)
      counts.push(await (await via(`${API}/count`, { headers: scope.headers })).text())
    expect(counts).toEqual(['1', '2', 'last', 'last'])
    scope.close()
  })

  it('status, status text and GraphQL operations', async () => {
    const scope = remote.createScope()
    scope.use(
      rest.get(`${API}/teapot`, () =>
        HttpResponse.text('short and stout', { status: 418, statusText: "I'm a teapot" }),
      ),
      graphql.query('GetUser', ({ variables }) =>
        HttpResponse.json({ data: { user: { id: variables.id, name: 'From the test' } } }),
      ),
    )
    const teapot = await via(`${API}/teapot`, { headers: scope.headers })
    expect([teapot.status, teapot.headers.get('x-upstream-status-text'), await teapot.text()]).toEqual([
      418,
      "I'm a teapot",
      'short and stout',
    ])
    const query = JSON.stringify({
      query: 'query GetUser($id: ID!) { user(id: $id) { id name } }',
      variables: { id: '7' },
    })
    const result = await via(`${API}/graphql`, {
      method: 'POST',
      body: query,
      headers: { ...scope.headers, 'content-type': 'application/json' },
    })
    expect(await result.json()).toEqual({ data: { user: { id: '7', name: 'From the test' } } })
    scope.close()
  })
})

describe('streams and scopes', () => {
  it('a mocked body reaches the app’s client as the resolver produces it', async () => {
    const events = heldEvents(`${API}/events`)
    const scope = remote.createScope()
    scope.use(events.handler)
    await events.expectPartByPart(await via(`${API}/events`, { headers: scope.headers }))
    scope.close()
  })

  it('a scope that ends while its request is in flight: a clear error, no hang', async () => {
    const started = deferred()
    const scope = remote.createScope()
    scope.use(
      rest.get(`${API}/slow`, async () => {
        started.resolve()
        await new Promise(() => {})
      }),
    )
    const pending = via(`${API}/slow`, { headers: scope.headers })
    await started.promise
    scope.close()
    const response = await pending
    expect(response.status).toBe(502)
    expect((await response.json()).error).toMatch(
      new RegExp(`scope ${scope.id} ended .* GET ${API}/slow was in flight`),
    )
    // A request of the ended scope is refused as well, naming it.
    const late = await via(`${API}/slow`, { headers: scope.headers })
    expect((await late.json()).error).toMatch(new RegExp(`scope ${scope.id} is not open`))
  })
})
