// The GraphQL half of the demo: SPEC.md section 4.2's tutorial (ListPosts, CreatePost,
// DeletePost) answered by graphql.* handlers, with the app calling a GraphQL endpoint with fetch.
// Self-contained: its own handlers, its own server; `run()` is what main.mjs calls.
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { logTraffic } from './log.mjs'

const ENDPOINT = 'https://api.example.test/graphql'

const LIST_POSTS = 'query ListPosts { posts { id title } }'
const CREATE_POST = 'mutation CreatePost($post: PostInput!) { createPost(post: $post) { id } }'
const DELETE_POST = 'mutation DeletePost($postId: ID!) { deletePost(id: $postId) { id title } }'

/** The mocked API: an in-memory list of posts behind three operations. */
function graphqlHandlers(endpoint) {
  const posts = new Map([['1', { id: '1', title: 'Hello, GraphQL' }]])
  const api = graphql.link(endpoint)
  return [
    api.query('ListPosts', () => HttpResponse.json({ data: { posts: [...posts.values()] } })),
    api.mutation('CreatePost', ({ variables }) => {
      const post = { id: variables.post.id ?? String(posts.size + 1), title: variables.post.title }
      posts.set(post.id, post)
      return HttpResponse.json({ data: { createPost: { id: post.id } } })
    }),
    api.mutation('DeletePost', ({ variables }) => {
      const post = posts.get(variables.postId)
      // A GraphQL failure is still HTTP 200; it travels in `errors` (SPEC.md section 7).
      if (post === undefined)
        return HttpResponse.json({ errors: [{ message: `No post has the id "${variables.postId}".` }] })
      posts.delete(post.id)
      return HttpResponse.json({ data: { deletePost: post } })
    }),
  ]
}

/** The app's GraphQL client: POST JSON, or GET for queries, as GraphQL over HTTP allows. */
function createGraphQLClient(endpoint) {
  return {
    async request(query, variables, { method = 'POST' } = {}) {
      let response
      if (method === 'GET') {
        const url = new URL(endpoint)
        url.searchParams.set('query', query)
        if (variables) url.searchParams.set('variables', JSON.stringify(variables))
        response = await fetch(url, {
          headers: { accept: 'application/graphql-response+json, application/json;q=0.9' },
        })
      } else {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/graphql-response+json, application/json;q=0.9',
          },
          body: JSON.stringify(Array.isArray(query) ? query : { query, variables }),
        })
      }
      return { status: response.status, contentType: response.headers.get('content-type'), body: await response.json() }
    },
  }
}

export async function run() {
  console.log(`GraphQL: the posts API at ${ENDPOINT}`)
  const server = setupServer(...graphqlHandlers(ENDPOINT))
  server.listen({ onUnhandledRequest: 'error' })
  const log = logTraffic(server)
  const app = createGraphQLClient(ENDPOINT)

  const steps = [
    ['ListPosts', () => app.request(LIST_POSTS)],
    [
      "CreatePost($post: { id: '2', title: 'Second post' })",
      () => app.request(CREATE_POST, { post: { id: '2', title: 'Second post' } }),
    ],
    ['ListPosts, sent with GET', () => app.request(LIST_POSTS, undefined, { method: 'GET' })],
    ["DeletePost($postId: '2')", () => app.request(DELETE_POST, { postId: '2' })],
    ["DeletePost($postId: '2') again: an errors body", () => app.request(DELETE_POST, { postId: '2' })],
    [
      'CreatePost sent with GET: refused with 405',
      () => app.request(CREATE_POST, { post: { title: 'x' } }, { method: 'GET' }),
    ],
    [
      'a batch: [ListPosts, DeletePost($postId: "1")]',
      () => app.request([{ query: LIST_POSTS }, { query: DELETE_POST, variables: { postId: '1' } }]),
    ],
  ]

  try {
    for (const [label, step] of steps) {
      console.log(`  ${label}`)
      const result = await step()
      await log.flush()
      console.log(`    = status ${result.status} (${result.contentType}), body ${JSON.stringify(result.body)}`)
    }
  } finally {
    server.close()
  }
}
