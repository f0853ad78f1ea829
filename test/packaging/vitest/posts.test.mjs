// mocklib under vitest, loaded from the installed package.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as mocklib from 'mocklib'
import { setupServer } from 'mocklib/node'
import { postsChecks, postsHandlers, sendWithFetch, sendWithNodeHttp } from '../fixtures/posts.cjs'

const server = setupServer(...postsHandlers(mocklib))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('loads the built package, not the sources', () => {
  expect(import.meta.resolve('mocklib')).toMatch(/\/node_modules\/mocklib\/dist\/index\.js$/)
})

describe('through fetch', () => {
  for (const [name, check] of postsChecks) it(name, () => check(sendWithFetch))
})

describe('through node:https', () => {
  beforeAll(() => server.resetHandlers(...postsHandlers(mocklib)))
  for (const [name, check] of postsChecks) it(name, () => check(sendWithNodeHttp))
})
