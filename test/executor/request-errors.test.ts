// Invalid requests answered like a GraphQL-over-HTTP server: error bodies, statuses per policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createSchemaExecutor, type StatusPolicy } from 'mocklib/schema'
import {
  createPostsExecutor,
  CREATE_POST,
  LIST_POSTS,
  MODERN_ACCEPT,
  postGraphQL,
  SCHEMA_DIR,
} from './fixtures/posts-executor'

const URI = 'https://api.test/graphql'
const api = createPostsExecutor()
const server = setupServer(api.handler(URI))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const LEGACY_ACCEPT = 'application/json'

describe('through executor.handler(url), one handler for the endpoint', () => {
  it('an unknown field: 422 with the error and its location, for a client that accepts graphql-response+json', async () => {
    const query = 'query ListPosts {\n  posts {\n    id\n    body\n  }\n}'
    const { status, contentType, body } = await postGraphQL(URI, { query }, MODERN_ACCEPT)
    expect(status).toBe(422)
    expect(contentType).toBe('application/graphql-response+json')
    expect(body).not.toHaveProperty('data')
    const errors = body.errors as Array<{ message: string; locations: unknown }>
    expect(errors).toHaveLength(1)
    expect(errors[0].message).toContain('"body"')
    expect(errors[0].message).toContain('"Post"')
    expect(errors[0].locations).toEqual([{ line: 4, column: 5 }])
  })

  it('the same invalid query from a legacy application/json client: 200 with the errors body', async () => {
    const { status, contentType, body } = await postGraphQL(URI, { query: '{ posts { body } }' }, LEGACY_ACCEPT)
    expect(status).toBe(200)
    expect(contentType).toBe('application/json')
    expect((body.errors as Array<{ locations: unknown }>)[0].locations).toEqual([{ line: 1, column: 11 }])
    expect(body).not.toHaveProperty('data')
  })

  it('a syntax error: 400 for a current client, with the location of the error', async () => {
    const { status, body } = await postGraphQL(URI, { query: 'query ListPosts { posts { id }' }, MODERN_ACCEPT)
    expect(status).toBe(400)
    const [error] = body.errors as Array<{ message: string; locations: Array<{ line: number; column: number }> }>
    expect(error.message).toMatch(/^Syntax Error/)
    expect(error.locations).toEqual([{ line: 1, column: 31 }])
  })

  it('a variable that does not coerce: 422 and no data', async () => {
    const { status, body } = await postGraphQL(
      URI,
      { query: CREATE_POST, variables: { post: { id: '1' } } },
      MODERN_ACCEPT,
    )
    expect(status).toBe(422)
    expect(body).not.toHaveProperty('data')
    expect((body.errors as Array<{ message: string }>)[0].message).toContain('title')
  })

  it('a missing required variable: 422, and 200 for a legacy client', async () => {
    const modern = await postGraphQL(URI, { query: CREATE_POST }, MODERN_ACCEPT)
    const legacy = await postGraphQL(URI, { query: CREATE_POST })
    expect(modern.status).toBe(422)
    expect(legacy.status).toBe(200)
    expect((modern.body.errors as Array<{ message: string }>)[0].message).toContain('$post')
    expect(legacy.body.errors).toEqual(modern.body.errors)
  })

  it('operationName picks the operation in a document with several', async () => {
    const query = `${LIST_POSTS}\nquery JustIds { posts { id } }`
    const { status, body } = await postGraphQL(URI, { query, operationName: 'JustIds' }, MODERN_ACCEPT)
    expect(status).toBe(200)
    for (const post of (body.data as { posts: object[] }).posts) expect(Object.keys(post)).toEqual(['id'])
  })

  it('a mutation sent with GET: 405 with Allow: POST', async () => {
    const url = new URL(URI)
    url.searchParams.set('query', CREATE_POST)
    url.searchParams.set('variables', JSON.stringify({ post: { title: 'x' } }))
    const response = await fetch(url, { headers: { accept: MODERN_ACCEPT } })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    const body = (await response.json()) as { errors: Array<{ message: string }> }
    expect(body.errors[0].message).toContain('POST')
  })

  it('a query sent with GET is answered', async () => {
    const url = new URL(URI)
    url.searchParams.set('query', 'query ListPosts { posts { id } }')
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { data: { posts: unknown[] } }).data.posts).toHaveLength(2)
  })
})

describe('one Accept negotiation for the executor and GraphQL handlers', () => {
  it.each(['application/graphql-response+json;q=0.5, */*', MODERN_ACCEPT, 'application/*', 'text/html'])(
    'Accept %s: the same content type from both',
    async (accept) => {
      try {
        server.use(
          graphql
            .link('https://plain.test/graphql')
            .query('ListPosts', () => HttpResponse.json({ data: { posts: [] } })),
        )
        const fromExecutor = await postGraphQL(URI, { query: LIST_POSTS }, accept)
        const fromHandler = await postGraphQL('https://plain.test/graphql', { query: LIST_POSTS }, accept)
        expect(fromExecutor.contentType).toBe(fromHandler.contentType)
      } finally {
        server.resetHandlers()
      }
    },
  )
})

describe('what only a whole-endpoint handler answers', () => {
  it('an unknown operationName sent to the endpoint: 422 naming it', async () => {
    const { status, body } = await postGraphQL(URI, { query: LIST_POSTS, operationName: 'Missing' }, MODERN_ACCEPT)
    expect(status).toBe(422)
    expect(body).toEqual({ errors: [{ message: 'The document has no operation named "Missing".' }] })
  })

  it('a body that is not JSON: 400', async () => {
    const response = await fetch(URI, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: MODERN_ACCEPT },
      body: '{"query": ',
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { errors: Array<{ message: string }> }).errors[0].message).toContain(
      'not valid JSON',
    )
  })

  it('without an endpoint, handler() leaves requests that are not GraphQL to other handlers', async () => {
    try {
      // The executor's handler comes first and must not take a REST body that has a "query" key.
      server.use(
        api.handler(),
        http.post('https://search.test/find', async ({ request }) =>
          HttpResponse.json({ searched: ((await request.json()) as { query: string }).query }),
        ),
      )
      const response = await fetch('https://search.test/find', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'cats and dogs' }),
      })
      expect(await response.json()).toEqual({ searched: 'cats and dogs' })
    } finally {
      server.resetHandlers()
    }
  })
})

describe('executor.resolver called directly', () => {
  const request = (accept?: string, method = 'POST') =>
    new Request('https://api.test/graphql', { method, headers: accept === undefined ? {} : { accept } })

  it.each<[StatusPolicy, string | undefined, number, number]>([
    ['auto', MODERN_ACCEPT, 400, 422],
    ['auto', LEGACY_ACCEPT, 200, 200],
    ['auto', undefined, 200, 200],
    ['auto', 'application/json, application/graphql-response+json;q=0.5', 200, 200],
    // */* accepts application/json at q=1, above the GraphQL type's 0.5 (as for GraphQL handlers).
    ['auto', 'application/graphql-response+json;q=0.5, */*', 200, 200],
    ['graphql-over-http', LEGACY_ACCEPT, 400, 422],
    ['graphql-over-http', MODERN_ACCEPT, 400, 422],
    ['legacy-200', MODERN_ACCEPT, 200, 200],
  ])(
    'statusPolicy %s, Accept %s: syntax error %i, validation error %i',
    async (statusPolicy, accept, syntax, validation) => {
      const executor = createSchemaExecutor({ schemaFiles: SCHEMA_DIR, statusPolicy })
      const broken = await executor.resolver({ query: '{ posts {', request: request(accept) })
      const invalid = await executor.resolver({ query: '{ nothing }', request: request(accept) })
      const fine = await executor.resolver({ query: '{ posts { id } }', request: request(accept) })
      expect([broken.status, invalid.status, fine.status]).toEqual([syntax, validation, 200])
    },
  )

  it('an unknown operationName: a request error naming it', async () => {
    const response = await api.resolver({ query: LIST_POSTS, operationName: 'Nope', request: request(MODERN_ACCEPT) })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({ errors: [{ message: 'The document has no operation named "Nope".' }] })
  })

  it('several operations and no operationName: a request error that says to send one', async () => {
    const response = await api.resolver({
      query: `${LIST_POSTS} query Other { posts { id } }`,
      request: request(MODERN_ACCEPT),
    })
    expect(response.status).toBe(422)
    expect(((await response.json()) as { errors: Array<{ message: string }> }).errors[0].message).toContain(
      'operationName',
    )
  })

  it('variables that are not an object: 422', async () => {
    const response = await api.resolver({ query: LIST_POSTS, variables: [7] as never, request: request(MODERN_ACCEPT) })
    expect(response.status).toBe(422)
  })

  it('execute() gives the plain result, request errors included', async () => {
    const result = await api.execute({ query: '{ posts { id title } }' })
    expect((result.data as { posts: unknown[] }).posts).toHaveLength(2)
    const invalid = await api.execute({ query: '{ posts { nope } }' })
    expect(invalid.data).toBeUndefined()
    expect(invalid.errors?.[0].locations).toEqual([{ line: 1, column: 11 }])
  })
})
