// createMiddleware() in an Express 5 app, the way @mswjs/http-middleware's users mount it: mocked
// routes and GraphQL operations answer, other requests reach the app's own routes and body
// parser untouched, and Express's own 404 still answers what nobody serves.
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { graphql, http, HttpResponse } from 'mocklib'
import { createMiddleware } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Express ships no declarations (and the project has no @types/express): what this test uses of it.
type Route = (
  request: IncomingMessage & { body?: unknown },
  response: ServerResponse & { json(body: unknown): void },
) => void
interface ExpressApp {
  (request: IncomingMessage, response: ServerResponse): void
  use(...middleware: unknown[]): void
  post(path: string, route: Route): void
}
const express = createRequire(import.meta.url)('express') as {
  (): ExpressApp
  json(options: { limit: string }): unknown
}

let server: Server
let origin: string

beforeAll(async () => {
  const app = express()
  app.use(
    createMiddleware(
      http.get('/api/user', () => HttpResponse.json({ name: 'Ada' })),
      http.post('/api/login', async ({ request }) => {
        const { user } = (await request.json()) as { user: string }
        return HttpResponse.json({ token: `token-for-${user}` }, { status: 201 })
      }),
    ),
  )
  // GraphQL handlers read POST bodies to find the operation: mounted where they answer (docs/serve.md).
  app.use(
    '/graphql',
    createMiddleware(
      graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id } } })),
    ),
  )
  // The app's own routes after the mocks: what no handler answered arrives here whole.
  app.use(express.json({ limit: '1mb' }))
  app.post('/api/echo', (request, response) => response.json({ echoed: request.body }))
  server = createServer(app)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const postJson = (path: string, body: unknown) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('createMiddleware on Express', () => {
  it('answers mocked routes, reading a POST body the resolver asks for', async () => {
    expect(await (await fetch(`${origin}/api/user`)).json()).toEqual({ name: 'Ada' })
    const login = await postJson('/api/login', { user: 'ada' })
    expect(login.status).toBe(201)
    expect(await login.json()).toEqual({ token: 'token-for-ada' })
  })

  it('answers the GraphQL operations it mocks where it is mounted', async () => {
    const query = 'query GetUser($id: ID!) { user(id: $id) { id } }'
    const mocked = await postJson('/graphql', { query, variables: { id: '7' } })
    expect(await mocked.json()).toEqual({ data: { user: { id: '7' } } })
  })

  it("leaves unmocked requests to the app's routes and body parser, and to Express's 404", async () => {
    const large = { items: Array.from({ length: 5000 }, (_, index) => ({ index, label: `item ${index}` })) }
    expect(await (await postJson('/api/echo', large)).json()).toEqual({ echoed: large })
    const missing = await fetch(`${origin}/api/nothing`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Cannot GET /api/nothing')
  })
})
