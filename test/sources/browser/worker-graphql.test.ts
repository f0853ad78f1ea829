// SPEC 4.2 in a real page: Apollo Client (bundled for the browser) against graphql handlers
// answered through the Service Worker.
import { expect, it } from 'vitest'
import { usePageSession, waitForConsole } from './harness'

const session = usePageSession('test/sources/browser/fixtures/apollo-entry.ts')

it('runs the SPEC 4.2 tutorial with Apollo Client: list, create, delete, and a GraphQL error for an unknown id', async () => {
  const result = await session.tab.page.evaluate(async () => {
    const { graphql, HttpResponse, setupWorker } = window.mocklib
    const { ApolloClient, CombinedGraphQLErrors, gql, HttpLink, InMemoryCache } = window.apollo
    type Post = { __typename: 'Post'; id: string; title: string }
    const posts = new Map<string, Post>([
      ['1', { __typename: 'Post', id: '1', title: 'Hello' }],
      ['2', { __typename: 'Post', id: '2', title: 'World' }],
    ])
    await setupWorker(
      graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [...posts.values()] } })),
      graphql.mutation<{ createPost: { __typename: 'Post'; id: string } }, { post: { id: string; title: string } }>(
        'CreatePost',
        ({ variables }) => {
          posts.set(variables.post.id, { __typename: 'Post', ...variables.post })
          return HttpResponse.json({ data: { createPost: { __typename: 'Post', id: variables.post.id } } })
        },
      ),
      graphql.mutation<{ deletePost: Post }, { postId: string }>('DeletePost', ({ variables }) => {
        const post = posts.get(variables.postId)
        if (post === undefined)
          return HttpResponse.json({ errors: [{ message: `No post has the id "${variables.postId}".` }] })
        posts.delete(post.id)
        return HttpResponse.json({ data: { deletePost: post } })
      }),
    ).start({ quiet: true, onUnhandledRequest: 'error' })

    const LIST = gql`query ListPosts { posts { id title } }`
    const CREATE = gql`mutation CreatePost($post: PostInput!) { createPost(post: $post) { id } }`
    const DELETE = gql`mutation DeletePost($postId: ID!) { deletePost(id: $postId) { id title } }`
    // A GraphQL server on another origin: the worker answers it without any CORS round trip.
    const client = new ApolloClient({
      link: new HttpLink({ uri: 'https://api.example.test/graphql' }),
      cache: new InMemoryCache(),
    })
    const local = new ApolloClient({ link: new HttpLink({ uri: '/graphql' }), cache: new InMemoryCache() })

    const listed = (await client.query({ query: LIST })).data
    const created = (await client.mutate({ mutation: CREATE, variables: { post: { id: '3', title: 'New' } } })).data
    const again = (await local.query({ query: LIST })).data as { posts: Post[] }
    const deleted = (await client.mutate({ mutation: DELETE, variables: { postId: '1' } })).data
    const failure = await client
      .mutate({ mutation: DELETE, variables: { postId: '404' } })
      .catch((error: unknown) => error)
    return {
      listed,
      created,
      againIds: again.posts.map((post) => post.id),
      deleted,
      failure: CombinedGraphQLErrors.is(failure) ? failure.errors.map((error) => error.message) : String(failure),
    }
  })
  expect(result).toEqual({
    listed: {
      posts: [
        { __typename: 'Post', id: '1', title: 'Hello' },
        { __typename: 'Post', id: '2', title: 'World' },
      ],
    },
    created: { createPost: { __typename: 'Post', id: '3' } },
    againIds: ['1', '2', '3'],
    deleted: { deletePost: { __typename: 'Post', id: '1', title: 'Hello' } },
    failure: ['No post has the id "404".'],
  })
  expect(session.server.received.filter((request) => request.url.startsWith('/graphql'))).toEqual([])
})

it('logs a mocked GraphQL request by its operation, as MSW: "query GetUser (200 OK)"', async () => {
  await session.tab.page.evaluate(async () => {
    const { graphql, HttpResponse, setupWorker } = window.mocklib
    const api = graphql.link('https://api.example.test/graphql')
    await setupWorker(
      api.query('GetUser', () => HttpResponse.json({ data: { user: { id: '1' } } })),
      api.operation(() => HttpResponse.json({ data: null }, { status: 301 })),
    ).start()
    const post = (query: string) =>
      fetch('https://api.example.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      })
    await post('query GetUser { user { id } }')
    await post('mutation CreatePost { post { id } }')
  })
  await waitForConsole(
    session.tab,
    /^startGroupCollapsed: \[mocklib\] \d\d:\d\d:\d\d query GetUser \(%c200 OK%c\) color:#69AB32 color:inherit$/,
  )
  await waitForConsole(
    session.tab,
    /^startGroupCollapsed: \[mocklib\] \d\d:\d\d:\d\d mutation CreatePost \(%c301 Moved Permanently%c\) color:#F0BB4B color:inherit$/,
  )
})
