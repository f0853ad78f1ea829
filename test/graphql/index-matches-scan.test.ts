import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { getResponse, graphql, http, HttpResponse, type GraphQLResponseBody, type RequestHandler } from 'mocklib'
import { setupServer } from 'mocklib/node'

// The server finds named GraphQL handlers, linked or not, through an index by operation name.
// For any list and any request it must give the answer of a scan: each handler asked alone, in
// list order (a list of one is never indexed), until one answers.
const names = ['ListPosts', 'CreatePost', 'DeletePost', 'Viewer']
const endpoints = ['https://a.test/graphql', 'https://b.test/graphql']

// Named handlers are the indexed ones: the most frequent, so most lists hold several of them.
const handlerArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom('query', 'mutation'),
      name: fc.constantFrom(...names),
      link: fc.option(fc.constantFrom(...endpoints), { freq: 3 }),
    }),
  },
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

async function scan(handlers: RequestHandler[], request: Request): Promise<Response | undefined> {
  for (const handler of handlers) {
    const response = await getResponse([handler], request.clone())
    if (response !== undefined) return response
  }
  return undefined
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
      const scanned = await describeResponse(await scan(handlers, toRequest(requestSpec)))
      const indexed = await describeResponse(await fetch(toRequest(requestSpec)))
      expect(indexed).toBe(scanned)
    }),
    { numRuns: 100 },
  )
})
