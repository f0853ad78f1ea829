// mocklib under Node's built-in test runner (node --test).
import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import * as mocklib from 'mocklib'
import { setupServer } from 'mocklib/node'
import { API, postsChecks, postsHandlers, sendWithFetch } from '../fixtures/posts.cjs'

const { http, HttpResponse } = mocklib
const server = setupServer(...postsHandlers(mocklib))

before(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
after(() => server.close())

describe('the posts API through fetch', () => {
  for (const [name, check] of postsChecks) it(name, () => check(sendWithFetch))
})

describe('boundaries under concurrent tests', { concurrency: true }, () => {
  for (const title of ['first', 'second', 'third']) {
    it(
      `sees only its own override (${title})`,
      server.boundary(async () => {
        server.use(http.get(`${API}/posts`, () => HttpResponse.json([{ id: title, title }])))
        // Yield so the boundaries interleave before reading.
        await new Promise((resolve) => setImmediate(resolve))
        const posts = await (await fetch(`${API}/posts`)).json()
        assert.deepEqual(posts, [{ id: title, title }])
      }),
    )
  }
})
