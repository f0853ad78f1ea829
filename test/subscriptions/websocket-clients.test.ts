// The clients people subscribe with, against one mocked link: graphql-ws (subscribe and
// iterate), Apollo Client 4's GraphQLWsLink, and urql's subscriptionExchange over graphql-ws.
// Each gets results in order with its variables, sees a server-side error, and an unsubscribe
// from the client runs the handler's finalize callbacks.
import { ApolloClient, ApolloLink, CombinedGraphQLErrors, gql, InMemoryCache } from '@apollo/client'
import { GraphQLWsLink } from '@apollo/client/link/subscriptions'
import { Client as UrqlClient, subscriptionExchange } from '@urql/core'
import type { Client } from 'graphql-ws'
import { graphql } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { describe, expect, it } from 'vitest'
import { useGraphQLWsClients } from './graphql-ws-clients'
import { deferred } from '../ws/socket'

const api = graphql.link('https://api.test/graphql')
const server = setupServer()
const wsClient = useGraphQLWsClients(server, 'wss://api.test/graphql')

const ON_POST = 'subscription OnPostAdded($feed: String!) { postAdded(feed: $feed) { __typename id feed } }'
const post = (id: string, feed: unknown) => ({ postAdded: { __typename: 'Post', id, feed } })

/** Publishes two posts for the feed asked, then completes; finalize() resolves `finalized`. */
function postsHandler() {
  const finalized = deferred()
  const subscribed = deferred()
  const handler = api.subscription('OnPostAdded', ({ variables, subscription, finalize }) => {
    finalize(() => finalized.resolve())
    subscribed.resolve()
    if (variables.feed === 'broken') return subscription.error([{ message: 'feed is broken' }])
    if (variables.feed === 'endless') return
    subscription.publish({ data: post('1', variables.feed) })
    subscription.publish({ data: post('2', variables.feed) })
    subscription.complete()
  })
  server.use(handler)
  return { finalized: finalized.promise, subscribed: subscribed.promise }
}

describe('graphql-ws client', () => {
  it('iterate() yields each result in order and ends on complete', async () => {
    postsHandler()
    const results: unknown[] = []
    for await (const result of wsClient().iterate({ query: ON_POST, variables: { feed: 'news' } })) results.push(result)
    expect(results).toEqual([{ data: post('1', 'news') }, { data: post('2', 'news') }])
  })

  it('iterate() throws the errors error() sent; breaking out unsubscribes (finalize runs)', async () => {
    postsHandler()
    const client: Client = wsClient()
    await expect(async () => {
      for await (const _ of client.iterate({ query: ON_POST, variables: { feed: 'broken' } })) void _
    }).rejects.toEqual([{ message: 'feed is broken' }])
    const { subscribed, finalized } = postsHandler()
    const iterator = client.iterate({ query: ON_POST, variables: { feed: 'endless' } })
    void iterator.next()
    await subscribed
    await iterator.return?.()
    await finalized
  })
})

describe('Apollo Client 4 GraphQLWsLink', () => {
  const apollo = () =>
    new ApolloClient({ link: new GraphQLWsLink(wsClient()) as ApolloLink, cache: new InMemoryCache() })

  it('delivers results in order, then completes', async () => {
    postsHandler()
    const results = await new Promise<unknown[]>((resolve, reject) => {
      const seen: unknown[] = []
      apollo()
        .subscribe({ query: gql(ON_POST), variables: { feed: 'apollo' } })
        .subscribe({ next: (result) => seen.push(result.data), error: reject, complete: () => resolve(seen) })
    })
    expect(results).toEqual([post('1', 'apollo'), post('2', 'apollo')])
  })

  it('reports error() as CombinedGraphQLErrors, and unsubscribe() runs finalize', async () => {
    postsHandler()
    const failed = await new Promise<unknown>((resolve) => {
      apollo()
        .subscribe({ query: gql(ON_POST), variables: { feed: 'broken' } })
        .subscribe({ next: (result) => result.error !== undefined && resolve(result.error), error: resolve })
    })
    expect(CombinedGraphQLErrors.is(failed)).toBe(true)
    expect((failed as CombinedGraphQLErrors).errors).toEqual([{ message: 'feed is broken' }])

    const { subscribed, finalized } = postsHandler()
    const subscription = apollo()
      .subscribe({ query: gql(ON_POST), variables: { feed: 'endless' } })
      .subscribe({})
    await subscribed
    subscription.unsubscribe()
    await finalized
  })
})

describe('urql subscriptionExchange over graphql-ws', () => {
  function urql(): UrqlClient {
    const ws = wsClient()
    return new UrqlClient({
      url: 'https://api.test/graphql',
      exchanges: [
        subscriptionExchange({
          forwardSubscription(request) {
            const input = { ...request, query: request.query ?? '' }
            return { subscribe: (sink) => ({ unsubscribe: ws.subscribe(input, sink) }) }
          },
        }),
      ],
    })
  }

  it('delivers results in order; unsubscribe runs finalize', async () => {
    postsHandler()
    const values: unknown[] = []
    const done = deferred()
    const source = urql().subscription(ON_POST, { feed: 'urql' })
    source.subscribe((result) => {
      values.push(result.data)
      if (values.length === 2) done.resolve()
    })
    await done.promise
    expect(values).toEqual([post('1', 'urql'), post('2', 'urql')])

    const { subscribed, finalized } = postsHandler()
    const { unsubscribe } = urql()
      .subscription(ON_POST, { feed: 'endless' })
      .subscribe(() => {})
    await subscribed
    unsubscribe()
    await finalized
  })

  it('surfaces error() as a CombinedError with the GraphQL errors', async () => {
    postsHandler()
    const error = await new Promise<{ graphQLErrors: Array<{ message: string }> }>((resolve) => {
      urql()
        .subscription(ON_POST, { feed: 'broken' })
        .subscribe((result) => result.error !== undefined && resolve(result.error))
    })
    expect(error.graphQLErrors.map((entry) => entry.message)).toEqual(['feed is broken'])
  })
})
