// On graphql 16 without @graphql-tools/executor, a @defer query still gets an answer: one
// complete result (the spec lets a server ignore @defer), and a warning naming the package.
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createHeroApi, LEGACY_ACCEPT } from './fixtures/hero-api'

vi.mock('@graphql-tools/executor', () => {
  throw new Error("Cannot find package '@graphql-tools/executor' imported from mocklib/dist/schema.js")
})

const URI = 'https://api.test/graphql'
const api = createHeroApi()
const server = setupServer(api.handler(URI))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('answers one complete result and warns once, naming the package and the command', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const query = '{ hero { id ... @defer(label: "HeroName") { name } } }'
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await fetch(URI, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: LEGACY_ACCEPT },
      body: JSON.stringify({ query }),
    })
    expect(response.headers.get('content-type')).toBe('application/graphql-response+json')
    expect(await response.json()).toEqual({ data: { hero: { id: '1', name: 'Luke' } } })
  }
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0][0])).toMatch(
    /one complete result, because "@graphql-tools\/executor" could not be loaded.*npm install -D @graphql-tools\/executor@\^2/s,
  )
  warn.mockRestore()
})
