// GraphQL streams from the mock server to clients that are not mocklib's, over real sockets: urql
// reads @defer as multipart/mixed part by part, and graphql-sse's client reads a subscription as
// an event stream, whose events the history keeps as frames.
import { Client, fetchExchange, gql, type OperationResult } from '@urql/core'
import { createClient } from 'graphql-sse'
import { ControlClient, createMockServer } from 'mocklib/node'
import { createSchemaExecutor } from 'mocklib/schema'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { receiveTwoPosts, TWO_POSTS } from './two-posts'

let releaseBio!: () => void
const bioReleased = new Promise<void>((resolve) => (releaseBio = resolve))
const api = createSchemaExecutor<{ postAdded: { id: string; title: string } }>({
  typeDefs: /* GraphQL */ `
    type Query { author: Author! }
    type Author { id: ID!, bio: String! }
    type Post { id: ID!, title: String! }
    type Subscription { postAdded: Post! }
  `,
  resolvers: {
    Query: { author: () => ({ id: 'a1' }) },
    // The deferred field waits for the test: the first part must reach the client before it resolves.
    Author: { bio: async () => (await bioReleased, 'Wrote the first program') },
  },
})
const server = createMockServer(api.handler('/graphql'))

beforeAll(() => server.listen())
afterAll(() => server.close())

it('streams @defer to urql part by part: the first result arrives while the deferred field is pending', async () => {
  const client = new Client({ url: `${server.url}/graphql`, exchanges: [fetchExchange] })
  const query = gql`
    query Author {
      author {
        id
        ... @defer {
          bio
        }
      }
    }
  `
  const results = await new Promise<OperationResult[]>((resolve, reject) => {
    const all: OperationResult[] = []
    const { unsubscribe } = client.query(query, {}, { requestPolicy: 'network-only' }).subscribe((result) => {
      all.push(result)
      if (result.error !== undefined) reject(result.error)
      // Only now may the deferred field resolve: the part before it was not held back.
      if (all.length === 1) releaseBio()
      if (!result.hasNext) {
        resolve(all)
        queueMicrotask(unsubscribe)
      }
    })
  })
  expect(results[0]).toMatchObject({ data: { author: { id: 'a1' } }, hasNext: true })
  expect(results.at(-1)).toMatchObject({
    data: { author: { id: 'a1', bio: 'Wrote the first program' } },
    hasNext: false,
  })
})

it("serves a subscription to graphql-sse's client, and the history keeps its events as frames", async () => {
  const client = createClient({ url: `${server.url}/graphql`, retryAttempts: 0 })
  const received = await receiveTwoPosts(client, api)
  client.dispose()
  expect(received).toEqual(TWO_POSTS)
  const control = new ControlClient({ url: server.url, token: server.token })
  const record = (await control.requests()).find((entry) => entry.operationName === 'PostAdded')
  const frames = (await control.request(record!.id)).frames ?? []
  expect(frames.map((frame) => frame.data).join('')).toContain('"title":"Second"')
})
