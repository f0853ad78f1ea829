import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { graphql, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'

const github = graphql.link('https://api.github.test/graphql')
const stripe = graphql.link('https://api.stripe.test/graphql')
const server = setupServer(
  github.query('Viewer', () => HttpResponse.json({ data: { viewer: { login: 'octocat' } } })),
  stripe.query('Viewer', () => HttpResponse.json({ data: { viewer: { account: 'acct_1' } } })),
  graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [{ id: '1' }] } })),
  graphql.mutation('Ping', () => HttpResponse.json({ data: { ping: 'pong' } })),
)

// A real GraphQL server on 127.0.0.1 for the entries no handler answers.
let realServer: Server
let realUrl = ''
const realBodies: unknown[] = []
beforeAll(async () => {
  realServer = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => (text += chunk))
    req.on('end', () => {
      const body = JSON.parse(text)
      realBodies.push(body)
      const answer = (entry: { operationName?: string }) => ({ data: { real: entry.operationName ?? 'anonymous' } })
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    })
  })
  await new Promise<void>((resolve) => realServer.listen(0, '127.0.0.1', resolve))
  realUrl = `http://127.0.0.1:${(realServer.address() as AddressInfo).port}/graphql`
  server.listen({ onUnhandledRequest: 'bypass' })
})
afterEach(() => {
  server.resetHandlers()
  realBodies.length = 0
})
afterAll(async () => {
  server.close()
  await new Promise((resolve) => realServer.close(resolve))
})

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('graphql.link', () => {
  it('serves the same operation name differently at two endpoints', async () => {
    const query = 'query Viewer { viewer { login } }'
    expect(await (await postJson('https://api.github.test/graphql', { query })).json()).toEqual({
      data: { viewer: { login: 'octocat' } },
    })
    expect(await (await postJson('https://api.stripe.test/graphql', { query })).json()).toEqual({
      data: { viewer: { account: 'acct_1' } },
    })
  })

  it('does not take the operation at another endpoint', async () => {
    const response = await postJson(realUrl, { query: 'query Viewer { viewer { login } }', operationName: 'Viewer' })
    expect(await response.json()).toEqual({ data: { real: 'Viewer' } })
  })

  it('accepts wildcards and RegExps as endpoints', async () => {
    server.use(
      graphql
        .link('https://*.wild.test/graphql')
        .query('Viewer', () => HttpResponse.json({ data: { viewer: 'wild' } })),
      graphql.link(/\/regexp\/graphql$/).query('Viewer', () => HttpResponse.json({ data: { viewer: 'regexp' } })),
    )
    const query = 'query Viewer { viewer }'
    expect((await (await postJson('https://eu.wild.test/graphql', { query })).json()).data.viewer).toBe('wild')
    expect((await (await postJson('https://x.test/regexp/graphql', { query })).json()).data.viewer).toBe('regexp')
  })
})

describe('batches', () => {
  it('answers a JSON array of operations with the array of results, in order', async () => {
    const response = await postJson('https://api.test/graphql', [
      { query: 'mutation Ping { ping }', operationName: 'Ping' },
      { query: 'query ListPosts { posts { id } }', operationName: 'ListPosts' },
    ])
    expect(await response.json()).toEqual([{ data: { ping: 'pong' } }, { data: { posts: [{ id: '1' }] } }])
  })

  it('sends the entries no handler answers to the network as one smaller batch, and merges the results', async () => {
    const response = await postJson(realUrl, [
      { query: 'query Unknown1 { a }', operationName: 'Unknown1' },
      { query: 'query ListPosts { posts { id } }', operationName: 'ListPosts' },
      { query: 'query Unknown2 { b }', operationName: 'Unknown2' },
    ])
    expect(await response.json()).toEqual([
      { data: { real: 'Unknown1' } },
      { data: { posts: [{ id: '1' }] } },
      { data: { real: 'Unknown2' } },
    ])
    expect(realBodies).toEqual([
      [
        { query: 'query Unknown1 { a }', operationName: 'Unknown1' },
        { query: 'query Unknown2 { b }', operationName: 'Unknown2' },
      ],
    ])
  })

  it('lets a batch with no handled entry go to the network untouched', async () => {
    const batch = [
      { query: 'query A { a }', operationName: 'A' },
      { query: 'query B { b }', operationName: 'B' },
    ]
    const response = await postJson(realUrl, batch)
    expect(await response.json()).toEqual([{ data: { real: 'A' } }, { data: { real: 'B' } }])
    expect(realBodies).toEqual([batch])
  })

  it('honours passthrough() for one entry', async () => {
    server.use(graphql.mutation('Ping', () => passthrough()))
    const response = await postJson(realUrl, [
      { query: 'mutation Ping { ping }', operationName: 'Ping' },
      { query: 'query ListPosts { posts { id } }', operationName: 'ListPosts' },
    ])
    expect(await response.json()).toEqual([{ data: { real: 'Ping' } }, { data: { posts: [{ id: '1' }] } }])
  })

  it('uses once handlers and generators entry by entry, in order', async () => {
    server.use(graphql.mutation('Ping', () => HttpResponse.json({ data: { ping: 'first' } }), { once: true }))
    const response = await postJson('https://api.test/graphql', [
      { query: 'mutation Ping { ping }' },
      { query: 'mutation Ping { ping }' },
    ])
    expect(await response.json()).toEqual([{ data: { ping: 'first' } }, { data: { ping: 'pong' } }])
  })

  it('turns a throwing resolver into an errors entry and keeps the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      graphql.mutation('Ping', () => {
        throw new Error('boom')
      }),
    )
    const response = await postJson('https://api.test/graphql', [
      { query: 'mutation Ping { ping }' },
      { query: 'query ListPosts { posts { id } }' },
    ])
    const body = await response.json()
    expect(response.status).toBe(200)
    expect(body[0].errors[0].message).toContain('boom')
    expect(body[1]).toEqual({ data: { posts: [{ id: '1' }] } })
    expect(error).toHaveBeenCalled()
    error.mockRestore()
  })

  it('lets an http handler written for the whole batch answer it first (MSW recipe keeps working)', async () => {
    const { http } = await import('mocklib')
    server.use(http.post('https://api.test/graphql', () => HttpResponse.json([{ data: { whole: true } }])))
    const response = await postJson('https://api.test/graphql', [{ query: 'query ListPosts { posts { id } }' }])
    expect(await response.json()).toEqual([{ data: { whole: true } }])
  })
})

describe('persisted queries', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

  it('answers PersistedQueryNotFound for an unknown hash, then learns the query from the retry', async () => {
    const query = `query ListPosts { posts { id } } # ${Math.random()}`
    const hash = sha256(query)
    const extensions = { persistedQuery: { version: 1, sha256Hash: hash } }

    const miss = await (await postJson('https://api.test/graphql', { operationName: 'ListPosts', extensions })).json()
    expect(miss.errors[0].message).toBe('PersistedQueryNotFound')
    expect(miss.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND')

    const full = await (
      await postJson('https://api.test/graphql', { query, operationName: 'ListPosts', extensions })
    ).json()
    expect(full).toEqual({ data: { posts: [{ id: '1' }] } })

    const hit = await (await postJson('https://api.test/graphql', { operationName: 'ListPosts', extensions })).json()
    expect(hit).toEqual({ data: { posts: [{ id: '1' }] } })
  })

  it('does not learn a query sent with a hash that is not its own', async () => {
    const query = `query ListPosts { posts { id } } # ${Math.random()}`
    const wrong = sha256('something else')
    const extensions = { persistedQuery: { version: 1, sha256Hash: wrong } }
    await postJson('https://api.test/graphql', { query, extensions })
    const miss = await (await postJson('https://api.test/graphql', { operationName: 'ListPosts', extensions })).json()
    expect(miss.errors[0].message).toBe('PersistedQueryNotFound')
  })

  it('knows the hash of a document a handler was defined with, and hands the resolver its text', async () => {
    const { parse } = await import('graphql')
    const source = `query Hashed${Math.random().toString(36).slice(2)} { hashed }`
    const document = parse(source)
    let received = ''
    server.use(
      graphql.query(document, ({ query }) => ((received = query), HttpResponse.json({ data: { hashed: true } }))),
    )
    const response = await postJson('https://api.test/graphql', {
      extensions: { persistedQuery: { version: 1, sha256Hash: sha256(source) } },
    })
    expect(await response.json()).toEqual({ data: { hashed: true } })
    expect(received).toBe(source)
  })

  it('matches a hash-only persisted document by documentId (GraphQL over HTTP) and by APQ hash', async () => {
    const hash = sha256(`query Secret { secret } ${Math.random()}`)
    server.use(
      graphql.query({ __meta__: { hash: `sha256:${hash}` } }, () => HttpResponse.json({ data: { secret: 42 } })),
    )
    const byId = await (await postJson('https://api.test/graphql', { documentId: `sha256:${hash}` })).json()
    expect(byId).toEqual({ data: { secret: 42 } })
    const byApq = await (
      await postJson('https://api.test/graphql', { extensions: { persistedQuery: { version: 1, sha256Hash: hash } } })
    ).json()
    expect(byApq).toEqual({ data: { secret: 42 } })
  })
})

describe('batch entry labels', () => {
  it('names an entry sent without operationName by its document, not as anonymous', async () => {
    const form = new FormData()
    form.set(
      'operations',
      JSON.stringify([
        { query: 'query ListPosts { posts { id } }' },
        { query: 'query MissingOne { a }', variables: {} },
      ]),
    )
    form.set('map', '{}')
    const response = await fetch('https://api.test/graphql', { method: 'POST', body: form })
    const [first, second] = await response.json()
    expect(first).toEqual({ data: { posts: [{ id: '1' }] } })
    expect(second.errors[0].message).toContain('"MissingOne"')
    expect(second.errors[0].message).not.toContain('anonymous')
  })
})
