// graphql.subscription() served to urql 6 over HTTP: subscriptionExchange forwarding to a
// graphql-sse client, and fetchExchange with fetchSubscriptions (urql asks for
// `text/event-stream, multipart/mixed` and gets GraphQL over SSE).
import { Client, fetchExchange, gql, subscriptionExchange, type OperationResult } from '@urql/core'
import { createClient as createSseClient } from 'graphql-sse'
import { graphql } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { deferred, unsubscribeProbe } from './probes'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { onEnd, pipe, subscribe } from 'wonka'

const URL_ = 'https://api.test/graphql'
const api = graphql.link(URL_)
const server = setupServer()
let accepts: Array<string | null> = []
server.events.on('request:start', ({ request }) => void accepts.push(request.headers.get('accept')))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  accepts = []
})
afterAll(() => server.close())

const clients = {
  'subscriptionExchange over graphql-sse': () => {
    const sse = createSseClient({ url: URL_, retryAttempts: 0 })
    return new Client({
      url: URL_,
      exchanges: [
        subscriptionExchange({
          forwardSubscription: (request) => ({
            subscribe: (sink) => ({ unsubscribe: sse.subscribe({ ...request, query: request.query ?? '' }, sink) }),
          }),
        }),
      ],
    })
  },
  'fetchExchange with fetchSubscriptions': () =>
    new Client({ url: URL_, exchanges: [fetchExchange], fetchSubscriptions: true }),
}

/** The data and errors of every result, once the subscription ends. */
function collect(
  client: Client,
  query: string,
  variables?: Record<string, unknown>,
): Promise<Array<Pick<OperationResult, 'data' | 'error'>>> {
  return new Promise((resolve) => {
    const results: Array<Pick<OperationResult, 'data' | 'error'>> = []
    pipe(
      client.subscription(gql(query), variables ?? {}),
      onEnd(() => resolve(results)),
      subscribe((result) => void results.push({ data: result.data, error: result.error })),
    )
  })
}

describe.each(Object.entries(clients))('graphql.subscription() to urql, %s', (name, makeClient) => {
  it('delivers results in order with variables, errors as the result’s error, and ends when the server completes', async () => {
    server.use(
      api.subscription('OnTick', ({ variables, subscription }) => {
        subscription.publish({ data: { tick: variables.room } })
        subscription.publish({ data: { tick: 2 } })
        subscription.error([{ message: 'room closed' }])
      }),
    )
    const results = await collect(makeClient(), 'subscription OnTick($room: ID!) { tick(room: $room) }', { room: 'r1' })
    expect(results.slice(0, 2)).toEqual([
      { data: { tick: 'r1' }, error: undefined },
      { data: { tick: 2 }, error: undefined },
    ])
    expect(results[2].error?.graphQLErrors.map((error) => error.message)).toEqual(['room closed'])
    if (name.startsWith('fetchExchange')) expect(accepts).toEqual(['text/event-stream, multipart/mixed'])
  })

  it('runs finalize when urql unsubscribes', async () => {
    const probe = unsubscribeProbe(api)
    server.use(probe.handler)
    const first = deferred<unknown>()
    const { unsubscribe } = pipe(
      makeClient().subscription(gql('subscription OnTick { n }'), {}),
      subscribe((result) => first.resolve(result.data)),
    )
    expect(await first.promise).toEqual({ n: 1 })
    unsubscribe()
    expect(await probe.ended()).toBe(false)
  })
})
