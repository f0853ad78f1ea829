import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { graphql, http, HttpResponse } from 'mocklib'
import { createMiddleware } from 'mocklib/node'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const dir = `test-artifacts/middleware-${process.pid}`
let vite: ViteDevServer
let origin: string

beforeAll(async () => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}/index.html`, '<!doctype html><title>app</title>')
  vite = await createServer({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1' },
    plugins: [
      {
        name: 'mocks',
        configureServer(server) {
          server.middlewares.use(createMiddleware(http.get('/api/user', () => HttpResponse.json({ name: 'Ada' }))))
          // GraphQL handlers read POST bodies to find the operation: mounted where they answer.
          server.middlewares.use(
            '/graphql',
            createMiddleware(graphql.query('GetUser', () => HttpResponse.json({ data: { user: { name: 'Ada' } } }))),
          )
          // The app's own route after the mocks: it must get unhandled bodies whole.
          server.middlewares.use('/echo', (request, response) => {
            const chunks: Buffer[] = []
            request.on('data', (chunk: Buffer) => chunks.push(chunk))
            request.on('end', () => response.end(`echo:${Buffer.concat(chunks).toString()}`))
          })
        },
      },
    ],
  })
  await vite.listen()
  const address = vite.httpServer!.address() as { port: number }
  origin = `http://127.0.0.1:${address.port}`
})

afterAll(async () => {
  await vite.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('createMiddleware in a Vite dev server', () => {
  it('answers mocked routes and GraphQL operations, and leaves the rest to Vite and the app', async () => {
    expect(await (await fetch(`${origin}/api/user`)).json()).toEqual({ name: 'Ada' })
    const graphqlResponse = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query GetUser { user { name } }' }),
    })
    expect(await graphqlResponse.json()).toEqual({ data: { user: { name: 'Ada' } } })
    expect(await (await fetch(`${origin}/`)).text()).toContain('<title>app</title>')
    const body = 'x'.repeat(200_000)
    const echoed = await fetch(`${origin}/echo`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    })
    expect(await echoed.text()).toBe(`echo:${body}`)
  })
})
