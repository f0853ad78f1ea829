// Clients that retry recover from a fault as they would in production, and the test proves it:
// the first attempt meets the fault, the retry the answer, and the handlers saw both attempts.
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { RetryLink } from '@apollo/client/link/retry'
import axios from 'axios'
import axiosRetry from 'axios-retry'
import got from 'got'
import ky from 'ky'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { fault, graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer()
const attempts: string[] = []
server.events.on('request:start', ({ request }) => attempts.push(`${request.method} ${new URL(request.url).pathname}`))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  attempts.length = 0
})
afterAll(() => server.close())

/** The first request to `path` meets `failure`, the next ones get the item. */
function failsOnce(path: string, failure: () => Response) {
  server.use(
    http.get(`https://shop.test${path}`, failure, { once: true }),
    http.get(`https://shop.test${path}`, () => HttpResponse.json({ id: 7 })),
  )
}

it("got's retry recovers from a connection reset", async () => {
  failsOnce('/got', () => fault.reset())
  const body = await got('https://shop.test/got', {
    retry: { limit: 2, calculateDelay: ({ computedValue }) => (computedValue === 0 ? 0 : 1) },
  }).json()
  expect(body).toEqual({ id: 7 })
  expect(attempts).toEqual(['GET /got', 'GET /got'])
})

it("ky's retry recovers from a body cut short", async () => {
  failsOnce('/ky', () => fault.truncate(HttpResponse.json({ id: 7 }), 3))
  // ky retries failed fetches, not bodies: the cut body fails reading, as with a real server.
  await expect(ky('https://shop.test/ky', { retry: { limit: 2, delay: () => 0 } }).json()).rejects.toThrow('terminated')
  expect(attempts).toEqual(['GET /ky'])
  failsOnce('/ky', () => fault.reset())
  expect(await ky('https://shop.test/ky', { retry: { limit: 2, delay: () => 0 } }).json()).toEqual({ id: 7 })
  expect(attempts).toEqual(['GET /ky', 'GET /ky', 'GET /ky'])
})

it('axios with axios-retry recovers from a refused connection', async () => {
  failsOnce('/axios', () => fault.refused())
  const client = axios.create()
  axiosRetry(client, { retries: 2, retryCondition: axiosRetry.isNetworkError })
  const response = await client.get('https://shop.test/axios')
  expect(response.data).toEqual({ id: 7 })
  expect(attempts).toEqual(['GET /axios', 'GET /axios'])
})

it("Apollo Client's RetryLink recovers from a reset GraphQL operation", async () => {
  server.use(
    graphql.query('Item', () => fault.reset(), { once: true }),
    graphql.query('Item', () => HttpResponse.json({ data: { item: { __typename: 'Item', id: '7' } } })),
  )
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new RetryLink({ delay: { initial: 1, max: 1, jitter: false }, attempts: { max: 3 } }).concat(
      new HttpLink({ uri: 'https://shop.test/graphql' }),
    ),
  })
  const { data } = await client.query<{ item: { id: string } }>({ query: gql`query Item { item { id } }` })
  expect(data?.item.id).toBe('7')
  expect(attempts).toEqual(['POST /graphql', 'POST /graphql'])
})
