// Per-test overrides are handlers: server.use() adds them, resetHandlers() and boundaries scope them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getResponse, graphql } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createSchemaExecutor } from 'mocklib/schema'
import { createPostsExecutor, DELETE_POST, LIST_POSTS, postGraphQL, SCHEMA_DIR } from './fixtures/posts-executor'

const URI = 'https://api.test/graphql'
const OTHER = 'https://other.test/graphql'
const api = createPostsExecutor()
const other = createSchemaExecutor({ schemaFiles: SCHEMA_DIR, seed: 99 })
const server = setupServer(api.handler(URI), graphql.link(OTHER).operation(other.resolver))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  api.reset()
})
afterAll(() => server.close())

interface Post {
  id: string
  title: string
}
const listPosts = async (url = URI) =>
  ((await postGraphQL(url, { query: LIST_POSTS })).body.data as { posts: Post[] }).posts

describe('executor.override(...) with server.use()', () => {
  it('replaces a root field, and resetHandlers() undoes it with no other call', async () => {
    server.use(api.override({ Query: { posts: [] } }))
    expect(await listPosts()).toEqual([])
    server.resetHandlers()
    expect(await listPosts()).toHaveLength(2)
  })

  it('replaces one field of a type everywhere; the rest still comes from the store', async () => {
    const before = await listPosts()
    server.use(api.override({ Post: { title: 'Fixed title' } }))
    const after = await listPosts()
    expect(after).toEqual(before.map((post) => ({ id: post.id, title: 'Fixed title' })))
  })

  it('a partial object: fields it leaves out are generated', async () => {
    server.use(api.override({ Query: { posts: [{ id: 'only-id' }] } }))
    expect(await listPosts()).toEqual([{ id: 'only-id', title: expect.any(String) }])
  })

  it('a resolver function receives the arguments and the context (store, request)', async () => {
    let seenUrl: string | undefined
    server.use(
      api.override({
        Mutation: {
          deletePost: (_parent, { id }: { id: string }, context) => {
            seenUrl = context.request?.url
            return { id, title: `deleted ${id}` }
          },
        },
      }),
    )
    const { body } = await postGraphQL(URI, { query: DELETE_POST, variables: { postId: 'any-id' } })
    expect(body).toEqual({ data: { deletePost: { id: 'any-id', title: 'deleted any-id' } } })
    expect(seenUrl).toBe(URI)
  })

  it('the latest use() wins, as handler precedence has it; earlier layers still apply to other fields', async () => {
    server.use(api.override({ Post: { title: 'first', id: 'first-id' } }))
    server.use(api.override({ Post: { title: 'second' } }))
    const posts = await listPosts()
    expect(posts.every((post) => post.title === 'second' && post.id === 'first-id')).toBe(true)
  })

  it("one executor's override does not touch another executor", async () => {
    const untouched = await listPosts(OTHER)
    server.use(api.override({ Post: { title: 'changed' } }))
    expect(await listPosts(OTHER)).toEqual(untouched)
    expect((await listPosts()).every((post) => post.title === 'changed')).toBe(true)
  })

  it('works with the executor inside a named handler too', async () => {
    server.use(
      graphql.query('ListPosts', api.resolver),
      api.override({ Query: { posts: [{ id: '1', title: 'From the override' }] } }),
    )
    // The override comes after the handler in this list, so it is not applied...
    expect(await listPosts()).toHaveLength(2)
    server.resetHandlers()
    server.use(
      api.override({ Query: { posts: [{ id: '1', title: 'From the override' }] } }),
      graphql.query('ListPosts', api.resolver),
    )
    // ...and before it, it is.
    expect(await listPosts()).toEqual([{ id: '1', title: 'From the override' }])
  })
})

describe('boundaries', () => {
  it('an override made inside a boundary stays inside it, and parallel boundaries do not see each other', async () => {
    // A asks for its posts only once B's override is in place, so both overrides exist at once.
    let bOverridden!: () => void
    const bReady = new Promise<void>((resolve) => (bOverridden = resolve))
    const titles = await Promise.all([
      server.boundary(async () => {
        server.use(api.override({ Post: { title: 'A' } }))
        await bReady
        return (await listPosts()).map((post) => post.title)
      })(),
      server.boundary(async () => {
        server.use(api.override({ Post: { title: 'B' } }))
        bOverridden()
        return (await listPosts()).map((post) => post.title)
      })(),
      server.boundary(async () => (await listPosts()).map((post) => post.title))(),
    ])
    expect(titles[0]).toEqual(['A', 'A'])
    expect(titles[1]).toEqual(['B', 'B'])
    expect(titles[2].some((title) => title === 'A' || title === 'B')).toBe(false)
    expect((await listPosts()).some((post) => post.title === 'A' || post.title === 'B')).toBe(false)
  })
})

describe('mistakes', () => {
  it('an unknown type or field is named in the error', async () => {
    await api.ready()
    expect(() => api.override({ Pots: { title: 'x' } })).toThrow(/no object type "Pots".*Known types: .*Post/)
    expect(() => api.override({ Post: { body: 'x' } })).toThrow('type "Post" has no field "body"')
    expect(() => api.override([] as never)).toThrow('executor.override() needs a map like')
  })

  it('an override made before the schema loaded is checked when first applied: that request fails with the reason', async () => {
    const fresh = createSchemaExecutor({ schemaFiles: SCHEMA_DIR })
    const handlers = [fresh.override({ Post: { body: 'x' } }), fresh.handler('https://fresh.test/graphql')]
    const response = await getResponse(
      handlers,
      new Request('https://fresh.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: LIST_POSTS }),
      }),
    ).catch((error: unknown) => error)
    expect(response).toBeInstanceOf(TypeError)
    expect((response as Error).message).toContain('type "Post" has no field "body"')
  })
})
