import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

// As if `graphql` were not installed (a package manager that left out mocklib's dependency).
vi.mock('graphql', () => {
  throw new Error("Cannot find package 'graphql' imported from mocklib")
})

const server = setupServer(graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('answers 500 with a message that names the package to install', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const response = await fetch('https://api.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query ListPosts { posts { id } }' }),
  })
  expect(response.status).toBe(500)
  const body = await response.json()
  expect(body.message).toContain('npm install --save-dev graphql')
  expect(body.message).toContain('[mocklib]')
  error.mockRestore()
})
