// GraphQL under msw 2.14 and mocklib: query/mutation/operation matching, links, variables,
// GET queries, anonymous operations, content negotiation, resolver arguments, documents as
// predicates, errors/extensions bodies, cookies.
import { parse } from 'graphql'
import type { RequestHandler } from 'mocklib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRecordingServer, type RecordingServer } from '../helpers/recording-server'
import { consoleCalls, fetchOutcome, runBoth, withServer, type Lib } from './harness'

let real: RecordingServer
beforeAll(async () => {
  real = await startRecordingServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ data: { fromServer: true } }))
  })
})
afterAll(() => real.close())

type Handlers = (lib: Lib) => RequestHandler[]

interface Op {
  query: string
  variables?: Record<string, unknown>
  operationName?: string
  extensions?: Record<string, unknown>
}

function post(url: string, op: Op, headers: Record<string, string> = {}) {
  return fetchOutcome(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(op),
  })
}

function get(url: string, op: Op, headers: Record<string, string> = {}) {
  const search = new URLSearchParams({ query: op.query })
  if (op.variables) search.set('variables', JSON.stringify(op.variables))
  if (op.operationName) search.set('operationName', op.operationName)
  return fetchOutcome(`${url}?${search}`, { headers })
}

async function scenario(handlers: Handlers, send: () => Promise<unknown>) {
  return runBoth(async (lib) => {
    real.requests.length = 0
    const { result, calls } = await consoleCalls(() =>
      withServer(lib, handlers(lib), { onUnhandledRequest: 'bypass' }, send),
    )
    return { result, calls, reachedServer: real.requests.length }
  })
}

const endpoint = () => `${real.origin}/graphql`
const echo =
  (lib: Lib) =>
  ({ query, variables, operationName }: { query: string; variables: unknown; operationName: string }) =>
    lib.HttpResponse.json({ data: { query, variables, operationName } })

describe('matching', () => {
  it('query and mutation by name and by operation type', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.query('GetUser', () => lib.HttpResponse.json({ data: { user: { name: 'q' } } })),
        lib.graphql.mutation('GetUser', () => lib.HttpResponse.json({ data: { user: { name: 'm' } } })),
      ],
      async () => [
        await post(endpoint(), { query: 'query GetUser { user { name } }' }),
        await post(endpoint(), { query: 'mutation GetUser { user { name } }' }),
        await post(endpoint(), { query: 'query Other { user { name } }' }),
        await post(endpoint(), { query: 'subscription GetUser { user { name } }' }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('a RegExp matches the operation name', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.query(/^Get/, ({ operationName }) => lib.HttpResponse.json({ data: { operationName } }))],
      async () => [
        await post(endpoint(), { query: 'query GetUser { user { id } }' }),
        await post(endpoint(), { query: 'query ListUsers { users { id } }' }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('graphql.operation() takes every operation, anonymous ones too', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.operation(echo(lib) as never)],
      async () => [
        await post(endpoint(), { query: 'query A { a }' }),
        await post(endpoint(), { query: 'mutation B($x: Int) { b(x: $x) }', variables: { x: 1 } }),
        await post(endpoint(), { query: '{ anonymous }' }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('a named handler never takes an anonymous operation: it goes to the network', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.query('GetUser', () => lib.HttpResponse.json({ data: {} }))],
      () => post(endpoint(), { query: 'query { user { id } }' }),
    )
    expect(mocklib.result).toEqual(msw.result)
    expect(mocklib.reachedServer).toEqual(msw.reachedServer)
  })

  it('an unhandled anonymous operation is reported with a warning under the default strategy', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const { calls } = await consoleCalls(() =>
        withServer(lib, [lib.graphql.query('GetUser', () => lib.HttpResponse.json({ data: {} }))], {}, () =>
          post(endpoint(), { query: 'query { user { id } }' }),
        ),
      )
      return calls
    })
    expect(mocklib).toEqual(msw)
  })

  it('handlers without a link take the operation at any URL', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.query('GetUser', () => lib.HttpResponse.json({ data: { ok: 1 } }))],
      async () => [
        await post(`${real.origin}/api/graphql`, { query: 'query GetUser { ok }' }),
        await post(`${real.origin}/other`, { query: 'query GetUser { ok }' }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('link scoping: each endpoint answers with its own handlers', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => {
        const github = lib.graphql.link(`${real.origin}/github`)
        const stripe = lib.graphql.link(`${real.origin}/stripe`)
        return [
          github.query('Viewer', () => lib.HttpResponse.json({ data: { from: 'github' } })),
          stripe.query('Viewer', () => lib.HttpResponse.json({ data: { from: 'stripe' } })),
          stripe.operation(() => lib.HttpResponse.json({ data: { from: 'stripe any' } })),
        ]
      },
      async () => [
        await post(`${real.origin}/github`, { query: 'query Viewer { login }' }),
        await post(`${real.origin}/stripe`, { query: 'query Viewer { login }' }),
        await post(`${real.origin}/stripe`, { query: 'mutation Pay { pay }' }),
        await post(`${real.origin}/gitlab`, { query: 'query Viewer { login }' }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('a link with a wildcard endpoint', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.link(`${real.origin}/v*/graphql`).query('Q', () => lib.HttpResponse.json({ data: { ok: true } })),
      ],
      async () => [
        await post(`${real.origin}/v1/graphql`, { query: 'query Q { ok }' }),
        await post(`${real.origin}/graphql`, { query: 'query Q { ok }' }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('a custom predicate sees the operation', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.query(
          (({ operationName, variables }: { operationName: string; variables: Record<string, unknown> }) =>
            operationName === 'GetUser' && variables.id === '1') as never,
          () => lib.HttpResponse.json({ data: { matched: true } }),
        ),
      ],
      async () => [
        await post(endpoint(), { query: 'query GetUser($id: ID) { user(id: $id) { id } }', variables: { id: '1' } }),
        await post(endpoint(), { query: 'query GetUser($id: ID) { user(id: $id) { id } }', variables: { id: '2' } }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('a document as predicate matches by its name and type', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.query(parse('query GetUser { user { id } }') as never, () =>
          lib.HttpResponse.json({ data: { doc: 'query' } }),
        ),
        lib.graphql.mutation(parse('mutation Login { login }') as never, () =>
          lib.HttpResponse.json({ data: { doc: 'mutation' } }),
        ),
      ],
      async () => [
        await post(endpoint(), { query: 'query GetUser { user { id name } }' }),
        await post(endpoint(), { query: 'mutation Login { login }' }),
        await post(endpoint(), { query: 'query Login { login }' }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('a document of the wrong operation type throws at definition', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      try {
        lib.graphql.query(parse('mutation Login { login }') as never, () => undefined)
        return 'created'
      } catch (error) {
        return error instanceof Error ? 'throws' : 'throws a non-Error'
      }
    })
    expect(mocklib).toEqual(msw)
  })
})

describe('requests', () => {
  it('variables reach the resolver; none gives {}', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.query('Q', ({ variables }) => lib.HttpResponse.json({ data: { variables } }))],
      async () => [
        await post(endpoint(), { query: 'query Q($a: Int, $b: [String]) { x }', variables: { a: 1, b: ['x', 'y'] } }),
        await post(endpoint(), { query: 'query Q { x }' }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('GET queries with query, variables and operationName in the URL', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.query('GetUser', echo(lib) as never)],
      async () => [
        await get(endpoint(), { query: 'query GetUser($id: ID) { user(id: $id) { id } }', variables: { id: '7' } }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('the resolver argument has the same keys and values', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.query('GetUser', (info) => {
          const record = info as unknown as Record<string, unknown>
          return lib.HttpResponse.json({
            data: {
              keys: Object.keys(info)
                .filter((key) => key !== 'extensions')
                .sort(),
              query: info.query,
              operationName: info.operationName,
              operationType: record.operationType,
              variables: info.variables,
              cookies: info.cookies,
              request: `${info.request.method} ${info.request.url}`,
            },
          })
        }),
      ],
      () =>
        post(endpoint(), { query: 'query GetUser { user { id } }', variables: { a: 1 } }, { cookie: 'session=abc' }),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a resolver reading request.json() sees the raw body', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.mutation('Save', async ({ request }) =>
          lib.HttpResponse.json({ data: { body: await request.json() } }),
        ),
      ],
      () => post(endpoint(), { query: 'mutation Save { save }', variables: { v: 1 }, operationName: 'Save' }),
    )
    expect(mocklib).toEqual(msw)
  })

  it('non-GraphQL requests are left alone (a REST POST with a body)', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.operation(() => lib.HttpResponse.json({ data: { graphql: true } }))],
      async () => [
        await fetchOutcome(`${real.origin}/rest`, {
          method: 'POST',
          body: JSON.stringify({ title: 'x' }),
          headers: { 'content-type': 'application/json' },
        }),
        await fetchOutcome(`${real.origin}/rest`),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('fall-through and passthrough from GraphQL resolvers', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.query('A', () => undefined),
        lib.graphql.query('A', () => lib.HttpResponse.json({ data: { second: true } })),
        lib.graphql.query('B', () => lib.passthrough()),
      ],
      async () => [
        await post(endpoint(), { query: 'query A { a }' }),
        await post(endpoint(), { query: 'query B { b }' }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })
})

describe('responses', () => {
  it('data, errors with locations and path, extensions', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.query('Partial', () =>
          lib.HttpResponse.json({
            data: { user: null },
            errors: [
              {
                message: 'Not found',
                locations: [{ line: 1, column: 2 }],
                path: ['user'],
                extensions: { code: 'NOT_FOUND' },
              },
            ],
            extensions: { tracing: { ms: 1 } },
          }),
        ),
        lib.graphql.mutation('Fail', () => lib.HttpResponse.json({ errors: [{ message: 'Denied' }] }, { status: 401 })),
      ],
      async () => [
        await post(endpoint(), { query: 'query Partial { user { id } }' }),
        await post(endpoint(), { query: 'mutation Fail { x }' }),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it.each([
    ['no Accept', {}],
    ['Accept: application/json', { accept: 'application/json' }],
    ['Accept: application/graphql-response+json', { accept: 'application/graphql-response+json' }],
    ['Apollo Accept', { accept: 'application/graphql-response+json,application/json;q=0.9' }],
    ['json preferred', { accept: 'application/json, application/graphql-response+json;q=0.5' }],
    ['*/*', { accept: '*/*' }],
  ])('content negotiation: %s', async (_, headers) => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.query('Q', () => lib.HttpResponse.json({ data: { ok: true } })),
        lib.graphql.query('Typed', () =>
          lib.HttpResponse.json({ data: {} }, { headers: { 'content-type': 'application/json; charset=utf-8' } }),
        ),
        lib.graphql.query('Plain', () => new Response(JSON.stringify({ data: {} }))),
      ],
      async () => [
        await post(endpoint(), { query: 'query Q { ok }' }, headers),
        await post(endpoint(), { query: 'query Typed { ok }' }, headers),
        await post(endpoint(), { query: 'query Plain { ok }' }, headers),
      ],
    )
    expect(mocklib).toEqual(msw)
  })

  it('a thrown error in a GraphQL resolver answers 500', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.query('Q', () => {
          throw new Error('graphql resolver broke')
        }),
      ],
      async () => {
        const outcome = await post(endpoint(), { query: 'query Q { ok }' })
        return 'status' in outcome
          ? { status: outcome.status, statusText: outcome.statusText, message: JSON.parse(outcome.body).message }
          : outcome
      },
    )
    expect(mocklib).toEqual(msw)
  })

  it('cookies in GraphQL resolvers come from the Cookie header', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.query('Me', ({ cookies }) => lib.HttpResponse.json({ data: { cookies } }))],
      () => post(endpoint(), { query: 'query Me { me }' }, { cookie: 'token=t1; theme=dark' }),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a mocked Set-Cookie reaches the client', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.mutation('Login', () =>
          lib.HttpResponse.json({ data: { ok: true } }, { headers: { 'set-cookie': 'token=abc; Path=/' } }),
        ),
      ],
      () => post(endpoint(), { query: 'mutation Login { ok }' }),
    )
    expect(mocklib).toEqual(msw)
  })
})

describe('deliberate differences', () => {
  it('with onUnhandledRequest "bypass", a skipped anonymous operation prints nothing (msw 2 warns from each named handler)', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.query('GetUser', () => lib.HttpResponse.json({ data: {} }))],
      () => post(endpoint(), { query: 'query { user { id } }' }),
    )
    expect(msw.calls).toEqual(['warn'])
    expect(mocklib.calls).toEqual([])
  })

  it('with onUnhandledRequest "bypass", a query that cannot be parsed prints nothing (msw 2 prints the parse error)', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.query('GetUser', () => lib.HttpResponse.json({ data: {} }))],
      () => post(endpoint(), { query: 'query GetUser { user { id }' }),
    )
    expect(msw).toMatchObject({ calls: ['error'], reachedServer: 1 })
    expect(mocklib).toMatchObject({ calls: [], reachedServer: 1 })
  })

  it('a POST with Content-Type application/graphql is matched (msw 2 leaves it unhandled)', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.query('GetUser', () => lib.HttpResponse.json({ data: { user: 'mocked' } }))],
      () =>
        fetchOutcome(endpoint(), {
          method: 'POST',
          headers: { 'content-type': 'application/graphql' },
          body: 'query GetUser { user }',
        }),
    )
    expect(msw.reachedServer).toBe(1)
    expect(mocklib.reachedServer).toBe(0)
    expect(JSON.parse((mocklib.result as { body: string }).body)).toEqual({ data: { user: 'mocked' } })
  })

  it('HttpResponse.text() in a GraphQL resolver stays text/plain (msw 2 relabels it as GraphQL JSON for Apollo)', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.query('Text', (): Response => lib.HttpResponse.text('plain'))],
      () => post(endpoint(), { query: 'query Text { ok }' }, { accept: 'application/graphql-response+json' }),
    )
    const type = (outcome: unknown) => new Map((outcome as { headers: [string, string][] }).headers).get('content-type')
    expect(type(msw.result)).toBe('application/graphql-response+json')
    expect(type(mocklib.result)).toBe('text/plain')
  })

  it("the request's operationName picks the operation (msw 2 takes the first; 3.0 fixed it)", async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.query('Second', () => lib.HttpResponse.json({ data: { picked: 'Second' } })),
        lib.graphql.query('First', () => lib.HttpResponse.json({ data: { picked: 'First' } })),
      ],
      () => post(endpoint(), { query: 'query First { a } query Second { b }', operationName: 'Second' }),
    )
    expect(JSON.parse((msw.result as { body: string }).body)).toEqual({ data: { picked: 'First' } })
    expect(JSON.parse((mocklib.result as { body: string }).body)).toEqual({ data: { picked: 'Second' } })
  })

  it('a mutation sent with GET answers 405 (msw 2 runs the resolver)', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [lib.graphql.mutation('Save', () => lib.HttpResponse.json({ data: { saved: true } }))],
      () => get(endpoint(), { query: 'mutation Save { save }' }),
    )
    expect(msw.result).toMatchObject({ status: 200 })
    expect(mocklib.result).toMatchObject({ status: 405 })
  })

  it('a batch (JSON array) is answered entry by entry (msw 2 leaves it unhandled)', async () => {
    const { msw, mocklib } = await scenario(
      (lib) => [
        lib.graphql.query('A', () => lib.HttpResponse.json({ data: { a: 1 } })),
        lib.graphql.query('B', () => lib.HttpResponse.json({ data: { b: 2 } })),
      ],
      () =>
        fetchOutcome(endpoint(), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify([{ query: 'query A { a }' }, { query: 'query B { b }' }]),
        }),
    )
    expect(msw.reachedServer).toBe(1)
    expect(mocklib.reachedServer).toBe(0)
    expect(JSON.parse((mocklib.result as { body: string }).body)).toEqual([{ data: { a: 1 } }, { data: { b: 2 } }])
  })
})
