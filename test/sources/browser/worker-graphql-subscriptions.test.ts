// GraphQL subscriptions in a real page (Chromium): Apollo Client's GraphQLWsLink over a
// graphql-ws client, served by graphql.link(url).subscription() through setupWorker (which
// patches the page's WebSocket; no Service Worker sees sockets).
import { expect, it } from 'vitest'
import { usePageSession } from './harness'

declare global {
  interface Window {
    apolloWs: Pick<typeof import('@apollo/client'), 'ApolloClient' | 'gql' | 'InMemoryCache'> & {
      GraphQLWsLink: typeof import('@apollo/client/link/subscriptions').GraphQLWsLink
      createClient: typeof import('graphql-ws').createClient
    }
  }
}

const session = usePageSession('test/sources/browser/fixtures/apollo-subscriptions-entry.ts')

it('delivers a subscription to Apollo Client in Chromium: results in order, a later publish from the handler, unsubscribe runs finalize', async () => {
  const result = await session.tab.page.evaluate(async () => {
    const { graphql, setupWorker } = window.mocklib
    const { ApolloClient, gql, InMemoryCache, GraphQLWsLink, createClient } = window.apolloWs
    const api = graphql.link('https://api.example.test/graphql', { onConnect: (payload) => payload.token === 'page' })
    let finalized!: () => void
    const ended = new Promise<void>((resolve) => (finalized = resolve))
    const onPostAdded = api.subscription<
      { postAdded: { __typename: 'Post'; id: string; feed: string } },
      { feed: string }
    >('OnPostAdded', ({ variables, subscription, finalize }) => {
      finalize(finalized)
      subscription.publish({ data: { postAdded: { __typename: 'Post', id: '1', feed: variables.feed } } })
    })
    const worker = setupWorker(onPostAdded)
    await worker.start({ quiet: true, onUnhandledRequest: 'error' })
    const wsClient = createClient({
      url: 'wss://api.example.test/graphql',
      connectionParams: { token: 'page' },
      retryAttempts: 0,
    })
    const apollo = new ApolloClient({ link: new GraphQLWsLink(wsClient), cache: new InMemoryCache() })
    const seen: unknown[] = []
    let second!: () => void
    const gotTwo = new Promise<void>((resolve) => (second = resolve))
    const subscription = apollo
      .subscribe({
        query: gql`subscription OnPostAdded($feed: String!) { postAdded(feed: $feed) { id feed } }`,
        variables: { feed: 'page' },
      })
      .subscribe({
        next: (value) => {
          seen.push(value.data)
          if (seen.length === 1)
            onPostAdded.publish({ data: { postAdded: { __typename: 'Post', id: '2', feed: 'later' } } })
          if (seen.length === 2) second()
        },
      })
    await gotTwo
    subscription.unsubscribe()
    await ended
    const active = onPostAdded.subscriptions.size
    await wsClient.dispose()
    await worker.stop()
    return { seen, active }
  })
  expect(result).toEqual({
    seen: [
      { postAdded: { __typename: 'Post', id: '1', feed: 'page' } },
      { postAdded: { __typename: 'Post', id: '2', feed: 'later' } },
    ],
    active: 0,
  })
})
