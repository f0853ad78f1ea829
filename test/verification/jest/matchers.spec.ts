// The handler matchers of mocklib/jest under Jest: each passing and failing, the message read.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { failure, plain } from '../../helpers/assertion-failure'

const createUser = http.post('https://api.test/teams/:team/users', () => HttpResponse.json({ id: 7 }, { status: 201 }))
const unused = http.get('https://api.test/settings', () => HttpResponse.json({}))
const getUser = graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: variables } }))
const server = setupServer(createUser, unused, getUser)

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

async function postUser(team: string, body: unknown) {
  await fetch(`https://api.test/teams/${team}/users?notify=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trace': `trace-${team}` },
    body: JSON.stringify(body),
  })
}

describe('mocklib/jest', () => {
  it('toHaveBeenRequested() and toHaveBeenRequestedTimes() pass and fail', async () => {
    await postUser('red', { name: 'Ann' })
    expect(createUser).toHaveBeenRequested()
    expect(createUser).toHaveBeenRequestedTimes(1)
    expect(unused).not.toHaveBeenRequested()

    const never = failure(() => expect(unused).toHaveBeenRequested())
    expect(never).toContain('expect(handler).toHaveBeenRequested()')
    expect(never).toMatch(/Handler: GET https:\/\/api\.test\/settings declared at .*matchers\.spec\.ts:\d+:\d+/)
    expect(never).toContain('Received: none reached it')
    expect(never).toContain('POST https://api.test/teams/red/users?notify=1 → POST https://api.test/teams/:team/users')

    const times = failure(() => expect(createUser).toHaveBeenRequestedTimes(2))
    expect(times).toContain('Expected: 2 requests\nReceived: 1 request')
    expect(times).toContain('request 1 of 1: POST https://api.test/teams/red/users?notify=1 → 201')
    expect(failure(() => expect(createUser).not.toHaveBeenRequested())).toContain(
      'expect(handler).not.toHaveBeenRequested()',
    )
  })

  it('toHaveBeenRequestedWith() compares the keys named, with asymmetric matchers, and diffs each request', async () => {
    await postUser('red', { name: 'Ann' })
    await postUser('blue', { name: 'Bob' })
    expect(createUser).toHaveBeenRequestedWith({
      params: { team: 'blue' },
      query: { notify: '1' },
      headers: { 'x-trace': expect.stringMatching(/^trace-/) },
    })
    expect(createUser).not.toHaveBeenRequestedWith({ params: { team: 'green' } })

    const message = failure(() => expect(createUser).toHaveBeenRequestedWith({ params: { team: 'green' } }))
    expect(message).toContain('expect(handler).toHaveBeenRequestedWith(expected)')
    expect(message).toContain('Handler: POST https://api.test/teams/:team/users declared at')
    expect(message).toContain('Received: 2 requests, none with it:')
    expect(message).toMatch(/- {3,}"team": "green",\n\+ {3,}"team": "red",/)
    expect(message).toMatch(/- {3,}"team": "green",\n\+ {3,}"team": "blue",/)

    const negated = failure(() => expect(createUser).not.toHaveBeenRequestedWith({ params: { team: 'red' } }))
    expect(negated).toContain('Expected: no request with')
    expect(negated).toContain('Received: request 1 of 2: POST https://api.test/teams/red/users?notify=1 → 201, with')
  })

  it('reads bodies when the expectation names one (awaited), and compares the last and nth call', async () => {
    await postUser('red', { name: 'Ann' })
    await postUser('blue', { name: 'Bob' })
    await expect(createUser).toHaveBeenLastRequestedWith({ body: { name: 'Bob' } })
    await expect(createUser).toHaveBeenNthRequestedWith(1, { params: { team: 'red' }, body: { name: 'Ann' } })
    await expect(createUser).not.toHaveBeenRequestedWith({ body: expect.objectContaining({ name: 'Cid' }) })

    let message = ''
    await expect(createUser)
      .toHaveBeenRequestedWith({ body: { name: 'Cid' } })
      .catch((error: Error) => (message = plain(error.message)))
    expect(message).toMatch(/- {3,}"name": "Cid",\n\+ {3,}"name": "Bob",/)

    const nth = failure(() => expect(createUser).toHaveBeenNthRequestedWith(3, { params: { team: 'red' } }))
    expect(nth).toContain('expect(handler).toHaveBeenNthRequestedWith(n, expected)')
    expect(nth).toContain('Expected: request 3 with')
  })

  it('compares GraphQL variables and operation names', async () => {
    await fetch('https://api.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query GetUser($id: ID!) { user(id: $id) { id } }', variables: { id: '1' } }),
    })
    expect(getUser).toHaveBeenLastRequestedWith({ operationName: 'GetUser', variables: { id: expect.any(String) } })
    const message = failure(() => expect(getUser).toHaveBeenRequestedWith({ variables: { id: '2' } }))
    expect(message).toMatch(/- {3,}"id": "2",\n\+ {3,}"id": "1",/)
  })
})
