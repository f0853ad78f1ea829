// A custom predicate may read the request body; the resolver (and a passthrough) still get it whole,
// as with REST predicates.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(
  graphql.query(
    async ({ request }) => (await request.text()).includes('ListPosts'),
    async ({ request }) => {
      const body = (await request.json()) as { query: string }
      return HttpResponse.json({ data: { posts: [], sawQuery: body.query.length > 0 } })
    },
  ),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('lets a predicate read the body without taking it from the resolver', async () => {
  const response = await fetch('https://api.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query ListPosts { posts { id } }' }),
  })
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ data: { posts: [], sawQuery: true } })
})
