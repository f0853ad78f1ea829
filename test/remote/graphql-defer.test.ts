// The schema executor in the test process answers an app's @defer query through the remote part
// by part: the app's client reads the first part while the deferred field is still pending.
import { setupRemoteServer, setupServer } from 'mocklib/node'
import { createSchemaExecutor } from 'mocklib/schema'
import { afterAll, beforeAll, expect, it } from 'vitest'

const GRAPHQL = 'https://api.example.test/graphql'
let releaseBio!: () => void
const bioReleased = new Promise<void>((resolve) => (releaseBio = resolve))
const api = createSchemaExecutor({
  typeDefs: 'type Query { author: Author! } type Author { id: ID!, bio: String! }',
  resolvers: {
    Query: { author: () => ({ id: 'a1' }) },
    // The deferred field waits for the test: the first part must reach the app before it resolves.
    Author: { bio: async () => (await bioReleased, 'Wrote the first program') },
  },
})
const remote = setupRemoteServer(api.handler(GRAPHQL))
const app = setupServer()

beforeAll(async () => {
  await remote.listen()
  app.listen({ remote: { url: remote.url, token: remote.token }, onUnhandledRequest: 'error' })
})

afterAll(async () => {
  app.close()
  await remote.close()
})

it('streams @defer parts to the app as the executor produces them', async () => {
  const response = await fetch(GRAPHQL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'multipart/mixed;deferSpec=20220824, application/json' },
    body: JSON.stringify({ query: '{ author { id ... @defer { bio } } }' }),
  })
  expect(response.headers.get('content-type')).toBe('multipart/mixed; boundary="-"')
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  while (!text.includes('"hasNext":true')) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`the body ended before its first part: ${text}`)
    text += value
  }
  expect(text).toContain('{"data":{"author":{"id":"a1"}},"hasNext":true}')
  expect(text).not.toContain('Wrote the first program')
  releaseBio()
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value
  expect(text).toContain(
    '{"incremental":[{"data":{"bio":"Wrote the first program"},"path":["author"]}],"hasNext":false}',
  )
  expect(text.trimEnd().endsWith('-----')).toBe(true)
})
