// initialData: the data a schema executor starts from, written into the store when it is built
// and again after every reset(), so each test begins with it; api.store reads and writes it.
import type { Ref } from '@graphql-tools/mock'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createSchemaExecutor, type SchemaExecutorOptions } from 'mocklib/schema'
import { createPostsExecutor, CREATE_POST, LIST_POSTS, postGraphQL } from './fixtures/posts-executor'

const URI = 'https://api.test/graphql'
const seeded = [
  { id: 'p1', title: 'First' },
  { id: 'p2', title: 'Second' },
]
let seedings = 0
const api = createPostsExecutor({
  initialData: (store) => {
    seedings++
    for (const post of seeded) store.set('Post', post.id, post)
    store.set(
      'Query',
      'ROOT',
      'posts',
      seeded.map((post) => store.get('Post', post.id) as Ref),
    )
  },
})
const server = setupServer(api.handler(URI))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const listed = async () => ((await postGraphQL(URI, { query: LIST_POSTS })).body.data as { posts: unknown[] }).posts

describe('createSchemaExecutor({ initialData })', () => {
  it('serves the seeded data from the first request', async () => {
    expect(await listed()).toEqual(seeded)
    expect(seedings).toBe(1)
  })

  it('seeds again after reset(): created data is gone, the seeded data is back', async () => {
    await postGraphQL(URI, { query: CREATE_POST, variables: { post: { id: 'p3', title: 'Third' } } })
    expect(await listed()).toEqual([...seeded, { id: 'p3', title: 'Third' }])
    api.reset()
    expect(seedings).toBe(2)
    expect(await listed()).toEqual(seeded)
  })

  it('api.store is the store the answers come from: a test may write to it', async () => {
    await api.ready()
    api.store.set('Post', 'p1', 'title', 'Edited in the test')
    expect(await listed()).toEqual([{ id: 'p1', title: 'Edited in the test' }, seeded[1]])
    api.reset()
    expect(await listed()).toEqual(seeded)
  })

  it('refuses an initialData that is not a function, naming the option', () => {
    const options = { typeDefs: 'type Query { a: Int }', initialData: [] } as unknown as SchemaExecutorOptions
    expect(() => createSchemaExecutor(options)).toThrow(/option "initialData" got .*; expected a function/)
  })
})
