'use strict'
// The CommonJS half of rest-only.mjs: require() everything with `graphql` not installed.
const assert = require('node:assert/strict')
const mocklib = require('mocklib')
const { setupServer } = require('mocklib/node')
require('mocklib/browser')
const { createHarness } = require('../fixtures/harness.cjs')
const { postsChecks, postsHandlers, sendWithNodeHttp } = require('../fixtures/posts.cjs')

const harness = createHarness('mocklib without graphql installed (CommonJS)')

harness.check('graphql is really absent from this project', () => {
  assert.throws(() => require('graphql'), { code: 'MODULE_NOT_FOUND' })
})

harness.check('REST mocking works without it', async () => {
  const server = setupServer(...postsHandlers(mocklib))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    for (const [, check] of postsChecks) await check(sendWithNodeHttp)
  } finally {
    server.close()
  }
})

harness.run()
