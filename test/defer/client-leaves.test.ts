// A client that leaves a @defer/@stream response releases what the server side holds: the
// executor's stream source (here node's events.on(), waiting for an event that never comes)
// is closed at once — by fetch's abort, by a cancelled body, by Apollo Client and urql
// unsubscribing — and its listeners are removed.
import { EventEmitter, on } from 'node:events'
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { Defer20220824Handler } from '@apollo/client/incremental'
import { Client, fetchExchange, gql as urqlGql } from '@urql/core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import { createSchemaExecutor } from 'mocklib/schema'
import { readMultipartJson } from '../helpers/multipart-reader'
import { LEGACY_ACCEPT, V02_ACCEPT } from './fixtures/hero-api'

const URI = 'https://feed.test/graphql'
const PACED_URI = 'https://paced-feed.test/graphql'
const QUERY = 'query Feed { feed @stream(initialCount: 0) }'

/** The feed's source: events.on() over a fresh emitter; `listening` settles once it is read, `released` once it has no listener left. */
let feed = openFeed()
function openFeed() {
  const emitter = new EventEmitter()
  const listening = new Promise<void>((resolve) => emitter.on('newListener', (name) => name === 'item' && resolve()))
  const released = new Promise<void>((resolve) =>
    emitter.on('removeListener', () => emitter.listenerCount('item') === 0 && resolve()),
  )
  return { emitter, listening, released }
}

const options = {
  typeDefs: 'type Query { feed: [String!]! }',
  resolvers: { Query: { feed: () => on(feed.emitter, 'item') } },
}
const api = createSchemaExecutor(options)
// Delays split the executor's payloads into one per part before they wait: another path to the source.
const paced = createSchemaExecutor({ ...options, incremental: { delay: 0 } })
const server = setupServer(api.handler(URI), paced.handler(PACED_URI))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  feed = openFeed()
})
afterAll(() => server.close())

function post(uri: string, signal?: AbortSignal, accept = LEGACY_ACCEPT): Promise<Response> {
  return fetch(uri, {
    method: 'POST',
    signal,
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ query: QUERY }),
  })
}

describe('a @stream whose source waits for ever, left by its client', () => {
  it.each([URI, PACED_URI])(
    'fetch aborts (%s): the body fails with the abort and the source is closed',
    async (uri) => {
      const controller = new AbortController()
      const parts = readMultipartJson(await post(uri, controller.signal))
      expect((await parts.next()).value).toEqual({ data: { feed: [] }, hasNext: true })
      expect(feed.emitter.listenerCount('item')).toBe(1)
      controller.abort()
      await expect(parts.next()).rejects.toThrow(/abort/i)
      await feed.released
    },
  )

  it('incrementalSpec=v0.2 on graphql 16, whose result is read whole before the answer: fetch aborts, the source is closed', async () => {
    const controller = new AbortController()
    const answered = post(URI, controller.signal, V02_ACCEPT)
    await feed.listening
    controller.abort()
    await expect(answered).rejects.toThrow(/abort/i)
    await feed.released
  })

  it('the client cancels the body: the source is closed', async () => {
    const reader = (await post(URI)).body!.getReader()
    let text = ''
    while (!text.includes('{"data":{"feed":[]},"hasNext":true}\r\n---'))
      text += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
    await feed.released
  })

  it('Apollo Client 4 unsubscribes: the source is closed', async () => {
    const client = new ApolloClient({
      link: new HttpLink({ uri: URI }),
      cache: new InMemoryCache(),
      incrementalHandler: new Defer20220824Handler(),
    })
    let stop!: () => void
    const first = new Promise<unknown>((resolve) => {
      const subscription = client
        .watchQuery({ query: gql(QUERY) })
        .subscribe((emission) => emission.data !== undefined && resolve(emission.data))
      stop = () => subscription.unsubscribe()
    })
    expect(await first).toEqual({ feed: [] })
    stop()
    await feed.released
  })

  it('urql unsubscribes: the source is closed', async () => {
    const client = new Client({ url: URI, exchanges: [fetchExchange] })
    let stop!: () => void
    const first = new Promise<unknown>((resolve) => {
      const subscription = client
        .query(urqlGql(QUERY), {})
        .subscribe((result) => result.data !== undefined && resolve(result.data))
      stop = () => subscription.unsubscribe()
    })
    expect(await first).toEqual({ feed: [] })
    stop()
    await feed.released
  })
})
