import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createPostsApi, CREATE_POST, DELETE_POST, LIST_POSTS } from './fixtures/posts'

const api = createPostsApi()
const server = setupServer(...api.handlers)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  api.reset()
})
afterAll(() => server.close())

async function post(body: unknown) {
  const response = await fetch('https://api.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

it('ListPosts answers with data.posts', async () => {
  const { status, body } = await post({ query: LIST_POSTS })
  expect(status).toBe(200)
  expect(body).toEqual({
    data: {
      posts: [
        { __typename: 'Post', id: '1', title: 'Hello' },
        { __typename: 'Post', id: '2', title: 'World' },
      ],
    },
  })
})

it('CreatePost receives $post: PostInput! and the new post is listed afterwards', async () => {
  const created = await post({
    query: CREATE_POST,
    variables: { post: { id: '3', title: 'New' } },
    operationName: 'CreatePost',
  })
  expect(created.body).toEqual({ data: { createPost: { __typename: 'Post', id: '3' } } })
  const listed = await post({ query: LIST_POSTS })
  expect(listed.body.data.posts.map((p: { id: string }) => p.id)).toEqual(['1', '2', '3'])
})

it('DeletePost answers the deleted post, and an errors body with HTTP 200 for an unknown id', async () => {
  const deleted = await post({ query: DELETE_POST, variables: { postId: '1' } })
  expect(deleted.body).toEqual({ data: { deletePost: { __typename: 'Post', id: '1', title: 'Hello' } } })

  const missing = await post({ query: DELETE_POST, variables: { postId: '1' } })
  expect(missing.status).toBe(200)
  expect(missing.body.data).toBeUndefined()
  expect(missing.body.errors).toHaveLength(1)
  expect(missing.body.errors[0].message).toContain('"1"')
})

it('matches an operation wherever it is sent (no link)', async () => {
  const response = await fetch('http://127.0.0.1:9/other/path', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: LIST_POSTS }),
  })
  expect((await response.json()).data.posts).toHaveLength(2)
})
