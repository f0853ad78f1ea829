// handler.calls and server.history: what each resolver received and answered, and every request
// a scope resolved with the handler that answered it or why none did.
import http_ from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { bypass, graphql, http, HttpResponse, passthrough, type RequestHandler } from 'mocklib'
import { setupServer, type ListenOptions, type SetupServer } from 'mocklib/node'

let open: SetupServer | undefined
function start(options: ListenOptions, ...handlers: RequestHandler[]): SetupServer {
  open = setupServer(...handlers)
  open.listen({ onUnhandledRequest: 'bypass', ...options })
  return open
}
afterEach(() => {
  open?.close()
  open = undefined
})

/** A real server for requests that go to the network; answers with what it received. */
async function echoServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http_.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => res.end(`echo ${req.method} ${body}`))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

describe('handler.calls', () => {
  it('lists each call oldest first: params, cookies, query, a readable body and the answer', async () => {
    const create = http.post('https://api.test/users/:id', async ({ request }) => {
      const body = (await request.json()) as { name: string }
      return HttpResponse.json({ hello: body.name }, { status: 201, headers: { 'x-made': 'yes' } })
    })
    start({}, create)
    expect(create.calls).toEqual([])

    for (const name of ['Ann', 'Bob']) {
      await fetch(`https://api.test/users/${name.toLowerCase()}?page=2&tag=a&tag=b`, {
        method: 'POST',
        headers: { cookie: 'session=abc', 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      })
    }

    const calls = create.calls
    expect(calls).toHaveLength(2)
    const [first, second] = calls
    expect(first.params).toEqual({ id: 'ann' })
    expect(second.params).toEqual({ id: 'bob' })
    expect(first.cookies).toEqual({ session: 'abc' })
    expect(first.searchParams.get('page')).toBe('2')
    expect(first.searchParams.getAll('tag')).toEqual(['a', 'b'])
    // The resolver read the body; the call's request still has it, at every read.
    expect(await first.request.json()).toEqual({ name: 'Ann' })
    expect(await first.request.text()).toBe('{"name":"Ann"}')
    expect(first.request.headers.get('content-type')).toBe('application/json')
    expect(first.response?.status).toBe(201)
    expect(first.response?.headers.get('x-made')).toBe('yes')
    expect(first.fellThrough).toBe(false)
    expect(first.handler).toBe(create)
    expect(first.time).toBeLessThanOrEqual(second.time)
    expect(first.requestId).not.toBe(second.requestId)
  })

  it('keeps a streamed body readable (http.request) whether or not the resolver read it', async () => {
    const upload = http.post('http://api.test/upload', () => HttpResponse.text('stored'))
    start({}, upload)
    const answer = await new Promise<string>((resolve, reject) => {
      const request = http_.request('http://api.test/upload', { method: 'POST' }, (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => resolve(text))
      })
      request.on('error', reject)
      request.write('part one, ')
      request.end('part two')
    })
    expect(answer).toBe('stored')
    const [call] = upload.calls
    expect(await call.request.text()).toBe('part one, part two')
    expect(await call.request.text()).toBe('part one, part two') // a fresh copy at every read
  })

  it('keeps the body of a request that goes on to the network', async () => {
    const echo = await echoServer()
    try {
      const through = http.put(`${echo.url}/save`, () => passthrough())
      start({}, through)
      const response = await fetch(`${echo.url}/save`, { method: 'PUT', body: 'the payload' })
      expect(await response.text()).toBe('echo PUT the payload')
      const [call] = through.calls
      expect(call.response).toBeUndefined()
      expect(call.fellThrough).toBe(false)
      expect(await call.request.text()).toBe('the payload')
    } finally {
      await echo.close()
    }
  })

  it('marks a call whose resolver returned nothing as fallen through, beside the one that answered', async () => {
    const spy = http.get('https://api.test/item', () => {})
    const answer = http.get('https://api.test/item', () => HttpResponse.text('item'))
    const server = start({}, spy, answer)
    expect(await (await fetch('https://api.test/item')).text()).toBe('item')

    expect(spy.calls.map((call) => [call.fellThrough, call.response])).toEqual([[true, undefined]])
    expect(answer.calls.map((call) => [call.fellThrough, call.response?.status])).toEqual([[false, 200]])
    const [entry] = server.history
    expect(entry.handler).toBe(answer)
    expect(entry.calls.map((call) => call.handler)).toEqual([spy, answer])
  })

  it('records one call per run of a once handler and of a generator', async () => {
    const once = http.get('https://api.test/once', () => HttpResponse.text('once'), { once: true })
    const steps = http.get('https://api.test/steps', function* () {
      yield HttpResponse.text('1')
      return HttpResponse.text('2')
    })
    const after = http.get('https://api.test/once', () => HttpResponse.text('after'))
    start({}, once, after, steps)
    expect(await (await fetch('https://api.test/once')).text()).toBe('once')
    expect(await (await fetch('https://api.test/once')).text()).toBe('after') // spent: the next one answers
    for (let i = 0; i < 3; i++) await fetch('https://api.test/steps')
    expect(once.calls).toHaveLength(1)
    expect(steps.calls).toHaveLength(3)
  })

  it('gives GraphQL calls the operation: one call per operation of a batch', async () => {
    const getUser = graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: variables } }))
    const listPosts = graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } }))
    const server = start({}, getUser, listPosts)
    const post = (body: unknown) =>
      fetch('https://api.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })

    await post({ query: 'query GetUser($id: ID!) { user(id: $id) { id } }', variables: { id: '1' } })
    const batch = await post([
      { query: 'query GetUser($id: ID!) { user(id: $id) { id } }', variables: { id: '2' } },
      { query: 'query ListPosts { posts { id } }' },
    ])
    expect(await batch.json()).toEqual([{ data: { user: { id: '2' } } }, { data: { posts: [] } }])

    expect(getUser.calls.map((call) => call.variables)).toEqual([{ id: '1' }, { id: '2' }])
    const [first] = getUser.calls
    expect(first.operationName).toBe('GetUser')
    expect(first.operationType).toBe('query')
    expect(first.query).toContain('query GetUser')
    expect(listPosts.calls).toHaveLength(1)
    // The batch is one request in the history, with one call per operation.
    expect(server.history).toHaveLength(2)
    expect(server.history[1].calls.map((call) => call.handler)).toEqual([getUser, listPosts])
  })
})

describe('server.history', () => {
  it('names the closest handler of each batch operation no handler answered (the rest go to the network)', async () => {
    // The network's GraphQL server answers each operation it gets (of the smaller batch, or one alone).
    const upstream = http_.createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        res.setHeader('content-type', 'application/json')
        const sent = JSON.parse(body) as unknown
        const answer = { data: { from: 'network' } }
        res.end(JSON.stringify(Array.isArray(sent) ? sent.map(() => answer) : answer))
      })
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/graphql`
      const getUser = graphql.query('GetUser', () => HttpResponse.json({ data: { user: { id: '1' } } }))
      const listPosts = graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } }))
      const server = start({}, getUser, listPosts)
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([
          { query: 'query GetUser { user { id } }' },
          { query: 'query ListPost { posts { id } }' },
          { query: 'mutation ListPosts { posts { id } }' },
        ]),
      })
      expect(await response.json()).toEqual([
        { data: { user: { id: '1' } } },
        { data: { from: 'network' } },
        { data: { from: 'network' } },
      ])
      // The smaller batch sent to the network is an entry of its own ('bypass'), recorded first.
      expect(server.history.map((entry) => entry.reason)).toEqual(['bypass', undefined])
      const entry = server.history[1]
      expect(entry.nearMiss).toBeUndefined()
      expect(entry.unhandledParts.map((part) => [part.index, part.nearMiss?.handler, part.nearMiss?.reasons])).toEqual([
        [1, listPosts, [{ kind: 'operation-name', expected: 'ListPosts', received: 'ListPost', distance: 1 }]],
        [2, listPosts, [{ kind: 'operation-type', expected: 'query', received: 'mutation' }]],
      ])
      expect(entry.unhandledParts[0].nearMiss?.message).toMatch(
        /^The closest handler, "query ListPosts \(origin: \*\)"/,
      )
      // An ordinary request has none.
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ a }"}' })
      expect(server.history.at(-1)?.unhandledParts).toEqual([])
    } finally {
      await new Promise((resolve) => upstream.close(resolve))
    }
  })

  it('names the handler that answered, or why none did', async () => {
    const echo = await echoServer()
    try {
      const answer = http.get('https://api.test/ok', () => HttpResponse.text('ok'))
      const broken = http.get('https://api.test/broken', () => {
        throw new Error('boom')
      })
      const down = http.get('https://api.test/down', () => HttpResponse.error())
      // A network error by its `type` alone (its status is 200): the history reads `type` too.
      const typed = http.get('https://api.test/typed', () => new HttpResponse(null, { type: 'error' }))
      const server = start({}, answer, broken, down, typed)
      server.events.on('unhandledException', () => {}) // the 500 is expected here

      await fetch('https://api.test/ok')
      await fetch('https://api.test/broken')
      await fetch('https://api.test/down').catch(() => undefined)
      await fetch('https://api.test/typed').catch(() => undefined)
      await fetch(`${echo.url}/none`)
      await fetch(bypass(`${echo.url}/bypassed`))

      expect(
        server.history.map((entry) => [entry.method, entry.url, entry.handler?.info.header, entry.reason]),
      ).toEqual([
        ['GET', 'https://api.test/ok', 'GET https://api.test/ok', undefined],
        ['GET', 'https://api.test/broken', 'GET https://api.test/broken', 'exception'],
        ['GET', 'https://api.test/down', 'GET https://api.test/down', 'network-error'],
        ['GET', 'https://api.test/typed', 'GET https://api.test/typed', 'network-error'],
        ['GET', `${echo.url}/none`, undefined, 'unhandled'],
        ['GET', `${echo.url}/bypassed`, undefined, 'bypass'],
      ])
      expect(server.history[0].response?.status).toBe(200)
      expect(server.history[1].response?.status).toBe(500)
      expect(server.history[1].calls[0].response).toBeUndefined()
    } finally {
      await echo.close()
    }
  })

  it('is cleared by resetHandlers() and dropped by close()', async () => {
    const handler = http.get('https://api.test/a', () => HttpResponse.text('a'))
    const server = start({}, handler)
    await fetch('https://api.test/a')
    expect(server.history).toHaveLength(1)
    server.resetHandlers()
    expect(server.history).toEqual([])
    expect(handler.calls).toEqual([])
    await fetch('https://api.test/a')
    expect(handler.calls).toHaveLength(1)
    server.close()
    expect(server.history).toEqual([])
    expect(handler.calls).toEqual([])
  })

  it('belongs to the boundary it happened in', async () => {
    const handler = http.get('https://api.test/who', ({ request }) => HttpResponse.text(request.headers.get('x-who')))
    const server = start({}, handler)
    const seen = await Promise.all(
      ['a', 'b'].map((who) =>
        server.boundary(async () => {
          await fetch('https://api.test/who', { headers: { 'x-who': who } })
          return handler.calls.map((call) => call.request.headers.get('x-who'))
        })(),
      ),
    )
    expect(seen).toEqual([['a'], ['b']])
    expect(server.history).toEqual([]) // the root scope saw none of them
  })

  it('keeps the last requests up to its limit, and nothing with history: false', async () => {
    const handler = http.get('https://api.test/n/:n', () => HttpResponse.text('n'))
    const server = start({ history: { limit: 2 } }, handler)
    for (let n = 1; n <= 4; n++) await fetch(`https://api.test/n/${n}`)
    expect(server.history.map((entry) => entry.url)).toEqual(['https://api.test/n/3', 'https://api.test/n/4'])
    expect(handler.calls.map((call) => call.params.n)).toEqual(['3', '4'])
    server.close()

    const off = start({ history: false }, handler)
    await fetch('https://api.test/n/5')
    expect(off.history).toEqual([])
    expect(handler.calls).toEqual([])
  })

  it('refuses a history option it cannot use, saying what it takes', () => {
    const server = setupServer()
    expect(() => server.listen({ history: { limit: 0 } })).toThrow(
      /listen\(\{ history \}\) takes true, false or \{ limit \} with a whole number above 0, got limit number 0/,
    )
  })
})

describe('server.waitForRequest()', () => {
  it("resolves with a handler's next call, from code nobody awaits", async () => {
    const beacon = http.post('https://analytics.test/beacon', () => new HttpResponse(null, { status: 204 }))
    const server = start({}, beacon)
    const next = server.waitForRequest(beacon)
    // Fire and forget, as an analytics beacon is sent.
    void fetch('https://analytics.test/beacon', { method: 'POST', body: JSON.stringify({ event: 'open' }) })
    const call = await next
    expect(await call.request.json()).toEqual({ event: 'open' })
    expect(call.response?.status).toBe(204)
  })

  it('resolves with the next request a predicate accepts', async () => {
    const server = start(
      {},
      http.get('https://api.test/:name', () => HttpResponse.text('ok')),
    )
    const next = server.waitForRequest((entry) => entry.url.endsWith('/two'))
    void fetch('https://api.test/one')
    void fetch('https://api.test/two')
    const entry = await next
    expect(entry.url).toBe('https://api.test/two')
    expect(entry.response?.status).toBe(200)
  })

  it('rejects when the time is up, naming what it waited for and what came instead', async () => {
    const never = http.get('https://api.test/never', () => HttpResponse.text('never'))
    const other = http.get('https://api.test/other', () => HttpResponse.text('other'))
    const server = start({}, never, other)
    const next = server.waitForRequest(never, { timeout: 200 })
    await fetch('https://api.test/other')
    await expect(next).rejects.toThrow(
      /waited 200 ms for a call of "GET https:\/\/api.test\/never"\. Requests that came instead:\n {2}GET https:\/\/api.test\/other/,
    )
  })

  it('refuses a timeout no timer can wait: negative, or longer than the platform allows (Infinity)', () => {
    const handler = http.get('https://api.test/a', () => HttpResponse.text('a'))
    const server = start({}, handler)
    for (const timeout of [-1, Infinity, 2 ** 31]) {
      expect(() => server.waitForRequest(handler, { timeout })).toThrow(
        `takes a timeout in milliseconds from 0 to 2147483647, got ${timeout}`,
      )
    }
  })

  it('says so when the server keeps no history', () => {
    const handler = http.get('https://api.test/a', () => HttpResponse.text('a'))
    const server = start({ history: false }, handler)
    expect(() => server.waitForRequest(handler)).toThrow(/does not keep: call it while the server listens/)
  })
})
