import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { clearDocumentCache, documentCacheStats } from '../../src/graphql/document-cache'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'warn' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const send = (body: unknown, url = 'https://api.test/graphql') =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(
    (error: unknown) => error,
  )

/** Sends a request no handler takes and returns the unhandled-request warning. */
async function warningFor(body: unknown, url?: string): Promise<string> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  await send(body, url)
  expect(warn).toHaveBeenCalledTimes(1)
  return String(warn.mock.calls[0][0])
}

describe('diagnostics for unhandled operations', () => {
  it('names the operation type and name, and the closest handlers', async () => {
    server.use(
      graphql.query('ListPosts', () => HttpResponse.json({ data: {} })),
      graphql.query('ListUsers', () => HttpResponse.json({ data: {} })),
      graphql.mutation('CreatePost', () => HttpResponse.json({ data: {} })),
    )
    const text = await warningFor({ query: 'query ListPost { posts { id } }' })
    expect(text).toContain('GraphQL query "ListPost"')
    expect(text).toContain('The closest handler, "query ListPosts (origin: *)"')
    expect(text).toContain('it handles the operation "ListPosts", this is "ListPost" (1 edit apart)')
    expect(text).not.toContain('CreatePost')
  })

  it('says when a handler has the name but another operation type', async () => {
    server.use(graphql.mutation('ListPosts', () => HttpResponse.json({ data: {} })))
    const text = await warningFor({ query: 'query ListPosts { posts { id } }' })
    expect(text).toContain('The closest handler, "mutation ListPosts (origin: *)"')
    expect(text).toContain('it handles mutation operations, this is a query: use graphql.query()')
  })

  it('says when a linked handler has the name but another endpoint', async () => {
    server.use(graphql.link('https://other.test/graphql').query('ListPosts', () => HttpResponse.json({ data: {} })))
    const text = await warningFor({ query: 'query ListPosts { posts { id } }' })
    expect(text).toContain(
      'its graphql.link() endpoint https://other.test/graphql does not accept https://api.test/graphql',
    )
  })

  it('reports an anonymous operation once per request, pointing to graphql.operation()', async () => {
    server.use(
      graphql.query('A', () => HttpResponse.json({ data: {} })),
      graphql.query('B', () => HttpResponse.json({ data: {} })),
      graphql.mutation('C', () => HttpResponse.json({ data: {} })),
    )
    const text = await warningFor({ query: '{ posts { id } }' })
    expect(text.match(/graphql\.operation\(/g)).toHaveLength(1)
    expect(text).toContain('anonymous GraphQL query')
  })

  it('explains a body that is not valid GraphQL instead of dropping it silently', async () => {
    server.use(graphql.query('ListPosts', () => HttpResponse.json({ data: {} })))
    const text = await warningFor({ query: 'query ListPosts { posts { id }' })
    expect(text).toContain('looks like a GraphQL request')
    expect(text).toContain('not valid GraphQL: Syntax Error')
  })

  it('explains why a request to a linked endpoint is not GraphQL', async () => {
    server.use(graphql.link('https://api.test/graphql').query('ListPosts', () => HttpResponse.json({ data: {} })))
    const text = await warningFor({ notAQuery: true })
    expect(text).toContain('serves this URL, but this is not a GraphQL request: its JSON body has no "query"')
  })

  it('names an operationName the document does not define', async () => {
    server.use(graphql.query('ListPosts', () => HttpResponse.json({ data: {} })))
    const text = await warningFor({ query: 'query ListPosts { a } query Other { b }', operationName: 'Missing' })
    expect(text).toContain('"Missing", which its document does not define (it has: query ListPosts, query Other)')
  })

  it('adds nothing GraphQL to the message of a REST request', async () => {
    server.use(graphql.query('ListPosts', () => HttpResponse.json({ data: {} })))
    const text = await warningFor({ title: 'a post' }, 'https://api.test/posts')
    expect(text).not.toMatch(/GraphQL/)
  })
})

describe('parse once', () => {
  const request = (name: string) => send({ query: `query ${name} { a }`, operationName: name })

  for (const count of [1, 200]) {
    it(`parses a request's document once with ${count} GraphQL handlers, and not again for the same text`, async () => {
      const handlers = Array.from({ length: count }, (_, index) =>
        graphql.query(`Op${index}`, () => HttpResponse.json({ data: { index } })),
      )
      server.use(
        ...handlers,
        graphql.query(/^Never/, () => undefined),
        http.post('https://api.test/rest', () => HttpResponse.json({})),
      )
      clearDocumentCache()
      const last = `Op${count - 1}`
      const first = await request(last)
      expect(await (first as Response).json()).toEqual({ data: { index: count - 1 } })
      expect(documentCacheStats()).toMatchObject({ parses: 1, hits: 0 })

      await request(last)
      expect(documentCacheStats()).toMatchObject({ parses: 1, hits: 1 })
    })
  }
})
