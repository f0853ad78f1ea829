// GraphQL-aware recording: keys by operation, batches and persisted queries per operation, and
// replayed answers checked against the schema.
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApolloClient, gql, HttpLink, InMemoryCache, type ApolloLink } from '@apollo/client'
import { BatchHttpLink } from '@apollo/client/link/batch-http'
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createRecorder, StaleRecordingError, type Har } from 'mocklib/record'
import { createSchemaExecutor } from 'mocklib/schema'
import { POSTS_SDL, startLiveApi, type LiveApi } from './live-api'

const server = setupServer()
let api: LiveApi
const dir = mkdtempSync(join(tmpdir(), 'mocklib-graphql-'))
let count = 0
const freshFile = () => join(dir, `${++count}.har`)
const errors: Error[] = []

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  server.events.on('unhandledException', ({ error }) => errors.push(error))
  api = await startLiveApi()
})
afterEach(() => {
  server.resetHandlers()
  api.requests.length = 0
  errors.length = 0
})
afterAll(async () => {
  server.close()
  await api.close()
})

const post = (body: unknown) =>
  fetch(api.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.text())
const entries = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as Har).log.entries
const apollo = (link: ApolloLink) => new ApolloClient({ link, cache: new InMemoryCache() })

/** Records `run` against the live server, then replays it in lockdown with `replay`. */
async function recordThenLockdown<T>(run: () => Promise<T>, options: Parameters<typeof createRecorder>[0] = {}) {
  const file = freshFile()
  const recorder = createRecorder({ ...options, file, mode: 'record' })
  server.use(recorder.handler)
  const recorded = await run()
  await recorder.save()
  server.resetHandlers()
  api.requests.length = 0
  const lockdown = createRecorder({ ...options, file, mode: 'lockdown' })
  server.use(lockdown.handler)
  return { file, recorded, lockdown }
}

describe('keys', () => {
  it('matches by operation name, printed document and variables, not by the raw body', async () => {
    const { lockdown, recorded } = await recordThenLockdown(() =>
      post({
        query: 'mutation Create($post: PostInput!) { createPost(post: $post) { id title } }',
        variables: { post: { id: '10', title: 'Keys' } },
      }),
    )
    const replayed = await post({
      variables: { post: { title: 'Keys', id: '10' } },
      query: 'mutation Create($post: PostInput!) {\n  createPost(post: $post) {\n    id\n    title\n  }\n}\n',
      operationName: 'Create',
    })
    expect(replayed).toBe(recorded)
    expect(api.requests).toEqual([])

    const other = await fetch(api.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation Create($post: PostInput!) { createPost(post: $post) { id title } }',
        variables: { post: { id: '11', title: 'Keys' } },
      }),
    })
    expect(other.status).toBe(500)
    expect(lockdown.refused).toEqual([`mutation Create (POST ${api.graphqlUrl})`])
  })

  it('records a batch per operation and replays it, and its operations sent alone', async () => {
    const LIST = gql`query BatchList { posts { id } }`
    const TITLES = gql`query BatchTitles { posts { title } }`
    const run = async () => {
      const client = apollo(new BatchHttpLink({ uri: api.graphqlUrl, batchMax: 10, batchInterval: 5 }))
      const [list, titles] = await Promise.all([client.query({ query: LIST }), client.query({ query: TITLES })])
      return [list.data, titles.data]
    }
    const { file, recorded } = await recordThenLockdown(run)
    expect(
      entries(file)
        .map((entry) => JSON.parse(entry.request.postData!.text!).operationName)
        .sort(),
    ).toEqual(['BatchList', 'BatchTitles'])
    expect(await run()).toEqual(recorded)
    const alone = await apollo(new HttpLink({ uri: api.graphqlUrl })).query({ query: TITLES })
    expect(alone.data).toEqual(recorded[1])
    expect(api.requests).toEqual([])
  })

  it('records automatic persisted queries (hash, then query) and replays them in order', async () => {
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
    const QUERY = gql`query Persisted { posts { id title } }`
    const run = async () =>
      (
        await apollo(new PersistedQueryLink({ sha256 }).concat(new HttpLink({ uri: api.graphqlUrl }))).query({
          query: QUERY,
        })
      ).data
    const { file, recorded } = await recordThenLockdown(run)
    const sent = entries(file).map(
      (entry) => JSON.parse(entry.request.postData!.text!) as { query?: string; extensions?: unknown },
    )
    expect(sent.filter((body) => body.query === undefined)).toHaveLength(1)
    expect(sent.filter((body) => body.query !== undefined)).toHaveLength(1)
    expect(await run()).toEqual(recorded)
    expect(api.requests).toEqual([])
  })
})

describe('replayed answers checked against the schema', () => {
  const LIST = 'query ListPosts { posts { id title } }'

  it('replays answers that fit the schema, byte for byte', async () => {
    const { recorded } = await recordThenLockdown(() => post({ query: LIST }), {
      schema: { schemaFiles: 'schema/posts.graphql' },
    })
    expect(await post({ query: LIST })).toBe(recorded)
    expect(errors).toEqual([])
  })

  it('fails a stale recording loudly, with the file and the path of each problem', async () => {
    const changed = POSTS_SDL.replace('title: String!', 'title: Int!').replace(
      'type Post {',
      'type Post {\n  author: String!',
    )
    const executor = createSchemaExecutor({ typeDefs: changed })
    const { file } = await recordThenLockdown(() => post({ query: LIST }), { schema: executor })
    const response = await fetch(api.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: LIST }),
    })
    expect(response.status).toBe(500)
    expect(errors).toHaveLength(1)
    const error = errors[0] as StaleRecordingError
    expect(error).toBeInstanceOf(StaleRecordingError)
    expect(error.code).toBe('MOCKLIB_STALE_RECORDING')
    // One problem per recorded post (the live server's list has grown in earlier tests).
    expect(error.problems[0].path).toBe('posts[0].title')
    expect(error.problems.every((problem) => /^posts\[\d+\]\.title$/.test(problem.path))).toBe(true)
    expect(error.message).toContain(
      `The recorded answer to query ListPosts (POST ${api.graphqlUrl}) in ${file} no longer fits the schema`,
    )
    expect(error.message).toContain(`posts[0].title: string "Hello" is not a valid Int for Post.title`)
  })

  it('names an operation the changed schema no longer has', async () => {
    const changed = POSTS_SDL.replace('title: String!', 'headline: String!')
    const { file } = await recordThenLockdown(() => post({ query: LIST }), { schema: { typeDefs: changed } })
    await post({ query: LIST })
    expect(errors[0]).toBeInstanceOf(StaleRecordingError)
    expect(errors[0].message).toContain(`in ${file} no longer fits the schema`)
    expect(errors[0].message).toMatch(
      /\(operation\): the operation does not validate against the schema: Cannot query field "title" on type "Post"/,
    )
  })
})
