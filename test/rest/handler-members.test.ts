// MSW's public handler members, which custom tooling calls: test(), run(), isUsed; and a
// RegExp as the method of new HttpHandler().
import { expect, it } from 'vitest'
import { getResponse, graphql, http, HttpHandler, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'

it('new HttpHandler(/^(GET|POST)$/, …) takes the methods its RegExp accepts', async () => {
  const handler = new HttpHandler(/^(GET|POST)$/, 'https://api.test/x', ({ request }) =>
    HttpResponse.text(request.method),
  )
  const answer = async (method: string) =>
    (await getResponse([handler], new Request('https://api.test/x', { method })))?.text()
  expect(await answer('GET')).toBe('GET')
  expect(await answer('POST')).toBe('POST')
  expect(await answer('PUT')).toBeUndefined()
  expect(handler.info.header).toBe('/^(GET|POST)$/ https://api.test/x')
})

it('a method that is neither a name nor a RegExp throws, naming what to pass', () => {
  expect(() => new HttpHandler(42 as never, '/x', () => undefined)).toThrow(/method name \('GET'\) or a RegExp/)
})

it('test() tells whether the handler takes a request, without running its resolver', async () => {
  let ran = false
  const handler = http.get('https://api.test/users/:id', () => {
    ran = true
    return HttpResponse.text('x')
  })
  expect(await handler.test({ request: new Request('https://api.test/users/1') })).toBe(true)
  expect(await handler.test({ request: new Request('https://api.test/users/1', { method: 'POST' }) })).toBe(false)
  expect(await handler.test({ request: new Request('https://other.test/users/1') })).toBe(false)
  expect(
    await handler.test({
      request: new Request('https://api.test/users/1'),
      resolutionContext: { baseUrl: 'https://api.test' },
    }),
  ).toBe(true)
  expect(ran).toBe(false)
})

it('run() runs the handler alone: null when it does not take the request, else the response', async () => {
  const handler = http.get('https://api.test/users/:id', ({ params }) => HttpResponse.json({ id: params.id }))
  expect(await handler.run({ request: new Request('https://api.test/posts/1'), requestId: 'r1' })).toBeNull()
  const result = await handler.run({ request: new Request('https://api.test/users/7'), requestId: 'r2' })
  expect(result).toMatchObject({ handler, requestId: 'r2' })
  expect(await result?.response?.json()).toEqual({ id: '7' })

  const fallsThrough = http.get('https://api.test/a', () => undefined)
  expect((await fallsThrough.run({ request: new Request('https://api.test/a') }))?.response).toBeUndefined()
  const passes = http.get('https://api.test/a', () => passthrough())
  expect((await passes.run({ request: new Request('https://api.test/a') }))?.response?.status).toBe(302)
  const throws = http.get('https://api.test/a', () => {
    throw new Error('resolver failed')
  })
  await expect(throws.run({ request: new Request('https://api.test/a') })).rejects.toThrow('resolver failed')
})

it('run() gives the request back as it came: its body unread and no members of mocklib left on it', async () => {
  const handler = http.post('https://api.test/echo', async ({ request }) => HttpResponse.text(await request.text()))
  const request = new Request('https://api.test/echo', { method: 'POST', body: 'hi' })
  const result = await handler.run({ request })
  expect(await result?.response?.text()).toBe('hi')
  expect(Object.getOwnPropertyNames(request)).toEqual([])
  expect(await request.text()).toBe('hi')
  expect(request.bodyUsed).toBe(true)
})

it('test() with a predicate that reads the body leaves the request as it came', async () => {
  const handler = http.post(
    async ({ request }) => (await request.text()) === 'hi',
    () => HttpResponse.text('x'),
  )
  const request = new Request('https://api.test/echo', { method: 'POST', body: 'hi' })
  expect(await handler.test({ request })).toBe(true)
  expect(Object.getOwnPropertyNames(request)).toEqual([])
  expect(await request.text()).toBe('hi')
})

it("run()'s result carries parsedResult, as MSW's: what the handler's parse() read off the request", async () => {
  const rest = http.get('https://api.test/users/:id', () => HttpResponse.text('x'))
  const restResult = await rest.run({
    request: new Request('https://api.test/users/7', { headers: { cookie: 'session=abc' } }),
  })
  expect(restResult?.parsedResult).toEqual({
    match: { matches: true, params: { id: '7' } },
    cookies: { session: 'abc' },
  })

  const query = graphql.query('GetUser', () => HttpResponse.json({ data: { user: null } }))
  const body = JSON.stringify({ query: 'query GetUser($id: ID!) { user(id: $id) { id } }', variables: { id: '1' } })
  const graphqlRequest = new Request('https://api.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  const graphqlResult = await query.run({ request: graphqlRequest })
  expect(graphqlResult?.parsedResult).toMatchObject({
    operationType: 'query',
    operationName: 'GetUser',
    variables: { id: '1' },
  })
  expect(await graphqlResult?.response?.json()).toEqual({ data: { user: null } })
})

it("a subclass's parse() runs once per run(), its result both matching's and run()'s parsedResult", async () => {
  let parses = 0
  class TenantHandler extends HttpHandler {
    override async parse(args: Parameters<HttpHandler['parse']>[0]) {
      parses++
      const parsed = await super.parse(args)
      return { ...parsed, tenant: new URL(args.request.url).hostname.split('.')[0] }
    }
  }
  const handler = new TenantHandler('GET', 'https://*.api.test/me', () => HttpResponse.text('me'))
  const result = await handler.run({ request: new Request('https://acme.api.test/me') })
  expect(result?.parsedResult).toMatchObject({ tenant: 'acme', match: { matches: true } })
  expect(parses).toBe(1)
})

it('isUsed turns true once the resolver ran, and restoreHandlers() clears it for once handlers', async () => {
  const once = http.get('https://api.test/once', () => HttpResponse.text('once'), { once: true })
  const always = http.get('https://api.test/always', () => HttpResponse.text('always'))
  const server = setupServer(once, always)
  server.listen()
  try {
    expect([once.isUsed, always.isUsed]).toEqual([false, false])
    await fetch('https://api.test/once')
    await fetch('https://api.test/always')
    expect([once.isUsed, always.isUsed]).toEqual([true, true])
    server.restoreHandlers()
    expect([once.isUsed, always.isUsed]).toEqual([false, true])
  } finally {
    server.close()
  }
})

it('a generator is used once it has ended', async () => {
  const handler = http.get('https://api.test/steps', function* () {
    yield HttpResponse.text('one')
    return HttpResponse.text('two')
  })
  const request = () => new Request('https://api.test/steps')
  await handler.run({ request: request() })
  expect(handler.isUsed).toBe(false)
  await handler.run({ request: request() })
  expect(handler.isUsed).toBe(true)
})
