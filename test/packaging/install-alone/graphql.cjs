'use strict'
// The CommonJS half of graphql.mjs: a mutation through require('mocklib') in a project where
// only `npm install <tarball>` was done.
const assert = require('node:assert/strict')
const { graphql, HttpResponse } = require('mocklib')
const { setupServer } = require('mocklib/node')
const { graphql: msw3Graphql } = require('mocklib/graphql')
const { HttpResponse: Msw3Response } = require('mocklib/http')
const { createHarness } = require('../fixtures/harness.cjs')

const harness = createHarness(`mocklib installed alone (CommonJS, Node ${process.version})`)

harness.check('a GraphQL mutation handler answers with its data', async () => {
  const server = setupServer(
    graphql.mutation('AddPost', ({ variables }) =>
      HttpResponse.json({ data: { addPost: { title: variables.title } } }),
    ),
  )
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const response = await fetch('https://api.example.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation AddPost($title: String!) { addPost(title: $title) { title } }',
        variables: { title: 'New' },
      }),
    })
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { data: { addPost: { title: 'New' } } })
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

harness.run()
