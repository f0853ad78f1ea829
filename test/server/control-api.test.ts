import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { graphql, http, HttpResponse } from 'mocklib'
import { ControlClient, ControlError, createMockServer, type MockServer } from 'mocklib/node'
import { afterEach, describe, expect, it } from 'vitest'

const run = promisify(execFile)
let server: MockServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function start(...handlers: Parameters<typeof createMockServer>): Promise<[MockServer, ControlClient]> {
  server = createMockServer(...handlers)
  await server.listen({
    scenarios: {
      empty: [http.get('/user', () => HttpResponse.json([]))],
      broken: [http.get('/user', () => HttpResponse.error())],
    },
    version: '1.2.3',
  })
  return [server, new ControlClient({ url: server.url, token: server.token })]
}

describe('the control API', () => {
  it('drives handlers from Python: list, switch off, JSON-described response, reset; 401 without the token', async () => {
    const [mock] = await start(http.get('/user', () => HttpResponse.json({ name: 'Ada' })))
    const script = `
import json, sys, urllib.request, urllib.error
base, token = sys.argv[1], sys.argv[2]
def call(method, path, body=None, auth=True):
    headers = {'content-type': 'application/json'}
    if auth: headers['authorization'] = 'Bearer ' + token
    data = None if body is None else json.dumps(body).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(base + path, data=data, method=method, headers=headers)) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()
print(call('GET', '/__mocklib/health', auth=False)[1])
print(call('GET', '/__mocklib/handlers', auth=False)[0])
handlers = json.loads(call('GET', '/__mocklib/handlers')[1])
print(json.dumps([[h['header'], h['enabled'], h['calls']] for h in handlers]))
print(call('GET', '/user')[1])
print(call('PATCH', '/__mocklib/handlers/' + handlers[0]['id'], {'enabled': False})[0])
print(call('GET', '/user')[0])
print(call('POST', '/__mocklib/use', {'method': 'GET', 'path': '/user', 'status': 201, 'body': {'name': 'Grace'}})[0])
print(call('GET', '/user'))
print(call('POST', '/__mocklib/reset')[0])
print(call('PATCH', '/__mocklib/handlers/' + handlers[0]['id'], {'enabled': True})[0])
print(call('GET', '/user')[1])
`
    const { stdout } = await run('python3', ['-c', script, mock.url, mock.token])
    const lines = stdout.trim().split('\n')
    expect(JSON.parse(lines[0])).toEqual({
      name: 'mocklib',
      role: 'server',
      version: '1.2.3',
      protocol: 1,
      pid: process.pid,
    })
    expect(lines.slice(1)).toEqual([
      '401',
      '[["GET /user", true, 0]]',
      '{"name":"Ada"}',
      '200',
      '404',
      '201',
      '(201, \'{"name":"Grace"}\')',
      '200',
      '200',
      '{"name":"Ada"}',
    ])
  })

  it('answers malformed requests with problem documents that say what to send', async () => {
    const [, client] = await start(http.get('/user', () => HttpResponse.json({})))
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: ControlError) => error.problem,
      )
    expect(await failure(client.send('PATCH', '/__mocklib/handlers/1', 'yes'))).toMatchObject({
      status: 400,
      detail: 'PATCH /__mocklib/handlers/1 needs a JSON body { "enabled": true } or { "enabled": false }.',
    })
    expect(await failure(client.setEnabled('99', false))).toMatchObject({
      status: 404,
      detail: expect.stringMatching(/No handler has the id "99"/),
    })
    expect(await failure(client.use({ status: 200 }))).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/say what it answers: "path"/),
    })
    expect(await failure(client.use({ path: '/x', method: 'FETCH' }))).toMatchObject({
      detail: expect.stringMatching(/"method" "FETCH" is not one of/),
    })
    expect(await failure(client.setScenario('nope'))).toMatchObject({
      status: 404,
      detail: 'There is no scenario "nope". The module exports: empty, broken.',
    })
    expect(await failure(client.send('GET', '/__mocklib/nothing'))).toMatchObject({ status: 404 })
    expect(await failure(client.publish('postAdded', {}))).toMatchObject({
      status: 404,
      detail: 'POST /__mocklib/publish: this server has no schema executor; start it with --schema <sdl files>.',
    })
    const raw = await fetch(`${server!.url}/__mocklib/use`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server!.token}`, 'content-type': 'application/json' },
      body: '{not json',
    })
    expect(raw.status).toBe(400)
    expect((await raw.json()).detail).toMatch(/^The body of POST \/__mocklib\/use is not JSON/)
    const wrong = new ControlClient({ url: server!.url, token: 'wrong' })
    expect(await failure(wrong.handlers())).toMatchObject({
      status: 401,
      detail: expect.stringMatching(/is not this server's/),
    })
  })

  it('switches scenarios, lists history with the handler that answered, live events, HAR', async () => {
    const [mock, client] = await start(
      http.get('/user', () => HttpResponse.json({ name: 'Ada' })),
      graphql.query('GetPost', () => HttpResponse.json({ data: { post: { id: 1 } } })),
    )
    const abort = new AbortController()
    const events = client.events(abort.signal)
    const seen: string[] = []
    let ready!: () => void
    const live = new Promise<void>((resolve) => (ready = resolve))
    const responses = (async () => {
      for await (const event of events) {
        if (event.type === 'ready') ready()
        if (event.type === 'response') seen.push((event.data as { url: string }).url)
        if (seen.length === 3) return
      }
    })()
    await live
    expect(await client.scenario()).toEqual({ name: null, available: ['empty', 'broken'] })
    await client.setScenario('empty')
    expect(await (await fetch(`${mock.url}/user`)).json()).toEqual([])
    expect((await client.handlers()).map((h) => [h.header, h.scenario ?? null, h.calls])).toEqual([
      ['GET /user', 'empty', 1],
      ['GET /user', null, 0],
      ['query GetPost (origin: *)', null, 0],
    ])
    await client.setScenario(null)
    expect(await (await fetch(`${mock.url}/user`)).json()).toEqual({ name: 'Ada' })
    await fetch(`${mock.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query GetPost { post { id } }', variables: {} }),
    })
    await responses
    abort.abort()
    expect(seen).toEqual([`${mock.url}/user`, `${mock.url}/user`, `${mock.url}/graphql`])
    const history = await client.requests()
    expect(history.map((r) => [r.method, new URL(r.url).pathname, r.status, r.handler, r.operationName])).toEqual([
      ['GET', '/user', 200, 'GET /user', undefined],
      ['GET', '/user', 200, 'GET /user', undefined],
      ['POST', '/graphql', 200, 'query GetPost (origin: *)', 'GetPost'],
    ])
    const details = await client.request(history[2].id)
    expect(details.requestBody?.text).toContain('query GetPost')
    expect(details.responseBody?.text).toBe('{"data":{"post":{"id":1}}}')
    const har = (await client.har()) as {
      log: { entries: Array<{ request: { url: string }; response: { content: { text: string } } }> }
    }
    expect(har.log.entries.map((entry) => entry.response.content.text)).toEqual([
      '[]',
      '{"name":"Ada"}',
      '{"data":{"post":{"id":1}}}',
    ])
  })

  it('answers a scoped /use only to requests carrying that x-mocklib-scope, until the scope is reset', async () => {
    const [mock, client] = await start(http.get('/user', () => HttpResponse.json({ name: 'Ada' })))
    await client.use({ method: 'GET', path: '/user', body: { name: 'A' }, scope: 'a' })
    await client.use({ method: 'GET', path: '/user', body: { name: 'B' }, scope: 'b' })
    const user = async (scope?: string) =>
      (await fetch(`${mock.url}/user`, { headers: scope === undefined ? {} : { 'x-mocklib-scope': scope } })).json()
    expect([await user('a'), await user('b'), await user(), await user('c')]).toEqual([
      { name: 'A' },
      { name: 'B' },
      { name: 'Ada' },
      { name: 'Ada' },
    ])
    expect((await client.requests()).map((record) => [record.scope, record.handler])).toEqual([
      ['a', 'GET /user'],
      ['b', 'GET /user'],
      [undefined, 'GET /user'],
      ['c', 'GET /user'],
    ])
    await client.reset({ scope: 'a' })
    expect([await user('a'), await user('b')]).toEqual([{ name: 'Ada' }, { name: 'B' }])
    await client.reset()
    expect(await user('b')).toEqual({ name: 'Ada' })
    const error = await client.use({ path: '/user', scope: '' }).catch((caught: unknown) => caught)
    expect((error as ControlError).problem).toMatchObject({
      status: 400,
      detail: 'POST /__mocklib/use: "scope" must be a non-empty string (the x-mocklib-scope header\'s value).',
    })
  })

  it('answers a GraphQL operation with a JSON-described response over the control API, until reset', async () => {
    const [mock, client] = await start(
      graphql.query('GetUser', () => HttpResponse.json({ data: { user: { name: 'Ada' } } })),
    )
    const ask = async () => {
      const response = await fetch(`${mock.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query GetUser { user { name } }' }),
      })
      return [response.status, await response.json()]
    }
    await client.use({ operationName: 'GetUser', status: 200, body: { errors: [{ message: 'down for maintenance' }] } })
    expect(await ask()).toEqual([200, { errors: [{ message: 'down for maintenance' }] }])
    await client.reset()
    expect(await ask()).toEqual([200, { data: { user: { name: 'Ada' } } }])
  })

  it("names a GraphQL request in the history by its document's operation, not by words in its strings", async () => {
    const [mock, client] = await start(graphql.operation(() => HttpResponse.json({ data: null })))
    const ask = (query: string) =>
      fetch(`${mock.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      })
    await (await ask('# query Old\nquery GetUser { user { id } }')).text()
    await (await ask('{ search(text: "query Injected") { id } }')).text()
    const names = (await client.requests()).map((record) => record.operationName)
    expect(names).toEqual(['GetUser', undefined])
  })

  it("keeps as many requests as listen({ history }) says, each with its headers as sent and its answer's body", async () => {
    server = createMockServer(http.get('/user/:id', ({ params }) => HttpResponse.json({ id: params.id })))
    await server.listen({ history: { capacity: 2 } })
    const client = new ControlClient({ url: server.url, token: server.token })
    for (const id of ['1', '2', '3'])
      await (await fetch(`${server.url}/user/${id}`, { headers: { 'X-Trace': id } })).text()
    const records = await client.requests()
    expect(records.map((record) => record.url)).toEqual([`${server.url}/user/2`, `${server.url}/user/3`])
    const details = await client.request(records[1].id)
    expect(details.requestHeaders).toContainEqual(['x-trace', '3'])
    expect(details.responseHeaders).toContainEqual(['content-type', 'application/json'])
    expect(details.responseBody).toEqual({ text: '{"id":"3"}' })
  })

  it('lists the closest handler to a request none took, in the words of the in-process history and in the 404', async () => {
    const [mock, client] = await start(http.get('/users/:id/posts', () => HttpResponse.json([])))
    const response = await fetch(`${mock.url}/users/1/post`)
    expect(response.status).toBe(404)
    const [record] = await client.requests()
    expect(record.reason).toBe('unhandled')
    expect(record.nearMiss?.handler).toBe('GET /users/:id/posts')
    expect(record.nearMiss?.reasons).toEqual([{ kind: 'path', segment: 3, expected: 'posts', received: 'post' }])
    expect(record.nearMiss?.message).toMatch(
      /^The closest handler, "GET \/users\/:id\/posts" \(declared at .*control-api\.test\.ts:\d+:\d+\), did not match: path segment 3 differs: "post" here, "posts" in the handler\.$/,
    )
    expect(((await response.json()) as { detail: string }).detail).toContain(record.nearMiss?.message)
    // A request nothing came close to has none.
    await (await fetch(`${mock.url}/elsewhere/entirely/far`)).text()
    expect((await client.requests())[1].nearMiss).toBeUndefined()
  })

  it('lets go of each live event stream its client closed: a dashboard reloaded 30 times leaks no listener', async () => {
    const [, client] = await start(http.get('/user', () => HttpResponse.json({ name: 'Ada' })))
    const warnings: string[] = []
    const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`)
    process.on('warning', onWarning)
    try {
      for (let reload = 0; reload < 30; reload++) {
        const abort = new AbortController()
        for await (const event of client.events(abort.signal)) if (event.type === 'ready') break
        abort.abort()
      }
      // The server still streams to a new client, and has warned of nothing.
      const abort = new AbortController()
      for await (const event of client.events(abort.signal)) if (event.type === 'ready') break
      abort.abort()
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([])
  })

  it("answers an id with a malformed escape as the client's mistake: 400, not 500", async () => {
    const [mock] = await start()
    const response = await fetch(`${mock.url}/__mocklib/requests/%E0`, {
      headers: { authorization: `Bearer ${mock.token}` },
    })
    expect(response.status).toBe(400)
    expect((await response.json()).detail).toContain('is not a percent-encoded id')
  })

  it('never serves control without a token beyond loopback', async () => {
    server = createMockServer()
    await expect(server.listen({ host: '0.0.0.0', openReads: true })).rejects.toThrow(/only allowed on a loopback host/)
  })
})
