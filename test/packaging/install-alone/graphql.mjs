// Runs in a project where only `npm install <tarball>` was done: graphql must have come with
// mocklib, in a version that runs on this Node, and GraphQL handlers must answer through it.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as mocklib from 'mocklib'
import { setupServer } from 'mocklib/node'
import { graphql as msw3Graphql } from 'mocklib/graphql'
import { HttpResponse as Msw3Response } from 'mocklib/http'
import { createHarness } from '../fixtures/harness.cjs'
import { postsChecks, postsHandlers, sendWithFetch } from '../fixtures/posts.cjs'

const harness = createHarness(`mocklib installed alone (ESM, Node ${process.version})`)
const { graphql, HttpResponse } = mocklib

harness.check('npm installed graphql 16 or 17 into this project', () => {
  // graphql 17 does not export its package.json: read it next to the resolved entry.
  const installed = new URL('../node_modules/graphql/', import.meta.url)
  const where = fileURLToPath(import.meta.resolve('graphql'))
  assert.ok(where.startsWith(fileURLToPath(installed)), `graphql resolved to ${where}`)
  const manifest = JSON.parse(readFileSync(new URL('package.json', installed), 'utf8'))
  assert.match(manifest.version, /^1[67]\./)
  // graphql 17 asks for Node >= 22; npm must have picked 16 on older Node.
  if (Number(process.versions.node.split('.')[0]) < 22) assert.match(manifest.version, /^16\./)
  console.log(`    graphql ${manifest.version}`)
})

harness.check('a GraphQL query handler answers with its data and sees the variables', async () => {
  const server = setupServer(
    graphql.query('GetPost', ({ variables }) =>
      HttpResponse.json({ data: { post: { id: variables.id, title: 'Hello' } } }),
    ),
  )
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const response = await fetch('https://api.example.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query GetPost($id: ID!) { post(id: $id) { id title } }', variables: { id: '7' } }),
    })
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { data: { post: { id: '7', title: 'Hello' } } })
  } finally {
    server.close()
  }
})

harness.check('REST handlers work next to it', async () => {
  const server = setupServer(...postsHandlers(mocklib))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    for (const [, check] of postsChecks) await check(sendWithFetch)
  } finally {
    server.close()
  }
})

harness.check("MSW 3's link-first GraphQL from 'mocklib/graphql' and 'mocklib/http' answers", async () => {
  const api = msw3Graphql.link('https://api.example.com/graphql')
  const server = setupServer(api.query('GetUser', () => Msw3Response.json({ data: { user: { name: 'John' } } })))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const body = JSON.stringify({ query: 'query GetUser { user { name } }' })
    const response = await fetch('https://api.example.com/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    assert.deepEqual(await response.json(), { data: { user: { name: 'John' } } })
  } finally {
    server.close()
  }
})

await harness.run()
