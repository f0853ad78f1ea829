// Hand-written mock bodies checked against the schema and the request's selection.
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { format } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createSchemaExecutor, type BodyCheckMode } from 'mocklib/schema'
import { LIST_POSTS, MODERN_ACCEPT, postGraphQL } from './fixtures/posts-executor'

const URI = 'https://api.test/graphql'

const typeDefs = /* GraphQL */ `
  interface Node {
    id: ID!
  }
  type User implements Node {
    id: ID!
    name: String!
    age: Int
  }
  type Post implements Node {
    id: ID!
    title: String!
  }
  union SearchResult = User | Post
  type Query {
    posts: [Post!]!
    me: User!
    node(id: ID!): Node
    search(text: String!): [SearchResult!]!
  }
`
const api = createSchemaExecutor({ typeDefs })
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const ME = 'query Me { me { id name age } }'
const SEARCH = 'query Search { search(text: "a") { __typename ... on User { name } ... on Post { title } } }'

/** Serves `data` for every operation, through a checked graphql.operation() handler. */
function serve(data: Record<string, unknown>, mode?: BodyCheckMode) {
  server.use(
    api.check(
      graphql.operation(() => HttpResponse.json({ data })),
      mode === undefined ? undefined : { mode },
    ),
  )
}

describe('a body that fits is sent the way a server would send it', () => {
  it('adds __typename where the query asks for it, coerces ID, drops fields the query did not select', async () => {
    serve({
      posts: [
        { id: 1, title: 'Hello', body: 'not in the schema' },
        { id: '2', title: 'World' },
      ],
    })
    const { status, body } = await postGraphQL(URI, { query: 'query ListPosts { posts { __typename id } }' })
    expect(status).toBe(200)
    expect(body).toEqual({
      data: {
        posts: [
          { __typename: 'Post', id: '1' },
          { __typename: 'Post', id: '2' },
        ],
      },
    })
  })

  it('keeps the errors, extensions, status and headers the resolver chose', async () => {
    server.use(
      api.check(
        graphql.query('Me', () =>
          HttpResponse.json(
            {
              errors: [{ message: 'partial', path: ['me', 'age'] }],
              data: { me: { id: 5, name: 'Ada', age: null } },
              extensions: { cost: 1 },
            },
            { status: 200, headers: { 'x-mock': 'yes' } },
          ),
        ),
      ),
    )
    const response = await fetch(URI, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: MODERN_ACCEPT },
      body: JSON.stringify({ query: ME }),
    })
    expect(response.headers.get('x-mock')).toBe('yes')
    // The handler's own content negotiation still applies.
    expect(response.headers.get('content-type')).toBe('application/graphql-response+json')
    expect(await response.json()).toEqual({
      errors: [{ message: 'partial', path: ['me', 'age'] }],
      data: { me: { id: '5', name: 'Ada', age: null } },
      extensions: { cost: 1 },
    })
  })

  it('lets Apollo Client 4 read a body written without __typename', async () => {
    server.use(
      api.check(
        graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [{ id: 1, title: 'Hand-written' }] } })),
      ),
    )
    const client = new ApolloClient({ link: new HttpLink({ uri: URI }), cache: new InMemoryCache() })
    const { data } = await client.query({ query: gql(LIST_POSTS) })
    expect(data).toEqual({ posts: [{ __typename: 'Post', id: '1', title: 'Hand-written' }] })
  })

  it('checks each answer of a generator resolver', async () => {
    server.use(
      api.check(
        graphql.query('ListPosts', function* () {
          yield HttpResponse.json({ data: { posts: [{ id: 1, title: 'first' }] } })
          return HttpResponse.json({ data: { posts: [{ id: 2, title: 'last' }] } })
        }),
      ),
    )
    const first = await postGraphQL(URI, { query: LIST_POSTS })
    const second = await postGraphQL(URI, { query: LIST_POSTS })
    expect(first.body).toEqual({ data: { posts: [{ id: '1', title: 'first' }] } })
    expect(second.body).toEqual({ data: { posts: [{ id: '2', title: 'last' }] } })
  })
})

/** The failures the issue lists, each with the path it must be reported at. */
const failures: Array<{ name: string; query: string; data: Record<string, unknown>; path: string; text: RegExp }> = [
  {
    name: 'a null in a non-null field',
    query: LIST_POSTS,
    data: {
      posts: [
        { id: '1', title: 'ok' },
        { id: '2', title: null },
      ],
    },
    path: 'posts[1].title',
    text: /null in non-null field Post\.title \(String!\)/,
  },
  {
    name: 'a wrong scalar type',
    query: ME,
    data: { me: { id: '1', name: 'Ada', age: 'old' } },
    path: 'me.age',
    text: /"old" is not a valid Int for User\.age/,
  },
  {
    name: 'a missing field',
    query: ME,
    data: { me: { id: '1', name: 'Ada' } },
    path: 'me.age',
    text: /missing: the query selects User\.age of type Int/,
  },
  {
    name: 'a wrong type for an abstract field (a __typename that is not a member)',
    query: SEARCH,
    data: {
      search: [
        { __typename: 'User', name: 'Ada' },
        { __typename: 'Comment', title: 'x' },
      ],
    },
    path: 'search[1]',
    text: /__typename "Comment" is not a possible type of SearchResult \(one of User, Post\)/,
  },
  {
    name: 'a wrong type for an abstract field (no __typename)',
    query: 'query Node { node(id: "1") { id } }',
    data: { node: { id: '1' } },
    path: 'node',
    text: /returns the Node interface: the object needs a "__typename", one of (User, Post|Post, User)/,
  },
]

describe.each(failures)('$name', ({ query, data, path, text }) => {
  it('strict: the request fails with a readable error naming the handler, the operation and the path', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    serve(data, 'strict')
    const { status, body } = await postGraphQL(URI, { query })
    expect(status).toBe(500)
    expect(body.name).toBe('BodyMismatchError')
    const message = body.message as string
    expect(message).toContain(`The mock body of the handler "${handlerHeader()}"`)
    expect(message).toContain(`for query ${/query (\w+)/.exec(query)![1]}`)
    expect(message).toContain(`  - ${path}: `)
    expect(message).toMatch(text)
    expect(printed).toHaveBeenCalled()
  })

  it('warn: the body is sent as written, and the same report is printed', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    serve(data, 'warn')
    const { status, body } = await postGraphQL(URI, { query })
    expect(status).toBe(200)
    expect(body).toEqual({ data })
    expect(warned).toHaveBeenCalledTimes(1)
    const message = String(warned.mock.calls[0][0])
    expect(message).toContain(`  - ${path}: `)
    expect(message).toMatch(text)
    expect(message).toContain('sent as written')
  })
})

/** The header of the graphql.operation() handler `serve()` creates. */
function handlerHeader(): string {
  return graphql.operation(() => undefined).info.header
}

it('reports every problem of a body at once, each at its path', async () => {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  serve({ posts: [{ id: 1 }, { id: {}, title: null }, 'x', { id: '3', title: 'fine' }] })
  const { status, body } = await postGraphQL(URI, { query: LIST_POSTS })
  expect(status).toBe(500)
  const lines = (body.message as string).split('\n').filter((line) => line.startsWith('  - '))
  expect(lines.map((line) => line.slice(4, line.indexOf(': ')))).toEqual([
    'posts[2]',
    'posts[0].title',
    'posts[1].id',
    'posts[1].title',
  ])
  expect(lines[0]).toContain('Query.posts holds objects of type Post, got string "x"')
  expect(printed).toHaveBeenCalledTimes(1)
})

it('prints a mismatch in strict mode as what it is, once: the report, no "handler threw" advice, no stack', async () => {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  serve({ posts: [{ id: 1, title: null }] }, 'strict')
  const { status, body } = await postGraphQL(URI, { query: LIST_POSTS })
  expect(status).toBe(500)
  expect(printed).toHaveBeenCalledTimes(1)
  // What the console shows: its arguments as Node prints them.
  const shown = format(...(printed.mock.calls[0] as unknown[]))
  expect(shown).toContain(body.message as string)
  expect(shown.split('posts[0].title').length - 1).toBe(1)
  expect(shown).toContain('mocklib answered 500 with this error as JSON')
  expect(shown).not.toContain('Fix the handler, or throw a Response')
  expect(shown).not.toMatch(/^\s+at /m)
})

describe('modes', () => {
  it("'off' (per handler) sends the body as-is, like an unchecked handler", async () => {
    serve({ posts: [{ id: 1, title: null }] }, 'off')
    const { body } = await postGraphQL(URI, { query: LIST_POSTS })
    expect(body).toEqual({ data: { posts: [{ id: 1, title: null }] } })
  })

  it('the executor-wide mode applies to checkAll() handlers; a per-handler mode wins over it', async () => {
    const lenient = createSchemaExecutor({ typeDefs, bodyChecks: 'warn' })
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const rest = http.get('https://api.test/health', () => HttpResponse.json({ ok: true }))
    const handlers = lenient.checkAll([
      graphql.query('Me', () => HttpResponse.json({ data: { me: { id: '1', name: null } } })),
      rest,
    ])
    expect(handlers[1]).toBe(rest)
    server.use(
      lenient.check(
        graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [{ id: '1' }] } })),
        { mode: 'strict' },
      ),
      ...handlers,
    )

    const me = await postGraphQL(URI, { query: 'query Me { me { id name } }' })
    expect(me.status).toBe(200)
    expect(warned).toHaveBeenCalledTimes(1)
    const posts = await postGraphQL(URI, { query: LIST_POSTS })
    expect(posts.status).toBe(500)
    expect(await (await fetch('https://api.test/health')).json()).toEqual({ ok: true })
  })

  it('an operation that does not validate against the schema is reported as such', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(api.check(graphql.query('Other', () => HttpResponse.json({ data: { weather: 'sunny' } }))))
    const { status, body } = await postGraphQL(URI, { query: 'query Other { weather }' })
    expect(status).toBe(500)
    expect(body.message).toContain('  - (operation): the operation does not validate against the schema')
  })

  it('bodies without data, and responses that are not JSON, are left alone', async () => {
    server.use(
      api.check(graphql.query('ListPosts', () => HttpResponse.json({ errors: [{ message: 'down' }] }))),
      api.check(graphql.query('Me', (): Response => HttpResponse.text('plain', { status: 503 }))),
    )
    expect((await postGraphQL(URI, { query: LIST_POSTS })).body).toEqual({ errors: [{ message: 'down' }] })
    const response = await fetch(URI, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: ME }),
    })
    expect([response.status, await response.text()]).toEqual([503, 'plain'])
  })

  it('check() refuses what is not a GraphQL handler, and an unknown mode, with a clear error', () => {
    expect(() => api.check(http.get('/x', () => undefined))).toThrow(
      /wraps GraphQL handlers only; "GET \/x" is a "http" handler/,
    )
    expect(() => api.check({} as never)).toThrow('executor.check() needs a GraphQL request handler')
    expect(() =>
      api.check(
        graphql.operation(() => undefined),
        { mode: 'loud' as never },
      ),
    ).toThrow("Unknown body check mode string \"loud\". Use 'strict', 'warn' or 'off'.")
  })
})
