// Apollo Client 4 with each of its incremental handlers: each sends its own Accept and parses
// only its own format, so every test runs with both and must see the deferred data arrive.
import { ApolloClient, gql, HttpLink, InMemoryCache, type ErrorPolicy } from '@apollo/client'
import { Defer20220824Handler, GraphQL17Alpha9Handler } from '@apollo/client/incremental'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { graphql, incrementalResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createHeroApi } from './fixtures/hero-api'

const URI = 'https://api.test/graphql'
const HAND_URI = 'https://hand.test/graphql'
const api = createHeroApi()
const server = setupServer(api.handler(URI))
let accepts: string[] = []
server.events.on('request:start', ({ request }) => void accepts.push(request.headers.get('accept') ?? ''))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  api.reset()
  accepts = []
})
afterAll(() => server.close())

const HANDLERS = [
  {
    name: 'Defer20220824Handler',
    create: () => new Defer20220824Handler(),
    accept: 'multipart/mixed;deferSpec=20220824',
  },
  {
    name: 'GraphQL17Alpha9Handler',
    create: () => new GraphQL17Alpha9Handler(),
    accept: 'multipart/mixed;incrementalSpec=v0.2',
  },
] as const

interface Emission {
  data: unknown
  dataState: string
  loading: boolean
  error?: unknown
}

/** Watches a query and resolves `until(predicate)` on the first emission that matches. */
function watch(client: ApolloClient, query: string, errorPolicy: ErrorPolicy = 'none') {
  const seen: Emission[] = []
  const waiters: Array<{ test: (emission: Emission) => boolean; resolve: (emission: Emission) => void }> = []
  const subscription = client.watchQuery({ query: gql(query), errorPolicy }).subscribe((emission) => {
    seen.push(emission as Emission)
    for (const waiter of [...waiters]) {
      if (waiter.test(emission as Emission)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(emission as Emission)
      }
    }
  })
  const until = (test: (emission: Emission) => boolean) =>
    new Promise<Emission>((resolve) => {
      const found = seen.find(test)
      if (found !== undefined) resolve(found)
      else waiters.push({ test, resolve })
    })
  return { seen, until, stop: () => subscription.unsubscribe() }
}

describe.each(HANDLERS)('Apollo Client 4 with $name', ({ create, accept }) => {
  const client = (uri = URI) =>
    new ApolloClient({ link: new HttpLink({ uri }), cache: new InMemoryCache(), incrementalHandler: create() })

  it('shows the initial data (streaming), then the labelled and nested deferred fragments (complete)', async () => {
    const held = api.hold('hero')
    const watched = watch(
      client(),
      `query Hero { hero { id ... @defer(label: "HeroName") { name ... @defer(label: "HeroHome") { home { id name } } } } }`,
    )
    const first = await watched.until((emission) => emission.dataState === 'streaming')
    expect(first.data).toEqual({ hero: { __typename: 'Hero', id: '1' } })
    await held.reached
    held.release()
    const done = await watched.until((emission) => emission.dataState === 'complete')
    expect(done.data).toEqual({
      hero: { __typename: 'Hero', id: '1', name: 'Luke', home: { __typename: 'Planet', id: 'p1', name: 'Tatooine' } },
    })
    expect(accepts[0].startsWith(accept)).toBe(true)
    watched.stop()
  })

  it('@stream(initialCount: 1) delivers the rest of the list', async () => {
    const watched = watch(client(), `query Friends { hero { id friends @stream(initialCount: 1) { id name } } }`)
    const names = (emission: Emission) =>
      (emission.data as { hero: { friends: Array<{ name: string }> } }).hero.friends.map((friend) => friend.name)
    // While streaming, Apollo reports the list so far as complete data, still loading.
    const first = await watched.until((emission) => emission.data !== undefined)
    expect(names(first)).toEqual(['Han'])
    expect(first.loading).toBe(true)
    const done = await watched.until((emission) => !emission.loading)
    expect(names(done)).toEqual(['Han', 'Leia', 'Chewie'])
    watched.stop()
  })

  it('an error in a deferred fragment reaches the client with the data around it (errorPolicy all)', async () => {
    const watched = watch(client(), `query Secret { hero { id ... @defer(label: "Secret") { secret } } }`, 'all')
    const done = await watched.until((emission) => emission.dataState === 'complete' || emission.error !== undefined)
    expect(String((done.error as Error | undefined)?.message)).toContain('The secret is classified.')
    expect((done.data as { hero: { id: string } }).hero.id).toBe('1')
    watched.stop()
  })

  it('a hand-written handler answers with incrementalResponse(): the part arrives when the test lets it', async () => {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    server.use(
      graphql
        .link(HAND_URI)
        .query('Hero', ({ request }) =>
          incrementalResponse(request, { data: { hero: { __typename: 'Hero', id: '7' } } }, [
            { path: ['hero'], label: 'HeroName', data: { name: 'Rey' }, until: released },
          ]),
        ),
    )
    const watched = watch(client(HAND_URI), `query Hero { hero { id ... @defer(label: "HeroName") { name } } }`)
    expect((await watched.until((emission) => emission.dataState === 'streaming')).data).toEqual({
      hero: { __typename: 'Hero', id: '7' },
    })
    release()
    expect((await watched.until((emission) => emission.dataState === 'complete')).data).toEqual({
      hero: { __typename: 'Hero', id: '7', name: 'Rey' },
    })
    watched.stop()
  })
})
