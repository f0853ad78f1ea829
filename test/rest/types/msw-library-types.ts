// Type tests (scripts/suite-types.mjs): the generic types that libraries and wrappers built on
// MSW 2.14 use compile against mocklib as they do against msw. Each @ts-expect-error line
// must be an error; everything else must compile.
import { Emitter } from 'strict-event-emitter'
import { expectTypeOf } from 'vitest'
import {
  graphql,
  GraphQLHandler,
  http,
  HttpHandler,
  HttpResponse,
  type GraphQLRequestParsedResult,
  type GraphQLResponseResolver,
  type HttpRequestParsedResult,
  type HttpResponseResolver,
  type LifeCycleEventsMap,
  type PathParams,
  type ResponseResolver,
  type UnhandledRequestCallback,
} from 'mocklib'
import { setupServer } from 'mocklib/node'

// PathParams takes any property key: a wrapper constrains its params by their own keys.
function echoParams<Params extends PathParams<keyof Params>>(path: string) {
  return http.get<Params>(path, ({ params }) => HttpResponse.json(params))
}
echoParams<{ id: string }>('https://api.test/users/:id')
echoParams<{ path: readonly string[] }>('https://api.test/files/*')
const keyed: PathParams<'id' | 'slug'> = { id: '1', slug: ['a', 'b'] }
// @ts-expect-error: a parameter is a string or strings
const badParam: PathParams<'id'> = { id: 1 }
void [keyed, badParam]

// A ResponseResolver without type arguments has MSW's extras (Record<string, unknown>): any key
// may be destructured, and it is a resolver of every handler kind.
const anyKind: ResponseResolver = ({ request, requestId, query, variables, params }) => {
  expectTypeOf(request.url).toEqualTypeOf<string>()
  expectTypeOf(requestId).toEqualTypeOf<string>()
  expectTypeOf(query).toEqualTypeOf<unknown>()
  void [variables, params]
  return HttpResponse.json({ ok: true })
}
const asGraphQL: GraphQLResponseResolver = anyKind
const asHttp: HttpResponseResolver = anyKind
graphql.query('GetUser', anyKind)
http.get('https://api.test/any', anyKind)
// Its answer is any Response, as in MSW.
const plain: ResponseResolver = () => new Response('text')
graphql.query('GetPlain', plain)
void asGraphQL
void asHttp

// A custom predicate's extended result carries its params, as MSW requires.
http.get(
  () => ({ matches: true, params: { id: '1' } }),
  ({ params }) => HttpResponse.json(params),
)
http.get(
  () => ({ matches: false, params: {} }),
  () => undefined,
)
http.get(
  // @ts-expect-error: the object form names its params ({} for none)
  () => ({ matches: true }),
  () => undefined,
)
http.get(
  // @ts-expect-error: matches is a boolean
  () => ({ matches: 1, params: {} }),
  () => undefined,
)

// LifeCycleEventsMap is an event map a typed emitter accepts (a type alias, not an interface).
const relay = new Emitter<LifeCycleEventsMap>()
relay.on('request:start', ({ request, requestId }) => void [request.url, requestId])
const server = setupServer()
server.events.on('response:mocked', (payload) => relay.emit('response:mocked', payload))
// @ts-expect-error: not a life-cycle event
relay.emit('request:begin', { request: new Request('https://api.test/'), requestId: '1' })

// onUnhandledRequest callbacks return anything, as MSW's `void` callback type allows.
const returnsNull: UnhandledRequestCallback = () => null
server.listen({ onUnhandledRequest: (request) => (request.url.includes('/skip') ? null : undefined) })
server.listen({ onUnhandledRequest: returnsNull })
// A refusal may leave its params out; a computed boolean with params fits too.
http.get<{ slug: string }>(
  ({ request }) => {
    const slug = /\/blog\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1]
    return slug === undefined ? { matches: false } : { matches: true, params: { slug } }
  },
  ({ params }) => HttpResponse.json(params),
)
http.get(
  ({ request }) => ({ matches: request.url.endsWith('/x'), params: {} }),
  () => undefined,
)

// Handler classes have MSW's overridable members, and run() gives the parse() result.
class TracedGraphQLHandler extends GraphQLHandler {
  override async parse(args: { request: Request }): Promise<GraphQLRequestParsedResult> {
    return super.parse(args)
  }
  override predicate(args: { request: Request; parsedResult: GraphQLRequestParsedResult }) {
    return super.predicate(args)
  }
  override log(args: { request: Request; response: Response; parsedResult: unknown }): void {
    void args.response.status
  }
}
async function inspect(handler: HttpHandler, traced: TracedGraphQLHandler, request: Request) {
  const result = await handler.run({ request, requestId: '1' })
  expectTypeOf(result?.parsedResult).toEqualTypeOf<HttpRequestParsedResult | undefined>()
  const operation = (await traced.run({ request }))?.parsedResult
  const name: string | undefined = operation?.operationName
  void name
}
void inspect
