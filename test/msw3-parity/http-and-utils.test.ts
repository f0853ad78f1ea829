// MSW 3 code (msw/http, link-first msw/graphql, msw/utils/*) under msw@3.0.5 and under mocklib:
// what a user observes must be the same, and where mocklib chose MSW 2's behaviour (path case),
// the difference is pinned against both.
import { describe, expect, it, onTestFinished } from 'vitest'
import { startRecordingServer } from '../helpers/recording-server'
import { fetchOutcome3, runBoth3 } from './harness'
import { withServer } from '../parity/harness'

describe('msw/http', () => {
  it('answers with path params, query, request body and headers as msw 3 does', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const { http, HttpResponse } = lib.http
      const handlers = [
        http.get('https://api.test/users/:id', ({ params, request }) =>
          HttpResponse.json({ id: params.id, q: new URL(request.url).searchParams.get('q') }, { status: 201 }),
        ),
        http.post('https://api.test/echo', async ({ request }) =>
          HttpResponse.text(`got ${await request.text()}`, { headers: { 'x-lib': 'same' } }),
        ),
      ]
      return withServer(lib, handlers, { onUnhandledFrame: 'error' }, async () => [
        await fetchOutcome3('https://api.test/users/7?q=a'),
        await fetchOutcome3('https://api.test/echo', { method: 'POST', body: 'hello' }),
      ])
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib[0]).toMatchObject({ status: 201, body: '{"id":"7","q":"a"}' })
  })

  it('keeps no cookie jar: a mocked Set-Cookie does not reach the next request (msw 3, not msw 2)', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const { http, HttpResponse } = lib.http
      const handlers = [
        http.get('https://api.test/login', () => HttpResponse.text('ok', { headers: { 'set-cookie': 'session=abc' } })),
        http.get('https://api.test/me', ({ cookies }) => HttpResponse.json(cookies)),
      ]
      return withServer(lib, handlers, {}, async () => {
        await fetch('https://api.test/login')
        return (await fetch('https://api.test/me')).json()
      })
    })
    expect(outcomes).toEqual({ msw3: {}, mocklib: {} })
  })

  it("differs: a mocked fetch response's type is 'default' in mocklib (msw 2), 'basic' in msw 3", async () => {
    const outcomes = await runBoth3(async (lib) => {
      const { http, HttpResponse } = lib.http
      const handlers = [http.get('https://api.test/type', () => HttpResponse.text('x'))]
      return withServer(lib, handlers, {}, async () => (await fetch('https://api.test/type')).type)
    })
    expect(outcomes).toEqual({ msw3: 'basic', mocklib: 'default' })
  })

  it('differs on purpose: path matching stays case-insensitive in mocklib (msw 3 is case-sensitive)', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const { http, HttpResponse } = lib.http
      const real = await startRecordingServer((_request, response) => response.end('real'))
      onTestFinished(() => real.close())
      const handlers = [http.get(`${real.origin}/users`, () => HttpResponse.text('mocked'))]
      return await withServer(lib, handlers, { onUnhandledFrame: 'bypass' }, async () =>
        (await fetch(`${real.origin}/Users`)).text(),
      )
    })
    expect(outcomes).toEqual({ msw3: 'real', mocklib: 'mocked' })
  })
})

describe('msw/graphql, link-first', () => {
  it('graphql.link(url).query/.mutation/.operation answer as msw 3 does', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const { graphql } = lib.graphql
      const { HttpResponse } = lib.http
      const api = graphql.link('https://api.test/graphql')
      const handlers = [
        api.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id } } })),
        api.mutation('AddPost', ({ variables }) =>
          HttpResponse.json({ errors: [{ message: `no ${String(variables.title)}` }] }),
        ),
        api.operation(({ operationName }) => HttpResponse.json({ data: { any: operationName } })),
      ]
      const post = (query: string, variables: object) =>
        fetchOutcome3('https://api.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        })
      return withServer(lib, handlers, { onUnhandledFrame: 'error' }, async () => [
        await post('query GetUser($id: ID!) { user(id: $id) { id } }', { id: '1' }),
        await post('mutation AddPost($title: String!) { addPost(title: $title) }', { title: 'x' }),
        await post('query Other { other }', {}),
      ])
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib).toMatchObject([
      { body: '{"data":{"user":{"id":"1"}}}' },
      { body: '{"errors":[{"message":"no x"}]}' },
      { body: '{"data":{"any":"Other"}}' },
    ])
  })

  it('a link does not take requests to another endpoint', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const { HttpResponse } = lib.http
      const real = await startRecordingServer((_request, response) => response.end('{"data":{"real":true}}'))
      onTestFinished(() => real.close())
      const handlers = [lib.graphql.graphql.link('https://api.test/graphql').query('Q', () => HttpResponse.json({}))]
      return await withServer(lib, handlers, { onUnhandledFrame: 'bypass' }, async () => {
        const response = await fetch(`${real.origin}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'query Q { a }' }),
        })
        return response.text()
      })
    })
    expect(outcomes).toEqual({ msw3: '{"data":{"real":true}}', mocklib: '{"data":{"real":true}}' })
  })
})

describe('msw/utils/*', () => {
  it('delay, passthrough and bypass behave as msw 3 does against a real server', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const { http, HttpResponse } = lib.http
      const { bypass, delay, passthrough } = lib.utils
      const real = await startRecordingServer((request, response) => response.end(`real ${request.path}`))
      onTestFinished(() => real.close())
      const handlers = [
        http.get(`${real.origin}/delayed`, async () => {
          await delay(1)
          return HttpResponse.text('late')
        }),
        http.get(`${real.origin}/through`, () => passthrough()),
        http.get(`${real.origin}/augmented`, async ({ request }) => {
          const original = await fetch(bypass(request))
          return HttpResponse.text(`${await original.text()} + mocked`)
        }),
      ]
      return await withServer(lib, handlers, { onUnhandledFrame: 'error' }, async () => [
        await (await fetch(`${real.origin}/delayed`)).text(),
        await (await fetch(`${real.origin}/through`)).text(),
        await (await fetch(`${real.origin}/augmented`)).text(),
        real.requests.map((r) => r.path),
      ])
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib).toEqual(['late', 'real /through', 'real /augmented + mocked', ['/through', '/augmented']])
  })

  it('getResponse and getCleanUrlString give what msw 3 gives', async () => {
    const outcomes = await runBoth3(async (lib) => {
      const { http, HttpResponse } = lib.http
      const handlers = [http.get('https://api.test/item', () => HttpResponse.text('item'))]
      const found = await lib.utils.getResponse(handlers, new Request('https://api.test/item'))
      const missing = await lib.utils.getResponse(handlers, new Request('https://api.test/other'))
      return {
        found: await found?.text(),
        missing: missing === undefined,
        clean: ['https://api.test/a?b=1#c', 'https://api.test/a/', '/relative?x'].map((url) =>
          lib.utils.getCleanUrlString(url),
        ),
      }
    })
    expect(outcomes.mocklib).toEqual(outcomes.msw3)
    expect(outcomes.mocklib.found).toBe('item')
  })
})
