// Runs in a project where `graphql` (a dependency of mocklib) is absent, to prove that
// REST-only use never loads it: importing everything and mocking requests must work.
import assert from 'node:assert/strict'
import * as mocklib from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createHarness } from '../fixtures/harness.cjs'
import { postsChecks, postsHandlers, sendWithFetch } from '../fixtures/posts.cjs'

const harness = createHarness('mocklib without graphql installed (ESM)')

harness.check('graphql is really absent from this project', async () => {
  await assert.rejects(import('graphql'), { code: 'ERR_MODULE_NOT_FOUND' })
})

harness.check('REST mocking works without it', async () => {
  const server = setupServer(...postsHandlers(mocklib))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    for (const [, check] of postsChecks) await check(sendWithFetch)
  } finally {
    server.close()
  }
})

await harness.run()
