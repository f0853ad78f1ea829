// Type tests (scripts/suite-types.mjs): custom predicates and their match results, custom
// handlers, handler classes used without type arguments, and the lifecycle event map.
import {
  graphql,
  GraphQLHandler,
  http,
  HttpHandler,
  HttpMethods,
  HttpResponse,
  RequestHandler,
  type HttpCustomPredicate,
  type LifeCycleEventPayload,
  type LifeCycleEventsMap,
  type LifeCycleListener,
  type RequestContext,
  type ResolverInfoBase,
} from 'mocklib'
import { setupServer } from 'mocklib/node'

// Custom predicates: a boolean, or a match result whose params type the resolver's params.
http.get(
  ({ request }) => request.headers.has('x-admin'),
  () => HttpResponse.text('admin'),
)
http.get(
  async ({ request, cookies }) => ({
    matches: cookies.session !== undefined,
    params: { user: new URL(request.url).pathname },
  }),
  ({ params }) => {
    const user: string | undefined = params.user
    return HttpResponse.text(user ?? '')
  },
)
const byTenant: HttpCustomPredicate<{ tenant: string }> = ({ request }) => {
  const tenant = new URL(request.url).hostname.split('.')[0]
  return tenant === undefined ? false : { matches: true, params: { tenant } }
}
http.get(byTenant, ({ params }) => HttpResponse.text(params.tenant ?? 'none'))
http.get(byTenant, ({ params }) => {
  // @ts-expect-error: the predicate gives no `region` param
  void params.region
  return undefined
})
http.get(
  // @ts-expect-error: a match result needs `matches`
  () => ({ params: {} }),
  () => undefined,
)

// GraphQL custom predicates see the parsed operation; the variables type is checked.
graphql.query<{ user: { id: string } }, { id: string }>(
  ({ operationName, variables }) => operationName === 'GetUser' && variables.id !== '',
  ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id } } }),
)
graphql.operation(({ operationType }) =>
  operationType === 'subscription' ? undefined : HttpResponse.json({ data: null }),
)

// Handler classes without type arguments accept every handler of their kind.
const getPost = http.get<{ id: string }, never, { id: string }>('https://api.test/posts/:id', ({ params }) =>
  HttpResponse.json({ id: params.id }),
)
const createPost = http.post<never, { title: string }, { id: string }>('https://api.test/posts', async ({ request }) =>
  HttpResponse.json({ id: (await request.json()).title }),
)
const listPosts = graphql.query<{ posts: Array<{ id: string }> }, { first: number }>('ListPosts', () =>
  HttpResponse.json({ data: { posts: [] } }),
)
const httpHandlers: HttpHandler[] = [getPost, createPost]
const graphqlHandlers: GraphQLHandler[] = [listPosts]
const all: RequestHandler[] = [...httpHandlers, ...graphqlHandlers]
function describe(handler: RequestHandler): string {
  return handler.info.header
}
void all.map(describe)
setupServer(...all)
// @ts-expect-error: a GraphQL handler is not an HttpHandler
const notHttp: HttpHandler = listPosts
void notHttp
const explicit = new HttpHandler(HttpMethods.PUT, 'https://api.test/posts/:id', ({ params }) =>
  HttpResponse.json({ id: params.id }),
)
const explicitAsBase: RequestHandler = explicit
void explicitAsBase

// A custom handler: its own match, its own resolver argument and response body type. (`kind` and
// `match` have defaults, MSW's kind and its members' flow, so they are overrides.)
interface TraceInfo extends ResolverInfoBase {
  traceId: string
}
class TraceHandler extends RequestHandler<TraceInfo, { traceId: string }> {
  override readonly kind = 'trace'
  override match(ctx: RequestContext): TraceInfo | null {
    const traceId = ctx.request.headers.get('x-trace-id')
    return traceId === null ? null : { request: ctx.request, requestId: ctx.requestId, traceId }
  }
}
const trace = new TraceHandler('trace requests', ({ traceId }) => HttpResponse.json({ traceId }))
new TraceHandler('trace requests', () =>
  // @ts-expect-error: the body type of this handler is { traceId: string }
  HttpResponse.json({ trace: 1 }),
)
setupServer(trace, getPost)

// The lifecycle event map: one payload per event, as a one-element tuple (MSW's shape).
const server = setupServer()
server.events.on('request:start', ({ request, requestId }) => void [request.method, requestId])
server.events.on('response:mocked', ({ response, request }) => void [response.status, request.url])
server.events.on('unhandledException', ({ error }) => void error.message)
const onEnd: LifeCycleListener<'request:end'> = ({ requestId }) => void requestId
server.events.on('request:end', onEnd)
server.events.removeListener('request:end', onEnd)
type Mocked = LifeCycleEventsMap['response:mocked'][0]
const mocked: Mocked = { response: new Response(), request: new Request('https://api.test'), requestId: '1' }
const payload: LifeCycleEventPayload<'request:start'> = { request: new Request('https://api.test'), requestId: '1' }
function emit<E extends keyof LifeCycleEventsMap>(
  event: E,
  ...args: LifeCycleEventsMap[E]
): [E, ...LifeCycleEventsMap[E]] {
  return [event, ...args]
}
emit('request:start', payload)
emit('response:mocked', mocked)
// @ts-expect-error: response:mocked carries a response
emit('response:mocked', payload)
// @ts-expect-error: one payload per event
emit('request:start', payload, payload)
// @ts-expect-error: a request:end listener gets no response
server.events.on('request:end', ({ response }) => void response)
