// Type tests (scripts/suite-types.mjs): the response body type of a handler is checked where MSW
// checks it. `HttpResponse.json()`/`text()` take their body type from the resolver's return
// type, so a wrong body is an error on the body itself: each @ts-expect-error sits on the line
// of the body, never on the handler.
import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'mocklib'

// null
http.get<never, never, null>('https://api.test/null', () => HttpResponse.json(null))
http.get<never, never, null>('https://api.test/null', () =>
  // @ts-expect-error: only null is allowed
  HttpResponse.json({ id: 1 }),
)

// Exact strings
http.get<never, never, 'hello'>('https://api.test/text', () => HttpResponse.text('hello'))
http.get<never, never, 'hello' | 'bye'>('https://api.test/text', () => HttpResponse.text('bye'))
http.get<never, never, 'hello'>('https://api.test/text', () =>
  // @ts-expect-error: not the exact string
  HttpResponse.text('goodbye'),
)
http.get<never, never, `<p>${string}</p>`>('https://api.test/html', () => HttpResponse.html('<p>hi</p>'))
http.get<never, never, `<p>${string}</p>`>('https://api.test/html', () =>
  // @ts-expect-error: not a <p> element
  HttpResponse.html('<div>hi</div>'),
)

// Narrow objects
http.get<never, never, { ok: boolean }>('https://api.test/ok', () => HttpResponse.json({ ok: true }))
http.get<never, never, { ok: boolean }>('https://api.test/ok', () =>
  // @ts-expect-error: ok must be a boolean
  HttpResponse.json({ ok: 'x' }),
)
http.get<never, never, { ok: boolean }>('https://api.test/ok', () =>
  // @ts-expect-error: ok is missing
  HttpResponse.json({}),
)
http.get<never, never, { kind: 'a' | 'b' }>('https://api.test/kind', () => HttpResponse.json({ kind: 'a' }))
http.get<never, never, { kind: 'a' | 'b' }>('https://api.test/kind', () =>
  // @ts-expect-error: 'c' is not a kind (the literal is checked, not widened to string)
  HttpResponse.json({ kind: 'c' }),
)
http.get<never, never, Array<{ id: number }>>('https://api.test/list', () => HttpResponse.json([{ id: 1 }, { id: 2 }]))
http.get<never, never, Array<{ id: number }>>('https://api.test/list', () =>
  // @ts-expect-error: an id must be a number
  HttpResponse.json([{ id: 1 }, { id: '2' }]),
)

// Extra keys
http.get<never, never, { ok: boolean }>('https://api.test/extra', () =>
  // @ts-expect-error: extra is not a key of the body
  HttpResponse.json({ ok: true, extra: 1 }),
)
http.get<never, never, { ok: boolean; extra?: number }>('https://api.test/extra', () =>
  HttpResponse.json({ ok: true, extra: 1 }),
)

// Inside async resolvers, and with an init
http.post<never, { title: string }, { id: string }>('https://api.test/posts', async ({ request }) => {
  const { title } = await request.json()
  if (title === '') {
    // @ts-expect-error: id must be a string
    return HttpResponse.json({ id: 1 }, { status: 400 })
  }
  return HttpResponse.json({ id: title }, { status: 201 })
})

// The constructor: a body of the handler's response body type, or null (an error status), passes;
// another body is an error on the body. Without a response body type, any BodyInit goes.
http.get<never, never, 'ready'>('https://api.test/state', () => new HttpResponse('ready'))
http.get<never, never, { ok: boolean }>('https://api.test/ok', () => new HttpResponse(null, { status: 503 }))
http.get<never, never, null>(
  'https://api.test/null',
  () =>
    new HttpResponse(
      // @ts-expect-error: only null is allowed
      'text',
    ),
)
http.get<never, never, { ok: boolean }>(
  'https://api.test/ok',
  () =>
    new HttpResponse(
      // @ts-expect-error: a string is not the { ok } body (use HttpResponse.json)
      JSON.stringify({ ok: true }),
    ),
)
http.get('https://api.test/any', () => new HttpResponse(new Blob(['x'])))
http.get('https://api.test/any', () => new HttpResponse(new ReadableStream<Uint8Array>()))
http.get('https://api.test/any', () => new HttpResponse(new URLSearchParams({ a: '1' })))
void new HttpResponse(new Uint8Array(2), { status: 200 })

// Without a response body type, any body goes
http.get('https://api.test/any', () => HttpResponse.json({ anything: [1, 'two', null] }))
http.get('https://api.test/any', () => HttpResponse.text('anything'))
// A response built outside any resolver keeps a general body type.
const standalone: HttpResponse<DefaultBodyType> = HttpResponse.json({ a: 1 })
http.get('https://api.test/any', () => standalone)
// An annotation types a response built outside a resolver.
const annotated: HttpResponse<{ ok: boolean }> = HttpResponse.json({ ok: true })
// @ts-expect-error: ok must be a boolean
const wrongAnnotated: HttpResponse<{ ok: boolean }> = HttpResponse.json({ ok: 1 })
http.get<never, never, { ok: boolean }>('https://api.test/ok', () => annotated)
void wrongAnnotated

// Generator resolvers: every yielded and returned response is checked where it is written.
http.get<never, never, { step: number }>('https://api.test/steps', function* () {
  yield HttpResponse.json({ step: 1 })
  // @ts-expect-error: step must be a number
  yield HttpResponse.json({ step: 'two' })
  return HttpResponse.json({ step: 3 })
})
http.get<never, never, { step: number }>('https://api.test/steps', async function* () {
  yield HttpResponse.json({ step: 1 })
  // @ts-expect-error: the returned body is checked too
  return HttpResponse.json({ done: true })
})
// Without a body type, a generator may mix text and JSON.
http.get('https://api.test/poll', function* () {
  yield HttpResponse.text('pending')
  return HttpResponse.json({ done: true })
})

// Custom resolvers: typed once, reused, wrapped.
const getUser: HttpResponseResolver<{ id: string }, never, { id: string; name: string }> = ({ params }) =>
  HttpResponse.json({ id: params.id, name: 'Ada' })
http.get('https://api.test/users/:id', getUser)
const wrongUser: HttpResponseResolver<{ id: string }, never, { id: string; name: string }> = ({ params }) =>
  // @ts-expect-error: name is missing
  HttpResponse.json({ id: params.id })
void wrongUser

/** A higher-order resolver, as users write them (logging, auth, delays). */
function withAuth<Params extends PathParams, RequestBody extends DefaultBodyType, ResponseBody extends DefaultBodyType>(
  resolver: HttpResponseResolver<Params, RequestBody, ResponseBody>,
): HttpResponseResolver<Params, RequestBody, ResponseBody> {
  return (info) => {
    if (!info.request.headers.has('authorization')) return new Response(null, { status: 401 })
    return resolver(info)
  }
}
http.get(
  'https://api.test/me',
  withAuth(() => HttpResponse.json({ me: true })),
)
http.get<never, never, { me: boolean }>(
  'https://api.test/me',
  withAuth(() => HttpResponse.json({ me: true })),
)
http.get<{ id: string }, never, { id: string }>(
  'https://api.test/things/:id',
  withAuth(({ params }) => HttpResponse.json({ id: params.id })),
)
http.get<never, never, { me: boolean }>(
  'https://api.test/me',
  withAuth(() =>
    // @ts-expect-error: me must be a boolean (reported inside the wrapped resolver)
    HttpResponse.json({ me: 'yes' }),
  ),
)
