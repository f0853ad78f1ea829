// @defer in a real page: Apollo Client 4 (each incremental handler) reads a multipart answer that
// the Service Worker streams part by part. The deferred part is released only after Apollo has
// shown the initial data, so a buffered body would never complete (the test would time out).
import { expect, it } from 'vitest'
import { usePageSession } from './harness'

type DeferApollo = typeof import('@apollo/client') & typeof import('@apollo/client/incremental')

const session = usePageSession('test/sources/browser/fixtures/defer-entry.ts')

for (const handlerName of ['Defer20220824Handler', 'GraphQL17Alpha9Handler'] as const) {
  it(`Apollo Client 4 with ${handlerName} shows the initial data, then the deferred fragment`, async () => {
    const result = await session.tab.page.evaluate(async (name) => {
      const { graphql, incrementalResponse, setupWorker } = window.mocklib
      const apollo = (window as unknown as { apolloDefer: DeferApollo }).apolloDefer
      let release!: () => void
      const released = new Promise<void>((resolve) => (release = resolve))
      const accepts: string[] = []
      await setupWorker(
        graphql.query('Hero', ({ request }) => {
          accepts.push(request.headers.get('accept') ?? '')
          return incrementalResponse(request, { data: { hero: { __typename: 'Hero', id: '1' } } }, [
            { path: ['hero'], label: 'HeroName', data: { name: 'Luke' }, until: released },
          ])
        }),
      ).start({ quiet: true, onUnhandledRequest: 'error' })
      const client = new apollo.ApolloClient({
        link: new apollo.HttpLink({ uri: 'https://api.example.test/graphql' }),
        cache: new apollo.InMemoryCache(),
        incrementalHandler: new apollo[name](),
      })
      const query = apollo.gql`query Hero { hero { id ... @defer(label: "HeroName") { name } } }`
      const emissions = await new Promise<Array<{ dataState: string; data: unknown }>>((resolve) => {
        const seen: Array<{ dataState: string; data: unknown }> = []
        client.watchQuery({ query }).subscribe((emission) => {
          seen.push({ dataState: emission.dataState, data: emission.data })
          if (emission.dataState === 'streaming') release()
          if (emission.dataState === 'complete') resolve(seen)
        })
      })
      return { emissions: emissions.filter((emission) => emission.data !== undefined), accept: accepts[0] }
    }, handlerName)
    expect(result.emissions).toEqual([
      { dataState: 'streaming', data: { hero: { __typename: 'Hero', id: '1' } } },
      { dataState: 'complete', data: { hero: { __typename: 'Hero', id: '1', name: 'Luke' } } },
    ])
    expect(result.accept).toContain(
      handlerName === 'Defer20220824Handler' ? 'deferSpec=20220824' : 'incrementalSpec=v0.2',
    )
  })
}
