// The dual-package hazard (issue 14, item 5): an application whose code imports mocklib while
// a dependency requires it (or the reverse) holds handlers from both builds. Each build's
// setupServer must accept the other's handlers, GraphQL ones included, and answer with them.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import * as esm from 'mocklib'
import * as esmNode from 'mocklib/node'
import { createHarness } from '../fixtures/harness.cjs'

const require = createRequire(import.meta.url)
const cjs = require('mocklib')
const cjsNode = require('mocklib/node')

const harness = createHarness('handlers across the ESM and CommonJS builds')

function handlersOf(lib, tag) {
  return [
    lib.http.get('https://api.test/who', () => lib.HttpResponse.json({ from: tag })),
    lib.graphql.query('Who', () => lib.HttpResponse.json({ data: { from: tag } })),
  ]
}

async function ask() {
  const rest = await (await fetch('https://api.test/who')).json()
  const response = await fetch('https://api.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query Who { from }' }),
  })
  return [rest, await response.json()]
}

for (const [serverBuild, node, handlerBuild, lib] of [
  ['ESM', esmNode, 'CommonJS', cjs],
  ['CommonJS', cjsNode, 'ESM', esm],
]) {
  harness.check(`the ${serverBuild} setupServer answers with ${handlerBuild} handlers`, async () => {
    assert.notEqual(esm.http, cjs.http, 'the two builds are distinct copies')
    const server = node.setupServer(...handlersOf(lib, handlerBuild))
    server.listen({ onUnhandledRequest: 'error' })
    try {
      assert.deepEqual(await ask(), [{ from: handlerBuild }, { data: { from: handlerBuild } }])
      server.use(...handlersOf(lib, 'override'))
      assert.deepEqual(await ask(), [{ from: 'override' }, { data: { from: 'override' } }])
    } finally {
      server.close()
    }
  })
}

await harness.run()
