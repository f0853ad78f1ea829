import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { getResponse, graphql, http, HttpResponse, type GraphQLResponseBody, type RequestHandler } from 'mocklib'
import { setupServer } from 'mocklib/node'

// The server finds named GraphQL handlers through an index by operation name; getResponse()
// walks the list. For any list and any request, both must give the same answer.
const names = ['ListPosts', 'CreatePost', 'DeletePost', 'Viewer']
const endpoints = ['https://a.test/graphql', 'https://b.test/graphql']

const handlerArb = fc.oneof(
  fc.record({
    kind: fc.constantFrom('query', 'mutation'),
    name: fc.constantFrom(...names),
    link: fc.option(fc.constantFrom(...endpoints)),
  }),
  fc.record({
    kind: fc.constant('regexp'),
    name: fc.constantFrom('^List', 'Post$'),
    link: fc.option(fc.constantFrom(...endpoints)),
  }),
  fc.record({ kind: fc.constant('operation'), name: fc.constant(''), link: fc.option(fc.constantFrom(...endpoints)) }),
  fc.record({ kind: fc.constant('fallthrough'), name: fc.constantFrom(...names), link: fc.constant(null) }),
  fc.record({ kind: fc.constant('http'), name: fc.constant(''), link: fc.constantFrom(...endpoints) }),
)

const requestArb = fc.record({
  type: fc.constantFrom('query', 'mutation'),
  name: fc.option(fc.constantFrom(...names, 'Unknown')),
  url: fc.constantFrom(...endpoints),
  method: fc.constantFrom('POST', 'GET'),
})

function build(specs: Array<{ kind: string; name: string; link: string | null }>): RequestHandler[] {
  return specs.map((spec, index) => {
    const api = spec.link === null ? graphql : graphql.link(spec.link)
    const answer = (): HttpResponse<GraphQLResponseBody> => HttpResponse.json({ data: { handler: index } })
    switch (spec.kind) {
      case 'query':
        return api.query(spec.name, answer)
      case 'mutation':
        return api.mutation(spec.name, answer)
      case 'regexp':
        return api.query(new RegExp(spec.name), answer)
      case 'operation':
        return api.operation(answer)
      case 'fallthrough':
        return api.query(spec.name, () => undefined)
      default:
        return http.post(spec.link as string, answer)
    }
  })
}

function toRequest(spec: { type: string; name: string | null; url: string; method: string }): Request {
  const query = `${spec.type} ${spec.name ?? ''} { field }`
  if (spec.method === 'GET') {
    const url = new URL(spec.url)
    url.searchParams.set('query', query)
    return new Request(url)
  }
  return new Request(spec.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
}

async function describeResponse(response: Response | undefined): Promise<string> {
  if (response === undefined) return 'none'
  return `${response.status} ${await response.text()}`
}

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('answers like a scan of the list, for any handlers and requests', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(handlerArb, { minLength: 4, maxLength: 12 }), requestArb, async (specs, requestSpec) => {
      // A last catch-all answers what nothing else does, so no request reaches the network.
      const handlers = [...build(specs), http.all('*', () => HttpResponse.text('nothing matched', { status: 418 }))]
      server.resetHandlers(...handlers)
      const scanned = await describeResponse(await getResponse(handlers, toRequest(requestSpec)))
      const indexed = await describeResponse(await fetch(toRequest(requestSpec)))
      expect(indexed).toBe(scanned)
    }),
    { numRuns: 60 },
  )
})
