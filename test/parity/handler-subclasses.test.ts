// Handler subclasses under msw 2.14 and mocklib: the members MSW calls while resolving a request
// (run, parse, predicate, extendResolverArgs) are called on the subclass, in MSW's order, and a
// RequestHandler subclass built with MSW's constructor shape answers. Third-party handler
// libraries are written this way.
import { expect, it } from 'vitest'
import type { HttpRequestParsedResult, RequestHandler } from 'mocklib'
import { runBoth, withServer, type Lib } from './harness'

type PredicateArgs = { request: Request; parsedResult: HttpRequestParsedResult }

/** fetch each URL (with the given headers) and give the body, or 'network' when it fails. */
async function bodies(requests: Array<[string, Record<string, string>?]>): Promise<string[]> {
  const answers: string[] = []
  for (const [url, headers] of requests)
    answers.push(
      await fetch(url, { headers }).then(
        (r) => r.text(),
        () => 'network',
      ),
    )
  return answers
}

function fallback(lib: Lib): RequestHandler {
  return lib.http.get('http://a.test/*', () => lib.HttpResponse.text('fallback'))
}

it('an HttpHandler subclass whose predicate() refuses does not answer; one that adds a condition to super.predicate() is honoured', async () => {
  const { msw, mocklib } = await runBoth((lib) => {
    class Never extends lib.HttpHandler {
      override predicate(): boolean {
        return false
      }
    }
    class WithHeader extends lib.HttpHandler {
      override async predicate(args: PredicateArgs): Promise<boolean> {
        return (await super.predicate(args)) && args.request.headers.get('x-variant') === 'b'
      }
    }
    const handlers = [
      new Never('GET', 'http://a.test/never', () => lib.HttpResponse.text('never')),
      new WithHeader('GET', 'http://a.test/variant', () => lib.HttpResponse.text('variant b')),
      fallback(lib),
    ]
    return withServer(lib, handlers, { onUnhandledRequest: 'bypass' }, () =>
      bodies([
        ['http://a.test/never'],
        ['http://a.test/variant', { 'x-variant': 'b' }],
        ['http://a.test/variant', { 'x-variant': 'a' }],
      ]),
    )
  })
  expect(mocklib).toEqual(['fallback', 'variant b', 'fallback'])
  expect(mocklib).toEqual(msw)
})

it('run, parse, predicate and extendResolverArgs are called in MSW order, and the resolver gets the extended arguments', async () => {
  const { msw, mocklib } = await runBoth((lib) => {
    const calls: string[] = []
    class Traced extends lib.HttpHandler {
      override run(args: Parameters<RequestHandler['run']>[0]) {
        calls.push('run')
        return super.run(args)
      }
      override async parse(args: { request: Request }) {
        calls.push('parse')
        const parsed = await super.parse(args)
        return { ...parsed, tenant: args.request.headers.get('x-tenant') ?? 'none' }
      }
      override predicate(args: PredicateArgs) {
        calls.push(`predicate ${(args.parsedResult as { tenant?: string }).tenant}`)
        return super.predicate(args)
      }
      override extendResolverArgs(args: PredicateArgs) {
        calls.push('extendResolverArgs')
        return { ...super.extendResolverArgs(args), tenant: (args.parsedResult as { tenant?: string }).tenant }
      }
    }
    const handler = new Traced('GET', 'http://a.test/users/:id', (info) => {
      const { params, tenant } = info as typeof info & { tenant: string }
      calls.push('resolver')
      return lib.HttpResponse.text(`${String(params.id)} of ${tenant}`)
    })
    return withServer(lib, [handler], { onUnhandledRequest: 'bypass' }, async () => {
      const answers = await bodies([['http://a.test/users/7', { 'x-tenant': 'acme' }]])
      return { answers, calls }
    })
  })
  expect(mocklib).toEqual({
    answers: ['7 of acme'],
    calls: ['run', 'parse', 'predicate acme', 'extendResolverArgs', 'resolver'],
  })
  expect(mocklib).toEqual(msw)
})

it("a RequestHandler subclass built with MSW's constructor shape, super({ info, resolver }), answers what its predicate takes", async () => {
  const { msw, mocklib } = await runBoth((lib) => {
    class HeaderHandler extends lib.RequestHandler {
      constructor(
        readonly name: string,
        resolver: () => Response,
      ) {
        super({ info: { header: `header ${name}` }, resolver } as never)
      }
      override predicate(args: { request: Request }): boolean {
        return args.request.headers.has(this.name)
      }
      override log(): void {}
    }
    const handler = new HeaderHandler('x-mock', () => lib.HttpResponse.text('by header'))
    return withServer(lib, [handler as RequestHandler, fallback(lib)], { onUnhandledRequest: 'bypass' }, async () => ({
      header: handler.info.header,
      answers: await bodies([['http://a.test/one', { 'x-mock': '1' }], ['http://a.test/two']]),
      tested: await handler.test({ request: new Request('http://a.test/three', { headers: { 'x-mock': '1' } }) }),
    }))
  })
  expect(mocklib).toEqual({ header: 'header x-mock', answers: ['by header', 'fallback'], tested: true })
  expect(mocklib).toEqual(msw)
})

it('a GraphQLHandler subclass whose predicate() refuses does not answer', async () => {
  const { msw, mocklib } = await runBoth((lib) => {
    class Never extends lib.GraphQLHandler {
      override predicate(): boolean {
        return false
      }
    }
    const handlers = [
      new Never('query', 'GetUser', '*', () => lib.HttpResponse.json({ data: { user: 'never' } })),
      lib.graphql.query('GetUser', () => lib.HttpResponse.json({ data: { user: 'fallback' } })),
    ]
    return withServer(lib, handlers as RequestHandler[], { onUnhandledRequest: 'bypass' }, async () => {
      const response = await fetch('http://a.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query GetUser { user }' }),
      })
      return response.json()
    })
  })
  expect(mocklib).toEqual({ data: { user: 'fallback' } })
  expect(mocklib).toEqual(msw)
})
