import { cacheExchange, Client, fetchExchange, gql as urqlGql } from '@urql/core'
import { ClientError, GraphQLClient } from 'graphql-request'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createPostsApi, CREATE_POST, DELETE_POST, LIST_POSTS } from './fixtures/posts'

const URI = 'https://api.test/graphql'
const api = createPostsApi()
const server = setupServer(...api.handlers)
let methods: string[] = []
server.events.on('request:start', ({ request }) => methods.push(request.method))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  api.reset()
  methods = []
})
afterAll(() => server.close())

describe('@urql/core', () => {
  const client = () =>
    new Client({
      url: URI,
      exchanges: [cacheExchange, fetchExchange],
      preferGetMethod: true,
      requestPolicy: 'network-only',
    })

  it('sends queries as GET (query string) and mutations as POST, and gets the tutorial answers', async () => {
    const urql = client()
    const listed = await urql.query(urqlGql(LIST_POSTS), {}).toPromise()
    expect(listed.error).toBeUndefined()
    expect(listed.data.posts.map((post: { title: string }) => post.title)).toEqual(['Hello', 'World'])
    expect(methods).toEqual(['GET'])

    const created = await urql.mutation(urqlGql(CREATE_POST), { post: { id: '3', title: 'Third' } }).toPromise()
    expect(created.data).toEqual({ createPost: { __typename: 'Post', id: '3' } })
    expect(methods).toEqual(['GET', 'POST'])

    const deleted = await urql.mutation(urqlGql(DELETE_POST), { postId: '404' }).toPromise()
    expect(deleted.error?.graphQLErrors[0].message).toContain('"404"')

    const again = await urql.query(urqlGql(LIST_POSTS), {}).toPromise()
    expect(again.data.posts).toHaveLength(3)
  })
})

describe('graphql-request', () => {
  const client = () => new GraphQLClient(URI)

  it('runs the tutorial operations', async () => {
    const gr = client()
    const listed = await gr.request<{ posts: Array<{ id: string }> }>(LIST_POSTS)
    expect(listed.posts.map((post) => post.id)).toEqual(['1', '2'])

    const created = await gr.request(CREATE_POST, { post: { id: '9', title: 'Nine' } })
    expect(created).toEqual({ createPost: { __typename: 'Post', id: '9' } })

    const deleted = await gr.request(DELETE_POST, { postId: '9' })
    expect(deleted).toEqual({ deletePost: { __typename: 'Post', id: '9', title: 'Nine' } })
  })

  it('surfaces the errors body for an unknown id as a ClientError', async () => {
    const error = await client()
      .request(DELETE_POST, { postId: 'nope' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ClientError)
    expect((error as ClientError).response.errors?.[0].message).toContain('"nope"')
    expect((error as ClientError).response.status).toBe(200)
  })
})
