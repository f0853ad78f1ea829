// Runs in a project on graphql 16 that already depends on @graphql-tools/executor 1 (Apollo
// and graphql-tools projects often do), where `npm install <tarball>` must succeed: mocklib's
// optional peer range takes 1 as well as 2. The schema executor's @defer/@stream, which go
// through that package on graphql 16, must deliver their parts in both wire formats.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { setupServer } from 'mocklib/node'
import { createSchemaExecutor } from 'mocklib/schema'
import { createHarness } from '../fixtures/harness.cjs'

const harness = createHarness(`mocklib beside @graphql-tools/executor 1 (Node ${process.version})`)
const require = createRequire(import.meta.url)
const QUERY = '{ hero { id ... @defer(label: "Name") { name } friends @stream(initialCount: 1) } }'

harness.check('npm kept @graphql-tools/executor 1 and graphql 16', () => {
  assert.match(require('@graphql-tools/executor/package.json').version, /^1\./)
  assert.match(require('graphql/package.json').version, /^16\./)
})

/** The JSON parts of a multipart/mixed body, in order. */
function parts(body) {
  return body
    .split('\r\n---')
    .map((part) => part.split('\r\n\r\n')[1])
    .filter((json) => json !== undefined && json.trim() !== '')
    .map((json) => JSON.parse(json))
}

async function send(accept) {
  const response = await fetch('https://api.example.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ query: QUERY }),
  })
  assert.equal(response.headers.get('content-type'), 'multipart/mixed; boundary="-"')
  return parts(await response.text())
}

harness.check('@defer and @stream are delivered part by part, in both formats', async () => {
  const api = createSchemaExecutor({
    typeDefs: 'type Query { hero: Hero! } type Hero { id: ID! name: String! friends: [String!]! }',
    resolvers: { Query: { hero: () => ({ id: '1', name: 'Luke', friends: ['Han', 'Leia'] }) } },
  })
  const server = setupServer(api.handler('https://api.example.test/graphql'))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    assert.deepEqual(await send('multipart/mixed;deferSpec=20220824, application/json'), [
      { data: { hero: { id: '1', friends: ['Han'] } }, hasNext: true },
      {
        incremental: [
          { items: ['Leia'], path: ['hero', 'friends', 1] },
          { data: { name: 'Luke' }, path: ['hero'], label: 'Name' },
        ],
        hasNext: false,
      },
    ])
    const v02 = await send('multipart/mixed;incrementalSpec=v0.2, application/json')
    assert.deepEqual(v02[0].data, { hero: { id: '1', friends: ['Han'] } })
    assert.deepEqual(v02.at(-1).completed, [{ id: '0' }, { id: '1' }])
  } finally {
    server.close()
  }
})

await harness.run()
