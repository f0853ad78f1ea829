// graphql.subscription() served as Apollo's multipart HTTP subscriptions, driven by Apollo
// Client 4's HttpLink (Accept: multipart/mixed;boundary=graphql;subscriptionSpec=1.0).
import { ApolloClient, CombinedProtocolErrors, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { graphql } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { parkedSource } from '../helpers/parked-source'
import { deferred, unsubscribeProbe } from './probes'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const URI = 'https://api.test/graphql'
const api = graphql.link(URI)
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function apollo(): ApolloClient {
  return new ApolloClient({ link: new HttpLink({ uri: URI }), cache: new InMemoryCache() })
}

/** Subscribes to `OnTick`, sees its first result `{ n: 1 }`, then unsubscribes (Apollo aborts the request). */
async function unsubscribeAfterFirst(): Promise<void> {
  const first = deferred<unknown>()
  const observed = apollo()
    .subscribe({ query: gql('subscription OnTick { n }') })
    .subscribe({ next: (value) => first.resolve(value) })
  expect(await first.promise).toEqual({ data: { n: 1 } })
  observed.unsubscribe()
}

/** Every value the subscription emitted, once it completes (or the error it failed with). */
function collect(client: ApolloClient, query: string, variables?: Record<string, unknown>): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const values: unknown[] = []
    // no-cache: a result that carries only errors is not written to (or warned about by) the cache.
    client.subscribe({ query: gql(query), variables, fetchPolicy: 'no-cache' }).subscribe({
      next: (value) => values.push(value),
      error: reject,
      complete: () => resolve(values),
    })
  })
}

describe('graphql.subscription() over Apollo multipart HTTP subscriptions', () => {
  it('delivers results in order with the variables Apollo sent, then completes on the closing boundary', async () => {
    server.use(
      api.subscription('OnTick', ({ variables, subscription }) => {
        for (let n = 1; n <= 3; n++)
          subscription.publish({ data: { tick: { __typename: 'Tick', n, room: variables.room } } })
        subscription.complete()
      }),
    )
    const values = await collect(apollo(), 'subscription OnTick($room: ID!) { tick(room: $room) { n room } }', {
      room: 'r1',
    })
    expect(values).toEqual([1, 2, 3].map((n) => ({ data: { tick: { __typename: 'Tick', n, room: 'r1' } } })))
  })

  it('writes the parts Apollo parses: a {} heartbeat, {payload} parts, the closing boundary', async () => {
    server.use(
      api.subscription('OnTick', ({ subscription }) => {
        subscription.publish({ data: { n: 1 } })
        subscription.complete()
      }),
    )
    const response = await fetch(URI, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'multipart/mixed;boundary=graphql;subscriptionSpec=1.0,application/json',
      },
      body: JSON.stringify({ query: 'subscription OnTick { n }' }),
    })
    expect(response.headers.get('content-type')).toBe('multipart/mixed; boundary="-"; subscriptionSpec="1.0"')
    const part = (json: string) =>
      `\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${json.length}\r\n\r\n${json}\r\n---`
    expect(await response.text()).toBe(`\r\n---${part('{}')}${part('{"payload":{"data":{"n":1}}}')}--\r\n`)
  })

  it('reports GraphQL errors in a result as the result’s error, and error() as protocol errors', async () => {
    server.use(
      api.subscription('OnPartial', ({ subscription }) => {
        subscription.publish({ data: null, errors: [{ message: 'no tick' }] })
        subscription.complete()
      }),
      api.subscription('OnFail', ({ subscription }) => {
        subscription.publish({ data: { n: 1 } })
        subscription.error([{ message: 'room closed', extensions: { code: 'GONE' } }])
      }),
    )
    const client = apollo()
    const [partial] = (await collect(client, 'subscription OnPartial { n }')) as Array<{ error: Error }>
    expect(partial.error.message).toContain('no tick')
    const values = (await collect(client, 'subscription OnFail { n }')) as Array<{ data?: unknown; error?: unknown }>
    expect(values[0]).toEqual({ data: { n: 1 } })
    expect(values[1].error).toBeInstanceOf(CombinedProtocolErrors)
    expect((values[1].error as CombinedProtocolErrors).errors).toEqual([
      { message: 'room closed', extensions: { code: 'GONE' } },
    ])
  })

  it('runs finalize when the client unsubscribes (the request is aborted)', async () => {
    const probe = unsubscribeProbe(api)
    server.use(probe.handler)
    await unsubscribeAfterFirst()
    expect(await probe.ended()).toBe(false)
  })

  it('closes the source of subscription.from() when the client unsubscribes, though it waits for its next result', async () => {
    const { source, returned } = parkedSource([{ data: { n: 1 } }])
    server.use(api.subscription('OnTick', ({ subscription }) => subscription.from(source)))
    await unsubscribeAfterFirst()
    await returned
  })

  it('keeps parallel boundaries apart, and handler.publish() reaches the subscriptions it serves', async () => {
    const inBoundary = (label: string) =>
      server.boundary(async () => {
        const started = deferred()
        const handler = api.subscription('OnTick', () => started.resolve())
        server.use(handler)
        const client = apollo()
        const values = new Promise<unknown[]>((resolve, reject) => {
          const seen: unknown[] = []
          client.subscribe({ query: gql('subscription OnTick { label }') }).subscribe({
            next: (value) => {
              seen.push(value)
              resolve(seen)
            },
            error: reject,
          })
        })
        await started.promise
        handler.publish({ data: { label } })
        const result = await values
        for (const subscription of handler.subscriptions) subscription.complete()
        return result
      })()
    const [a, b] = await Promise.all([inBoundary('a'), inBoundary('b')])
    expect(a).toEqual([{ data: { label: 'a' } }])
    expect(b).toEqual([{ data: { label: 'b' } }])
  })
})
