// Near misses: when no handler takes a request, or a handler is never reached, mocklib says which
// handler came closest and why it did not match, the same way in the console message, the
// onUnhandledRequest callback, the history entry and the unused-handler report.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  graphql,
  http,
  HttpResponse,
  type NearMiss,
  type NearMissReason,
  type RequestHandler,
  type UnusedHandlerDetails,
} from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'

let open: SetupServer | undefined
afterEach(() => {
  vi.restoreAllMocks()
  try {
    open?.close()
  } catch {
    // A test that expected close() to throw has already asserted it.
  }
  open = undefined
})

/** A server whose unhandled requests fail; its console.error output is captured. */
function start(...handlers: RequestHandler[]): { server: SetupServer; printed: () => string } {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  open = setupServer(...handlers)
  open.listen({ onUnhandledRequest: 'error' })
  return { server: open, printed: () => error.mock.calls.flat().map(String).join('\n') }
}

const postGraphQL = (query: string, url = 'https://api.test/graphql') =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })

/** Sends a request no handler takes and returns its history entry's near miss. */
async function missOf(
  server: SetupServer,
  send: () => Promise<Response>,
): Promise<NearMiss<RequestHandler> | undefined> {
  await expect(send()).rejects.toThrow()
  const entry = server.history.at(-1)
  expect(entry?.reason).toBe('unhandled')
  return entry?.nearMiss
}

describe('the closest handler to an unhandled request', () => {
  it('names a handler for the same URL with another method, in the message and the history', async () => {
    const create = http.post('https://api.test/users', () => HttpResponse.json({}, { status: 201 }))
    const { server, printed } = start(create)
    const miss = await missOf(server, () => fetch('https://api.test/users'))
    expect(miss?.handler).toBe(create)
    expect(miss?.reasons).toEqual<NearMissReason[]>([{ kind: 'method', expected: 'POST', received: 'GET' }])
    expect([miss?.method, miss?.url]).toEqual(['GET', 'https://api.test/users'])
    expect(miss?.message).toMatch(
      /^The closest handler, "POST https:\/\/api\.test\/users" \(declared at .*near-misses\.test\.ts:\d+:\d+\), did not match: it takes POST requests, this is GET\.$/,
    )
    expect(printed()).toContain(miss?.message)
  })

  it('names the origin, or the one path segment, that differs', async () => {
    const users = http.get('https://api.test/users/:id/posts', () => HttpResponse.json([]))
    const { server } = start(users)
    expect((await missOf(server, () => fetch('https://api.example/users/1/posts')))?.reasons).toEqual([
      { kind: 'origin', expected: 'https://api.test', received: 'https://api.example' },
    ])
    expect((await missOf(server, () => fetch('https://api.test/users/1/post')))?.reasons).toEqual([
      { kind: 'path', segment: 3, expected: 'posts', received: 'post' },
    ])
    const shorter = await missOf(server, () => fetch('https://api.test/users/1'))
    expect(shorter?.reasons).toEqual([{ kind: 'path', segment: 3, expected: 'posts', received: undefined }])
    expect(shorter?.message).toContain('the path ends before segment 3 ("posts" in the handler)')
    // Two segments apart is not close: no near miss rather than a wrong one.
    expect(await missOf(server, () => fetch('https://api.test/teams/1/post'))).toBeUndefined()
  })

  it('names a query parameter the closest handler was written with and the request lacks', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}) // the path's query string is warned about
    const search = http.post('https://api.test/search?q=shoes', () => HttpResponse.json([]))
    const { server } = start(search)
    const miss = await missOf(server, () => fetch('https://api.test/search?page=2'))
    expect(miss?.reasons).toEqual([
      { kind: 'method', expected: 'POST', received: 'GET' },
      { kind: 'query', name: 'q' },
    ])
  })

  it('names a spent once handler first', async () => {
    const once = http.get('https://api.test/token', () => HttpResponse.text('t'), { once: true })
    const other = http.post('https://api.test/token', () => HttpResponse.text('posted'))
    const { server } = start(other, once)
    expect(await (await fetch('https://api.test/token')).text()).toBe('t')
    const miss = await missOf(server, () => fetch('https://api.test/token'))
    expect(miss?.handler).toBe(once)
    expect(miss?.reasons).toEqual([{ kind: 'once' }])
    expect(miss?.message).toContain('a { once: true } handler already spent')
  })

  it('names a GraphQL operation a few edits away, one of another type, and a graphql.link endpoint', async () => {
    const listPosts = graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } }))
    const createPost = graphql.mutation('CreatePost', () => HttpResponse.json({ data: {} }))
    const linked = graphql.link('https://other.test/graphql').query('GetUser', () => HttpResponse.json({ data: {} }))
    const { server, printed } = start(createPost, listPosts, linked)

    const name = await missOf(server, () => postGraphQL('query ListPost { posts { id } }'))
    expect(name?.handler).toBe(listPosts)
    expect(name?.reasons).toEqual([
      { kind: 'operation-name', expected: 'ListPosts', received: 'ListPost', distance: 1 },
    ])
    expect(printed()).toContain('it handles the operation "ListPosts", this is "ListPost" (1 edit apart)')

    const type = await missOf(server, () => postGraphQL('mutation ListPosts { posts { id } }'))
    expect(type?.reasons).toEqual([{ kind: 'operation-type', expected: 'query', received: 'mutation' }])
    expect(type?.message).toContain('use graphql.mutation()')

    const endpoint = await missOf(server, () => postGraphQL('query GetUser { user { id } }'))
    expect(endpoint?.handler).toBe(linked)
    expect(endpoint?.reasons).toEqual([
      { kind: 'endpoint', expected: 'https://other.test/graphql', received: 'https://api.test/graphql' },
    ])
  })

  it('prefers an operation name a few edits away to a handler for any operation on another endpoint', async () => {
    // The other endpoint's handler comes first and differs in one way too: the typo is still the likelier miss.
    const anyOperation = graphql.link('https://schema.test/graphql').operation(() => HttpResponse.json({ data: {} }))
    const listPosts = graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } }))
    const { server } = start(anyOperation, listPosts)

    const miss = await missOf(server, () => postGraphQL('query ListPost { posts { id } }'))
    expect(miss?.handler).toBe(listPosts)
  })

  it('gives the onUnhandledRequest callback the same near miss', async () => {
    const create = http.post('https://api.test/users', () => HttpResponse.json({}, { status: 201 }))
    open = setupServer(create)
    const seen: Array<NearMiss<RequestHandler> | undefined> = []
    open.listen({
      onUnhandledRequest: async (request, print) => {
        seen.push(await print.nearMiss())
        throw new Error(`unhandled ${request.method} ${request.url}`)
      },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await fetch('https://api.test/users')
    expect(response.status).toBe(500) // a throwing callback answers 500
    expect(seen).toHaveLength(1)
    expect(seen[0]).toEqual(open.history[0].nearMiss)
    expect(seen[0]?.reasons).toEqual([{ kind: 'method', expected: 'POST', received: 'GET' }])
  })
})

describe('server.waitForRequest()', () => {
  it('rejects naming why the requests that came instead did not reach the handler', async () => {
    const beacon = http.post('https://analytics.test/beacon', () => new HttpResponse(null, { status: 204 }))
    const { server } = start(beacon)
    const next = server.waitForRequest(beacon, { timeout: 100 })
    await expect(fetch('https://analytics.test/beacon')).rejects.toThrow()
    await expect(next).rejects.toThrow(
      'Requests that came instead:\n  GET https://analytics.test/beacon (it takes POST requests, this is GET)',
    )
    const any = server.waitForRequest((entry) => entry.method === 'PUT', { timeout: 100 })
    await expect(fetch('https://analytics.test/beacon')).rejects.toThrow()
    await expect(any).rejects.toThrow(
      'GET https://analytics.test/beacon (closest handler "POST https://analytics.test/beacon": it takes POST requests, this is GET)',
    )
  })
})

describe('the closest request to an unused handler', () => {
  it('is named in the report at resetHandlers(), and given to a function strategy', async () => {
    const reports: Array<{ handlers: readonly RequestHandler[]; details: UnusedHandlerDetails }> = []
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = (open = setupServer())
    server.listen({
      onUnhandledRequest: 'error',
      onUnusedHandler: (handlers, details) => reports.push({ handlers, details }),
    })
    const posts = http.get('https://api.test/users/:id/posts', () => HttpResponse.json([]))
    const never = http.get('https://api.test/settings', () => HttpResponse.json({}))
    server.use(posts, never)
    await expect(fetch('https://api.test/users/1/post')).rejects.toThrow()
    server.resetHandlers()

    expect(reports).toHaveLength(1)
    const { handlers, details } = reports[0]
    expect(handlers).toEqual([posts, never])
    const miss = details.nearMisses.get(posts)
    expect([miss?.method, miss?.url, miss?.reasons]).toEqual([
      'GET',
      'https://api.test/users/1/post',
      [{ kind: 'path', segment: 3, expected: 'posts', received: 'post' }],
    ])
    expect(details.nearMisses.has(never)).toBe(false)
    expect(details.message).toMatch(
      /GET https:\/\/api\.test\/users\/:id\/posts declared at [^\n]+\n {4}closest request: GET https:\/\/api\.test\/users\/1\/post: path segment 3 differs: "post" here, "posts" in the handler\n {2}- GET https:\/\/api\.test\/settings declared at [^\n]+\n/,
    )
    // The same explanation the unhandled-request message gave.
    expect(error.mock.calls.flat().join('\n')).toContain('path segment 3 differs: "post" here, "posts" in the handler')
  })

  it('is named in the report at close()', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const getUser = graphql.query('GetUser', () => HttpResponse.json({ data: {} }))
    const server = setupServer(getUser)
    server.listen({ onUnhandledRequest: 'error', onUnusedHandler: 'warn' })
    await expect(postGraphQL('query GetUsers { users { id } }')).rejects.toThrow()
    server.close()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0][0])).toContain(
      'closest request: POST https://api.test/graphql: it handles the operation "GetUser", this is "GetUsers" (1 edit apart)',
    )
  })
})
