import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { TypedDocumentString } from '../helpers/typed-document-string'

// Records when mocklib first imports `graphql` (a dependency, loaded lazily).
const state = vi.hoisted(() => ({ loaded: false }))
vi.mock('graphql', async (importOriginal) => {
  state.loaded = true
  return importOriginal()
})

const server = setupServer(
  http.get('https://api.test/rest', () => HttpResponse.json({ rest: true })),
  http.post('https://api.test/rest', () => HttpResponse.json({ rest: true })),
  graphql.query(
    new TypedDocumentString<{ posts: Array<{ id: string }> }, Record<string, never>>(
      'query ListPosts { posts { id } }',
    ),
    () => HttpResponse.json({ data: { posts: [] } }),
  ),
  graphql
    .link('https://api.test/graphql')
    .mutation('CreatePost', () => HttpResponse.json({ data: { createPost: null } })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('does not load graphql to define handlers or to answer REST requests', async () => {
  expect(await (await fetch('https://api.test/rest')).json()).toEqual({ rest: true })
  expect(await (await fetch('https://api.test/rest', { method: 'POST', body: '{"a":1}' })).json()).toEqual({
    rest: true,
  })
  expect(state.loaded).toBe(false)
})

it('loads graphql the first time a GraphQL request is read', async () => {
  const response = await fetch('https://api.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query ListPosts { posts { id } }' }),
  })
  expect(await response.json()).toEqual({ data: { posts: [] } })
  expect(state.loaded).toBe(true)
})
