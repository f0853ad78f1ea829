// Every resolver outcome and unhandled-request strategy through undici.request and undici.fetch
// (undici 7 and 6), each inside its own concurrent boundary, against a real server on 127.0.0.1:
// same answers and same lifecycle events as the interceptor source gives global fetch.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as undici7 from 'undici'
import * as undici6 from 'undici6'
import { bypass, http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { startRecordingServer, type RecordingServer } from '../../helpers/recording-server'

let real: RecordingServer
const server = setupServer()
const events: string[] = []
for (const name of [
  'request:start',
  'request:match',
  'request:unhandled',
  'request:end',
  'response:mocked',
  'response:bypass',
] as const) {
  server.events.on(name, ({ request }) => events.push(`${name} ${new URL(request.url).pathname}`))
}
server.events.on('unhandledException', ({ request, error }) =>
  events.push(`unhandledException ${new URL(request.url).pathname} ${error.message}`),
)

beforeAll(async () => {
  real = await startRecordingServer()
  server.listen({ sources: ['undici'], onUnhandledRequest: 'bypass' })
})
afterAll(async () => {
  server.close()
  await real.close()
})

type Undici = typeof undici7
const clients = [
  [
    'undici 7 request',
    (url: string) => undici7.request(url).then(async (r) => ({ status: r.statusCode, text: await r.body.text() })),
  ],
  [
    'undici 6 request',
    (url: string) =>
      (undici6 as unknown as Undici)
        .request(url)
        .then(async (r) => ({ status: r.statusCode, text: await r.body.text() })),
  ],
  [
    'undici 7 fetch',
    (url: string) => undici7.fetch(url).then(async (r) => ({ status: r.status, text: await r.text() })),
  ],
  [
    'undici 6 fetch',
    (url: string) =>
      (undici6 as unknown as Undici).fetch(url).then(async (r) => ({ status: r.status, text: await r.text() })),
  ],
] as const

/** The events of one path, in order. */
const eventsOf = (path: string) => events.filter((line) => line.split(' ')[1] === path)

describe.each(clients)('%s', (name, send) => {
  const path = (outcome: string) => `/${name.replace(/ /g, '-')}/${outcome}`

  it.concurrent(
    'mocked',
    server.boundary(async () => {
      server.use(http.get(`${real.origin}${path('mocked')}`, () => HttpResponse.text('mocked', { status: 203 })))
      expect(await send(`${real.origin}${path('mocked')}`)).toEqual({ status: 203, text: 'mocked' })
      expect(eventsOf(path('mocked'))).toEqual(
        ['request:start', 'request:match', 'request:end', 'response:mocked'].map((e) => `${e} ${path('mocked')}`),
      )
    }),
  )

  it.concurrent(
    'passthrough() reaches the real server',
    server.boundary(async () => {
      server.use(http.get(`${real.origin}${path('through')}`, () => passthrough()))
      expect((await send(`${real.origin}${path('through')}`)).status).toBe(200)
      expect(real.requests.filter((r) => r.path === path('through'))).toHaveLength(1)
      expect(eventsOf(path('through'))).toEqual(
        ['request:start', 'request:match', 'request:end', 'response:bypass'].map((e) => `${e} ${path('through')}`),
      )
    }),
  )

  it.concurrent(
    'fall-through to the next handler',
    server.boundary(async () => {
      server.use(
        http.get(`${real.origin}${path('fall')}`, () => undefined),
        http.get(`${real.origin}${path('fall')}`, () => HttpResponse.text('second')),
      )
      expect(await send(`${real.origin}${path('fall')}`)).toEqual({ status: 200, text: 'second' })
    }),
  )

  it.concurrent(
    'a resolver that throws answers 500 and is reported',
    server.boundary(async () => {
      server.use(
        http.get(`${real.origin}${path('throws')}`, () => {
          throw new Error('resolver broke')
        }),
      )
      const answer = await send(`${real.origin}${path('throws')}`)
      expect(answer.status).toBe(500)
      expect(JSON.parse(answer.text)).toMatchObject({ message: 'resolver broke' })
      expect(eventsOf(path('throws'))).toEqual([
        `request:start ${path('throws')}`,
        `unhandledException ${path('throws')} resolver broke`,
        `response:mocked ${path('throws')}`,
      ])
    }),
  )

  it.concurrent(
    'Response.error() fails the request with an error naming it',
    server.boundary(async () => {
      server.use(http.get(`${real.origin}${path('network-error')}`, () => HttpResponse.error()))
      const error = await send(`${real.origin}${path('network-error')}`).then(
        () => undefined,
        (caught: Error) => caught,
      )
      expect(error).toBeInstanceOf(Error)
      const text = `${error?.message} ${(error?.cause as Error | undefined)?.message ?? ''}`
      expect(text).toContain(`GET ${real.origin}${path('network-error')}`)
    }),
  )

  it.concurrent(
    'an unhandled request goes to the real server (bypass strategy)',
    server.boundary(async () => {
      expect((await send(`${real.origin}${path('unhandled')}`)).status).toBe(200)
      expect(real.requests.filter((r) => r.path === path('unhandled'))).toHaveLength(1)
      expect(eventsOf(path('unhandled'))).toEqual(
        ['request:start', 'request:unhandled', 'request:end', 'response:bypass'].map(
          (e) => `${e} ${path('unhandled')}`,
        ),
      )
    }),
  )

  it.concurrent(
    'bypass() inside a resolver fetches the real answer through the dispatcher',
    server.boundary(async () => {
      server.use(
        http.get(`${real.origin}${path('patched')}`, async ({ request }) => {
          // Global fetch: with the undici source alone, it goes through the dispatcher too.
          const real = await fetch(bypass(request))
          return HttpResponse.text(`patched ${real.status}`)
        }),
      )
      expect(await send(`${real.origin}${path('patched')}`)).toEqual({ status: 200, text: 'patched 200' })
      expect(real.requests.filter((r) => r.path === path('patched'))).toHaveLength(1)
    }),
  )

  it.concurrent(
    "boundaries do not see each other's overrides",
    server.boundary(async () => {
      const inner = server.boundary(async (label: string) => {
        server.use(http.get(`${real.origin}${path('scoped')}`, () => HttpResponse.text(label)))
        return (await send(`${real.origin}${path('scoped')}`)).text
      })
      expect(await Promise.all([inner('a'), inner('b'), inner('c')])).toEqual(['a', 'b', 'c'])
    }),
  )
})

describe('strategies', () => {
  it("'error' fails the request with UnhandledRequestError and sends nothing", async () => {
    const strict = setupServer()
    strict.listen({ sources: ['undici'], onUnhandledRequest: 'error' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const before = real.requests.length
      const failure = await undici7.request(`${real.origin}/strict`).then(
        () => undefined,
        (caught: Error) => caught,
      )
      expect(failure?.name).toBe('UnhandledRequestError')
      const fetchFailure = await undici7.fetch(`${real.origin}/strict`).then(
        () => undefined,
        (caught: Error) => caught,
      )
      expect(fetchFailure).toBeInstanceOf(TypeError)
      expect((fetchFailure?.cause as Error).name).toBe('UnhandledRequestError')
      expect(real.requests.length).toBe(before)
      expect(String(error.mock.calls[0]?.[0])).toContain(`GET ${real.origin}/strict`)
    } finally {
      strict.close()
      error.mockRestore()
    }
  })

  it("'warn' prints the request and sends it", async () => {
    const warned = setupServer()
    warned.listen({ sources: ['undici'] })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect((await undici7.request(`${real.origin}/warned`, { method: 'POST', body: 'the body' })).statusCode).toBe(
        200,
      )
      expect(real.requests.at(-1)?.body.toString()).toBe('the body')
      expect(String(warn.mock.calls[0]?.[0])).toContain(`POST ${real.origin}/warned`)
    } finally {
      warned.close()
      warn.mockRestore()
    }
  })

  it('a callback strategy that throws answers 500', async () => {
    const custom = setupServer()
    custom.listen({
      sources: ['undici'],
      onUnhandledRequest: () => {
        throw new Error('no unknown requests')
      },
    })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const answer = await undici7.request(`${real.origin}/custom`)
      expect(answer.statusCode).toBe(500)
      expect(await answer.body.json()).toMatchObject({ message: 'no unknown requests' })
    } finally {
      custom.close()
      error.mockRestore()
    }
  })
})
