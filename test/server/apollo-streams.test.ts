// Apollo Client 4 against the mock server over real sockets: multipart HTTP subscriptions and
// @defer/@stream arrive part by part (each part reaches the client while the next is still held
// back), and delay() in a resolver holds the answer back on the wire.
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { GraphQL17Alpha9Handler } from '@apollo/client/incremental'
import { delay, graphql, http, HttpResponse } from 'mocklib'
import { createMockServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHeroApi } from '../defer/fixtures/hero-api'
import { deferred } from '../helpers/deferred'

const api = createHeroApi()
let secondTick = deferred()
let secondPublishedAt = 0
let unsubscribed = deferred()
// The subscriptions come first: the executor's handler answers every operation at /graphql.
const server = createMockServer(
  graphql.subscription('OnTick', async ({ subscription }) => {
    subscription.publish({ data: { n: 1 } })
    // The second result waits for the test: the first must reach Apollo before it exists.
    await secondTick.promise
    subscription.publish({ data: { n: 2 } })
    secondPublishedAt = performance.now()
    await delay(40)
    subscription.publish({ data: { n: 3 } })
    subscription.complete()
  }),
  graphql.subscription('Forever', ({ subscription, finalize }) => {
    finalize(() => unsubscribed.resolve())
    subscription.publish({ data: { n: 1 } })
  }),
  api.handler('/graphql'),
  http.get('/slow', async () => {
    await delay(60)
    return HttpResponse.json({ late: true })
  }),
)

beforeAll(() => server.listen())
afterAll(() => server.close())

function apollo(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: `${server.url}/graphql` }),
    cache: new InMemoryCache(),
    incrementalHandler: new GraphQL17Alpha9Handler(),
  })
}

describe('Apollo multipart subscriptions from the mock server', () => {
  it('delivers each result as it is published, delay() between them kept on the wire, then completes', async () => {
    secondTick = deferred()
    const arrived: Array<{ value: unknown; at: number }> = []
    await new Promise<void>((resolve, reject) => {
      apollo()
        .subscribe({ query: gql('subscription OnTick { n }'), fetchPolicy: 'no-cache' })
        .subscribe({
          next: (value) => {
            arrived.push({ value: value.data, at: performance.now() })
            if (arrived.length === 1) secondTick.resolve()
          },
          error: reject,
          complete: resolve,
        })
    })
    expect(arrived.map((entry) => entry.value)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    // delay(40) after the second publish (this process): the third cannot reach Apollo sooner.
    expect(arrived[2].at - secondPublishedAt).toBeGreaterThanOrEqual(39)
  })

  it("unsubscribing in Apollo ends the request, and the resolver's finalizer runs", async () => {
    unsubscribed = deferred()
    const first = deferred<unknown>()
    const observed = apollo()
      .subscribe({ query: gql('subscription Forever { n }'), fetchPolicy: 'no-cache' })
      .subscribe({ next: (value) => first.resolve(value.data) })
    expect(await first.promise).toEqual({ n: 1 })
    observed.unsubscribe()
    await unsubscribed.promise
  })
})

describe('@defer and @stream from the schema executor to Apollo Client 4', () => {
  it('shows the initial data while the deferred fragment is held, then the whole hero', async () => {
    const held = api.hold('hero')
    const emissions: Array<{ data: unknown; dataState: string }> = []
    const streaming = deferred()
    const complete = deferred()
    const watched = apollo()
      .watchQuery({ query: gql('query Hero { hero { id ... @defer(label: "HeroName") { name } } }') })
      .subscribe((emission) => {
        emissions.push(emission)
        if (emission.dataState === 'streaming') streaming.resolve()
        if (emission.dataState === 'complete') complete.resolve()
      })
    await streaming.promise
    await held.reached
    expect(emissions.at(-1)?.data).toEqual({ hero: { __typename: 'Hero', id: '1' } })
    held.release()
    await complete.promise
    expect(emissions.at(-1)?.data).toEqual({ hero: { __typename: 'Hero', id: '1', name: 'Luke' } })
    watched.unsubscribe()
  })

  it('@stream(initialCount: 1) delivers the first friend, then the rest of the list', async () => {
    const lists: string[][] = []
    const done = deferred()
    const watched = apollo()
      .watchQuery({ query: gql('query Friends { hero { id friends @stream(initialCount: 1) { id name } } }') })
      .subscribe((emission) => {
        const hero = (emission.data as { hero?: { friends: Array<{ name: string }> } } | undefined)?.hero
        if (hero !== undefined) lists.push(hero.friends.map((friend) => friend.name))
        if (!emission.loading) done.resolve()
      })
    await done.promise
    expect(lists[0]).toEqual(['Han'])
    expect(lists.at(-1)).toEqual(['Han', 'Leia', 'Chewie'])
    watched.unsubscribe()
  })
})

it('delay() in a resolver holds the answer back on the wire (curl-like client: node fetch)', async () => {
  const started = performance.now()
  const response = await fetch(`${server.url}/slow`)
  expect(await response.json()).toEqual({ late: true })
  expect(performance.now() - started).toBeGreaterThanOrEqual(59)
})
