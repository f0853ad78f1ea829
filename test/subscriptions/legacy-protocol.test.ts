// The legacy subscriptions-transport-ws protocol (subprotocol "graphql-ws"): its own
// SubscriptionClient and Apollo Client 4's WebSocketLink (@apollo/client/link/ws) against the
// same subscription handlers as graphql-transport-ws.
import { ApolloClient, gql, InMemoryCache } from '@apollo/client'
import { WebSocketLink } from '@apollo/client/link/ws'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { SubscriptionClient } from 'subscriptions-transport-ws'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { deferred } from '../ws/socket'

const URL_ = 'wss://api.test/graphql'
const server = setupServer()
const clients: SubscriptionClient[] = []

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  for (const client of clients.splice(0)) client.close()
  server.resetHandlers()
})
afterAll(() => server.close())

function legacyClient(
  connectionParams?: Record<string, unknown>,
  connectionCallback?: (error: unknown) => void,
): SubscriptionClient {
  const client = new SubscriptionClient(
    URL_,
    { reconnect: false, lazy: true, connectionParams, connectionCallback },
    WebSocket,
  )
  clients.push(client)
  return client
}

function collect(client: SubscriptionClient, query: string, variables?: Record<string, unknown>): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const values: unknown[] = []
    client
      .request({ query, variables })
      .subscribe({ next: (value) => values.push(value), error: reject, complete: () => resolve(values) })
  })
}

it('serves subscriptions to SubscriptionClient: results in order with variables and connection params, error(), queries', async () => {
  const api = graphql.link('https://api.test/graphql', { onConnect: (payload) => payload.token === 'ok' })
  server.use(
    api.subscription('OnTick', ({ variables, connectionParams, subscription }) => {
      subscription.publish({ data: { tick: 1, room: variables.room, token: connectionParams.token } })
      subscription.publish({ data: { tick: 2, room: variables.room, token: connectionParams.token } })
      subscription.complete()
    }),
    api.subscription('OnBroken', ({ subscription }) => subscription.error([{ message: 'broken' }])),
    api.query('Me', () => HttpResponse.json({ data: { me: 'ada' } })),
  )
  const client = legacyClient({ token: 'ok' })
  expect(await collect(client, 'subscription OnTick($room: ID!) { tick }', { room: 'r1' })).toEqual([
    { data: { tick: 1, room: 'r1', token: 'ok' } },
    { data: { tick: 2, room: 'r1', token: 'ok' } },
  ])
  expect(await collect(client, 'query Me { me }')).toEqual([{ data: { me: 'ada' } }])
  // SubscriptionClient hands its observer the first error.
  await expect(collect(client, 'subscription OnBroken { n }')).rejects.toEqual({ message: 'broken' })
})

it('runs finalize when the client stops, and refuses with connection_error when onConnect says no', async () => {
  const finalized = deferred()
  const subscribed = deferred()
  server.use(
    graphql.subscription(
      'OnForever',
      ({ finalize }) => {
        finalize(() => finalized.resolve())
        subscribed.resolve()
      },
      { onConnect: (payload) => payload.token !== 'bad' },
    ),
  )
  const subscription = legacyClient()
    .request({ query: 'subscription OnForever { n }' })
    .subscribe({ next: () => {} })
  await subscribed.promise
  subscription.unsubscribe()
  await finalized.promise

  const connectionError = deferred<unknown>()
  const refused = legacyClient({ token: 'bad' }, (error) => error !== undefined && connectionError.resolve(error))
  refused.request({ query: 'subscription OnForever { n }' }).subscribe({ next: () => {}, error: () => {} })
  expect(await connectionError.promise).toMatchObject({ message: 'Forbidden: onConnect refused the connection' })
})

it('serves Apollo Client 4 WebSocketLink', async () => {
  server.use(
    graphql.subscription('OnPostAdded', ({ subscription }) => {
      subscription.publish({ data: { postAdded: { __typename: 'Post', id: '1' } } })
      subscription.complete()
    }),
  )
  const apollo = new ApolloClient({ link: new WebSocketLink(legacyClient()), cache: new InMemoryCache() })
  const values = await new Promise<unknown[]>((resolve, reject) => {
    const seen: unknown[] = []
    apollo
      .subscribe({ query: gql('subscription OnPostAdded { postAdded { id } }') })
      .subscribe({ next: (result) => seen.push(result.data), error: reject, complete: () => resolve(seen) })
  })
  expect(values).toEqual([{ postAdded: { __typename: 'Post', id: '1' } }])
})
