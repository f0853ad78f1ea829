// Runs in a project where mocklib is installed without its optional peer `graphql`:
// a REST-only user must be able to import everything and mock requests.
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
