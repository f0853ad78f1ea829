// Where msw 2.14 and msw 3.0.5 behave differently, what mocklib chose (docs/migrating-from-msw.md,
// "From MSW 3"), pinned against both: path matching is case-sensitive in 3.0 only.
import * as msw2 from 'msw'
import * as msw3 from 'msw3'
import { http, HttpResponse } from 'mocklib/http'
import { matchRequestUrl } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

describe('path case: mocklib matches as msw 2 does (case-insensitive), msw 3 does not', () => {
  const cases: Array<[string, string]> = [
    ['https://api.test/Users', 'https://api.test/users'],
    ['https://api.test/users/1', 'https://api.test/USERS/:id'],
  ]
  it.each(cases)('%s against %s', (url, path) => {
    expect(msw2.matchRequestUrl(new URL(url), path).matches).toBe(true)
    expect(msw3.matchRequestUrl(new URL(url), path).matches).toBe(false)
    expect(matchRequestUrl(new URL(url), path).matches).toBe(true)
  })

  const server = setupServer(http.get('https://api.test/users', () => HttpResponse.text('users')))
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => server.close())

  it('so a handler written for /users answers /Users', async () => {
    expect(await (await fetch('https://api.test/Users')).text()).toBe('users')
  })
})
