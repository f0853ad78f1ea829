// Type tests for the REST API: each @ts-expect-error line must be an error, everything else must compile.
import { bypass, delay, http, HttpResponse, passthrough } from 'mocklib'
import type {
  DefaultBodyType,
  HttpRequestResolverExtras,
  HttpResponseResolver,
  PathParams,
  ResponseResolver,
} from 'mocklib'
import { setupServer } from 'mocklib/node'

interface Post {
  id: string
  title: string
}

// Params, request body and response body are checked when given.
http.get<{ id: string }, never, Post>('https://api.test/posts/:id', ({ params }) => {
  const id: string = params.id
  return HttpResponse.json({ id, title: 'Hello' })
})

http.post<never, Omit<Post, 'id'>, Post>('https://api.test/posts', async ({ request }) => {
  const body = await request.json()
  const title: string = body.title
  // @ts-expect-error: the request body type has no `author`
  void body.author
  return HttpResponse.json({ id: '1', title }, { status: 201 })
})

http.get<never, never, Post>('https://api.test/post', () =>
  // @ts-expect-error: a response body that is not a Post
  HttpResponse.json({ id: 1, name: 'wrong' }),
)

// Any handler may answer with a plain Response, a network error, passthrough() or nothing.
http.get<never, never, Post>('https://api.test/a', () => new Response('plain'))
http.get<never, never, Post>('https://api.test/b', () => HttpResponse.error())
http.get<never, never, Post>('https://api.test/c', () => passthrough())
http.get('https://api.test/d', () => undefined)
http.get('https://api.test/e', async ({ request }) => {
  const real = await fetch(bypass(request))
  return HttpResponse.json({ ...(await real.json()), patched: true })
})

// Generators give a sequence of responses.
http.get('https://api.test/poll', function* () {
  yield HttpResponse.text('pending')
  return HttpResponse.json({ done: true })
})

// A higher-order resolver awaits, then returns whatever the resolver it wraps returns (a response,
// nothing, or a generator): its type is the wrapped resolver's, and the handler's types reach it.
function afterPause<
  Params extends PathParams,
  RequestBody extends DefaultBodyType,
  ResponseBody extends DefaultBodyType,
>(
  resolver: HttpResponseResolver<Params, RequestBody, ResponseBody>,
): HttpResponseResolver<Params, RequestBody, ResponseBody> {
  return async (info) => {
    await delay(1)
    return resolver(info)
  }
}
http.get<{ id: string }, never, Post>(
  'https://api.test/paused/:id',
  afterPause(({ params }) => HttpResponse.json({ id: params.id, title: 'Paused' })),
)
http.get<never, never, Post>(
  'https://api.test/paused-poll',
  afterPause(function* () {
    yield HttpResponse.json({ id: '1', title: 'first' })
    return HttpResponse.json({ id: '1', title: 'last' })
  }),
)
http.get<never, never, Post>(
  'https://api.test/paused-wrong',
  // @ts-expect-error: the wrapped resolver's body is not a Post
  afterPause(() => HttpResponse.json({ id: 1 })),
)

// The resolver argument carries the request, its id, params and cookies.
http.all('*', ({ request, requestId, params, cookies }) => {
  const url: string = request.url
  const id: string = requestId
  const session: string | undefined = cookies.session
  void params
  void [url, id, session]
})

// Custom predicates and RegExp predicates.
http.get(
  ({ request }) => new URL(request.url).searchParams.has('q'),
  () => HttpResponse.text('found'),
)
http.get(/\/users\/(\d+)$/, () => HttpResponse.text('user'))

// @ts-expect-error: a number is not a predicate
http.get(123, () => undefined)

// HttpResponse statics keep their body types.
const text: HttpResponse<'hi'> = HttpResponse.text('hi')
const json: HttpResponse<{ ok: boolean }> = HttpResponse.json({ ok: true })
void [text, json, HttpResponse.xml('<a/>'), HttpResponse.html('<p/>'), HttpResponse.arrayBuffer(new ArrayBuffer(1))]

// delay takes milliseconds or a mode.
void delay()
void delay(100)
void delay('real')
void delay('infinite')
// @ts-expect-error: unknown delay mode
void delay('forever')

// The server API.
const server = setupServer(http.get('https://api.test/x', () => HttpResponse.text('x')))
server.listen({ onUnhandledRequest: 'error' })
server.listen({ onUnhandledRequest: (request, print) => (request.url.endsWith('.png') ? undefined : print.error()) })
// @ts-expect-error: unknown strategy
server.listen({ onUnhandledRequest: 'ignore' })
server.use(http.get('https://api.test/y', () => HttpResponse.text('y'), { once: true }))
server.resetHandlers()
server.restoreHandlers()
const count: number = server.listHandlers().length
const scoped: (a: number, b: string) => Promise<string> = server.boundary(async (a: number, b: string) => `${a}${b}`)
server.events.on('request:start', ({ request, requestId }) => void [request.method, requestId])
server.events.on('response:mocked', ({ response }) => void response.status)
server.events.on('unhandledException', ({ error }) => void error.message)
// @ts-expect-error: unknown event name
server.events.on('request:begin', () => {})
server.close()
void [count, scoped]

// MSW's ResponseResolver<Extras, RequestBody, ResponseBody>: the extras of a handler kind, with
// `request` typed by the request body and the response body checked.
{
  type Extras = HttpRequestResolverExtras<{ id: string }>
  const resolver: ResponseResolver<Extras, Omit<Post, 'id'>, Post> = async ({
    request,
    params,
    requestId,
    cookies,
  }) => {
    const body = await request.json()
    const title: string = body.title
    void requestId.length
    void cookies
    return HttpResponse.json({ id: params.id, title })
  }
  http.put('https://api.test/posts/:id', resolver)
  const wrong: ResponseResolver<Extras, never, Post> = () =>
    // @ts-expect-error: a response body that is not a Post
    HttpResponse.json({ id: 1 })
  void wrong
  const unused: ResponseResolver = ({ request }) => HttpResponse.text(request.url)
  // MSW's default extras, an index signature: request and requestId are still typed.
  const loose: ResponseResolver<Record<string, unknown>, { n: number }> = async ({ request, requestId }) =>
    HttpResponse.text(`${(await request.json()).n} ${requestId.length}`)
  void [unused, loose]
}
