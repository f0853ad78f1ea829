// fromHar() with a HAR as Chromium's dev tools save it (Network panel, "Save all as HAR"):
// HTTP/2 pseudo-headers, compressed transfers with decoded text, base64 images, a CORS
// preflight and a request that failed.
import { readFileSync } from 'node:fs'
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { setupServer } from 'mocklib/node'
import { fromHar, type Har } from 'mocklib/record'

const har = JSON.parse(readFileSync(new URL('./fixtures/chromium-devtools.har', import.meta.url), 'utf8')) as Har
const SDL = `
  type Product { id: ID! name: String! price: Float! }
  type Query { products(first: Int!): [Product!]! }
`
const server = setupServer(...fromHar(har, { schema: { typeDefs: SDL } }))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => vi.restoreAllMocks())
afterAll(() => server.close())

it('answers a REST request whatever the order of its query parameters, without the transfer encoding', async () => {
  const response = await fetch('https://shop.example/api/products?page=1&category=books')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-encoding')).toBeNull()
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  expect(response.headers.get('etag')).toBe('W/"9a-Xy1"')
  expect(await response.json()).toEqual({
    products: [
      { id: 'p1', name: 'Dune', price: 9.99 },
      { id: 'p2', name: 'Solaris', price: 7.5 },
    ],
    page: 1,
  })
})

it('answers a GraphQL operation sent by Apollo Client, checked against the schema', async () => {
  const client = new ApolloClient({
    link: new HttpLink({ uri: 'https://api.shop.example/graphql' }),
    cache: new InMemoryCache(),
  })
  const query = gql`
    query ProductTitles($first: Int!) {
      products(first: $first) {
        id
        name
      }
    }
  `
  const { data } = await client.query({ query, variables: { first: 2 } })
  expect(data).toEqual({
    products: [
      { __typename: 'Product', id: 'p1', name: 'Dune' },
      { __typename: 'Product', id: 'p2', name: 'Solaris' },
    ],
  })
})

it('answers the preflight and a binary body byte for byte', async () => {
  const preflight = await fetch('https://api.shop.example/graphql', { method: 'OPTIONS' })
  expect(preflight.status).toBe(204)
  expect(preflight.headers.get('access-control-allow-origin')).toBe('https://shop.example')
  const logo = new Uint8Array(await (await fetch('https://shop.example/img/logo.png')).arrayBuffer())
  const recorded = har.log.entries.find((entry) => entry.request.url.endsWith('logo.png'))!.response.content.text!
  expect(Buffer.from(logo).toString('base64')).toBe(recorded)
  expect([...logo.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
})

it('leaves out requests that failed in the browser (status 0)', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  await expect(fetch('https://metrics.shop.example/collect?v=2')).rejects.toThrow()
})
