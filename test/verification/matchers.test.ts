// The handler matchers of mocklib/vitest: each passing and failing (the failure message read),
// under `.not` too, with asymmetric matchers, bodies sent as text and as streams, and GraphQL.
import axios from 'axios'
import { afterEach, describe, expect, it } from 'vitest'
import 'mocklib/vitest'
import { graphql, http, HttpResponse, type RequestHandler } from 'mocklib'
import { setupServer, type SetupServer } from 'mocklib/node'
import { failure, plain } from '../helpers/assertion-failure'
import { rejectionOf } from '../helpers/rejection'

let open: SetupServer | undefined
function start(...handlers: RequestHandler[]): SetupServer {
  open = setupServer(...handlers)
  open.listen({ onUnhandledRequest: 'bypass' })
  return open
}
afterEach(() => {
  open?.close()
  open = undefined
})

const createUser = () =>
  http.post('https://api.test/teams/:team/users', () => HttpResponse.json({ id: 7 }, { status: 201 }))

async function postUser(team: string, body: unknown, search = '') {
  await fetch(`https://api.test/teams/${team}/users${search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trace': `trace-${team}` },
    body: JSON.stringify(body),
  })
}

describe('toHaveBeenRequested() and toHaveBeenRequestedTimes()', () => {
  it('pass when requests reached the handler, and fail naming it and what the server saw instead', async () => {
    const user = http.get('https://api.test/user', () => HttpResponse.json({ id: 1 }))
    const unused = http.get('https://api.test/settings', () => HttpResponse.json({}))
    start(user, unused)
    await fetch('https://api.test/user')
    await fetch('https://api.test/user')
    await fetch('http://127.0.0.1:9/setings').catch(() => {})

    expect(user).toHaveBeenRequested()
    expect(user).toHaveBeenRequestedTimes(2)
    expect(unused).not.toHaveBeenRequested()
    expect(unused).toHaveBeenRequestedTimes(0)

    const never = failure(() => expect(unused).toHaveBeenRequested())
    expect(never).toContain('expect(handler).toHaveBeenRequested()')
    expect(never).toMatch(/Handler: GET https:\/\/api\.test\/settings declared at .*matchers\.test\.ts:\d+:\d+/)
    expect(never).toContain('Received: none reached it')
    expect(never).toContain('GET https://api.test/user → GET https://api.test/user')
    expect(never).toContain('GET http://127.0.0.1:9/setings → unhandled')
    expect(never).toMatch(/Closest to it: GET http:\/\/127\.0\.0\.1:9\/setings: .*origin/)

    const was = failure(() => expect(user).not.toHaveBeenRequested())
    expect(was).toContain('expect(handler).not.toHaveBeenRequested()')
    expect(was).toContain('Expected: no request\nReceived: 2 requests')
    expect(was).toContain('request 2 of 2: GET https://api.test/user → 200')

    const times = failure(() => expect(user).toHaveBeenRequestedTimes(3))
    expect(times).toContain('Expected: 3 requests\nReceived: 2 requests')
    expect(failure(() => expect(user).not.toHaveBeenRequestedTimes(2))).toContain('Expected: not 2 requests')
  })

  it('say when a handler fell through instead of answering', async () => {
    const audit = http.all('https://api.test/*', () => {})
    start(
      audit,
      http.get('https://api.test/user', () => HttpResponse.json({})),
    )
    await fetch('https://api.test/user')
    expect(audit).toHaveBeenRequestedTimes(1)
    expect(failure(() => expect(audit).toHaveBeenRequestedTimes(2))).toContain(
      'request 1 of 1: GET https://api.test/user → fell through',
    )
  })
})

describe('toHaveBeenRequestedWith()', () => {
  it('compares only the keys named: params, URL query, the named headers', async () => {
    const create = createUser()
    start(create)
    await postUser('red', { name: 'Ann' }, '?notify=1&tag=a&tag=b')
    await postUser('blue', { name: 'Bob' })

    expect(create).toHaveBeenRequestedWith({ params: { team: 'blue' } })
    expect(create).toHaveBeenRequestedWith({ params: { team: 'red' }, query: { notify: '1', tag: ['a', 'b'] } })
    expect(create).toHaveBeenRequestedWith({ headers: { 'X-Trace': 'trace-red', authorization: undefined } })
    expect(create).toHaveBeenRequestedWith({
      params: { team: expect.stringMatching(/^r/) },
      query: expect.objectContaining({ notify: '1' }),
      headers: { 'content-type': expect.any(String) },
    })
    expect(create).not.toHaveBeenRequestedWith({ params: { team: 'green' } })
    expect(create).not.toHaveBeenRequestedWith({ headers: { authorization: expect.any(String) } })
  })

  it('fails with a diff per request, naming the handler', async () => {
    const create = createUser()
    start(create)
    await postUser('red', { name: 'Ann' })
    await postUser('blue', { name: 'Bob' })

    const message = failure(() => expect(create).toHaveBeenRequestedWith({ params: { team: 'green' } }))
    expect(message).toContain('expect(handler).toHaveBeenRequestedWith(expected)')
    expect(message).toContain('Handler: POST https://api.test/teams/:team/users declared at')
    expect(message).toMatch(/Expected: a request with\n {2}.*\n.*"params": .*\n.*"team": "green",/)
    expect(message).toContain('Received: 2 requests, none with it:')
    expect(message).toContain('request 1 of 2: POST https://api.test/teams/red/users → 201')
    expect(message).toContain('request 2 of 2: POST https://api.test/teams/blue/users → 201')
    expect(message).toMatch(/- {3,}"team": "green",\n\+ {3,}"team": "red",/)
    expect(message).toMatch(/- {3,}"team": "green",\n\+ {3,}"team": "blue",/)

    const negated = failure(() => expect(create).not.toHaveBeenRequestedWith({ params: { team: 'blue' } }))
    expect(negated).toContain('expect(handler).not.toHaveBeenRequestedWith(expected)')
    expect(negated).toMatch(/Expected: no request with\n(?:.*\n)*.*"team": "blue",/)
    expect(negated).toContain('Received: request 2 of 2: POST https://api.test/teams/blue/users → 201, with')
  })

  it('reads bodies sent as text (fetch) and as streams (axios): await it', async () => {
    const create = createUser()
    start(create)
    await postUser('red', { name: 'Ann', tags: ['a'] })
    await axios.post('https://api.test/teams/blue/users', { name: 'Bob' })

    await expect(create).toHaveBeenRequestedWith({ body: { name: 'Ann', tags: ['a'] } })
    await expect(create).toHaveBeenLastRequestedWith({ params: { team: 'blue' }, body: { name: 'Bob' } })
    await expect(create).toHaveBeenRequestedWith({ body: expect.objectContaining({ name: 'Bob' }) })
    // A string is compared with the body's text.
    await expect(create).toHaveBeenRequestedWith({ body: '{"name":"Bob"}' })
    await expect(create).not.toHaveBeenRequestedWith({ body: { name: 'Cid' } })

    const error = await rejectionOf(expect(create).toHaveBeenRequestedWith({ body: { name: 'Cid' } }))
    const message = plain(error.message)
    expect(message).toMatch(/Expected: a request with\n.*\n.*"body": .*\n.*"name": "Cid",/)
    expect(message).toMatch(/- {3,}"name": "Cid",\n\+ {3,}"name": "Bob",/)
  })

  it('tells a request without a body from one with, without reading it', async () => {
    const user = http.all('https://api.test/user', () => HttpResponse.json({}))
    start(user)
    await fetch('https://api.test/user')
    expect(user).toHaveBeenRequestedWith({ body: undefined })
    await fetch('https://api.test/user', { method: 'PUT', body: 'x' })
    expect(user).not.toHaveBeenLastRequestedWith({ body: undefined })
  })
})

describe('toHaveBeenLastRequestedWith() and toHaveBeenNthRequestedWith()', () => {
  it('compare the last and the nth call, and say when there are fewer', async () => {
    const create = createUser()
    start(create)
    await postUser('red', {})
    await postUser('blue', {})

    expect(create).toHaveBeenNthRequestedWith(1, { params: { team: 'red' } })
    expect(create).toHaveBeenNthRequestedWith(2, { params: { team: 'blue' } })
    expect(create).toHaveBeenLastRequestedWith({ params: { team: 'blue' } })
    expect(create).not.toHaveBeenLastRequestedWith({ params: { team: 'red' } })
    expect(create).not.toHaveBeenNthRequestedWith(3, { params: { team: 'red' } })

    const last = failure(() => expect(create).toHaveBeenLastRequestedWith({ params: { team: 'red' } }))
    expect(last).toContain('Expected: the last request with\n')
    expect(last).toContain('request 2 of 2: POST https://api.test/teams/blue/users → 201')
    expect(last).not.toContain('request 1 of 2')

    const nth = failure(() => expect(create).toHaveBeenNthRequestedWith(3, { params: { team: 'red' } }))
    expect(nth).toContain('expect(handler).toHaveBeenNthRequestedWith(n, expected)')
    expect(nth).toContain('Expected: request 3 with')
    expect(nth).toContain('Received: 2 requests')

    const negated = failure(() => expect(create).not.toHaveBeenNthRequestedWith(1, { params: { team: 'red' } }))
    expect(negated).toContain('Expected: request 1 without\n')
  })
})

describe('GraphQL handlers', () => {
  it('compare operationName, variables and the query document, one call per batched operation', async () => {
    const getUser = graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: variables } }))
    start(getUser)
    const query = 'query GetUser($id: ID!) { user(id: $id) { id } }'
    await fetch('https://api.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { query, variables: { id: '1' } },
        { query, variables: { id: '2' } },
      ]),
    })

    expect(getUser).toHaveBeenRequestedTimes(2)
    expect(getUser).toHaveBeenNthRequestedWith(1, { operationName: 'GetUser', variables: { id: '1' } })
    expect(getUser).toHaveBeenLastRequestedWith({ variables: { id: '2' }, query: expect.stringContaining('user(id') })
    const message = failure(() => expect(getUser).toHaveBeenRequestedWith({ variables: { id: '3' } }))
    expect(message).toContain('Handler: query GetUser (origin: *) declared at')
    expect(message).toMatch(/- {3,}"id": "3",\n\+ {3,}"id": "1",/)
    // @ts-expect-error a key GraphQL calls do not have
    expect(() => expect(getUser).toHaveBeenRequestedWith({ params: {} })).toThrow(
      'cannot compare "params": a request to this handler has query, headers, body, variables, operationName, operationType, extensions, cookies.',
    )
  })
})

describe('scope and mistakes', () => {
  it('read the calls of the boundary the test runs in', async () => {
    const user = http.get('https://api.test/user', () => HttpResponse.json({}))
    const server = start(user)
    await server.boundary(async () => {
      await fetch('https://api.test/user')
      expect(user).toHaveBeenRequestedTimes(1)
    })()
    await server.boundary(() => {
      expect(user).not.toHaveBeenRequested()
    })()
  })

  it('refuse what is not a handler, keys a call does not have, and a bad count', async () => {
    const user = http.get('https://api.test/user/:id', () => HttpResponse.json({}))
    start(user)
    await fetch('https://api.test/user/1')
    expect(() => expect({}).toHaveBeenRequested()).toThrow(
      'expect(handler).toHaveBeenRequested() takes a request handler (made by http.get(), graphql.query() ...), got a plain object.',
    )
    // @ts-expect-error a misspelt key
    expect(() => expect(user).toHaveBeenRequestedWith({ param: { id: '1' } })).toThrow(
      'toHaveBeenRequestedWith() cannot compare "param": a request to this handler has query, headers, body, params, cookies.',
    )
    expect(() => expect(user).toHaveBeenRequestedTimes(-1)).toThrow(
      'toHaveBeenRequestedTimes() takes the number of requests as a whole number from 0, got number -1.',
    )
    expect(() => expect(user).toHaveBeenNthRequestedWith(0, {})).toThrow('takes n as a whole number from 1')
  })

  it('refuse to read calls when no listening server keeps a history', () => {
    const user = http.get('https://api.test/user', () => HttpResponse.json({}))
    expect(() => expect(user).not.toHaveBeenRequested()).toThrow(
      'toHaveBeenRequested() reads the calls of GET https://api.test/user, and no listening server keeps a history',
    )
    open = setupServer(user)
    open.listen({ history: false })
    expect(() => expect(user).toHaveBeenRequestedTimes(0)).toThrow('no listening server keeps a history')
  })
})
