// Hand-written http handlers and HAR recordings checked against an OpenAPI document: drift (a wrong
// type, a missing required property or header, an undeclared status or media type) fails the request
// in 'strict' and is printed in 'warn', each violation named by the handler, operation, status and pointer.
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import axios from 'axios'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { fromOpenApi, type BodyCheckMode } from 'mocklib/openapi'
import { fromHar, StaleRecordingError } from 'mocklib/record'
import { har, harEntry } from '../helpers/har-entries'

const petstore = await fromOpenApi(fileURLToPath(new URL('./fixtures/petstore-3.0.yaml', import.meta.url)))
const PETS = 'https://petstore.test/v1/pets'

const server = setupServer()
const errors: Error[] = []
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
  server.events.on('unhandledException', ({ error }) => errors.push(error))
})
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
  errors.length = 0
})
afterAll(() => server.close())

/** GET /pets/1 answered by a checked hand-written handler. */
function serve(answer: () => Response, mode?: BodyCheckMode) {
  server.use(petstore.check(http.get(`${PETS}/:petId`, answer), mode === undefined ? undefined : { mode }))
  return fetch(`${PETS}/1`)
}

describe('an answer that fits the document', () => {
  it('is sent as the handler wrote it, declared error statuses and ranges included', async () => {
    server.use(
      ...petstore.checkAll([
        http.get(`${PETS}/:petId`, ({ params }) =>
          params.petId === '0'
            ? HttpResponse.json({ code: 404, message: 'gone' }, { status: 404 })
            : HttpResponse.json({ id: 1, name: 'Rex', tag: null }, { headers: { 'x-extra': 'kept' } }),
        ),
        // listPets declares 200 and "default": any other status is its default response.
        http.get(PETS, () => HttpResponse.json({ code: 503, message: 'down' }, { status: 503 })),
        http.delete(`${PETS}/:petId`, () => new HttpResponse(null, { status: 204 })),
      ]),
    )
    const pet = await axios.get(`${PETS}/1`)
    expect(pet.data).toEqual({ id: 1, name: 'Rex', tag: null })
    expect(pet.headers['x-extra']).toBe('kept')
    expect((await fetch(`${PETS}/0`)).status).toBe(404)
    expect((await fetch(PETS)).status).toBe(503)
    expect((await fetch(`${PETS}/1`, { method: 'DELETE' })).status).toBe(204)
  })
})

const drift = [
  {
    name: 'a wrong type',
    answer: () => HttpResponse.json({ id: '7', name: 'Rex' }),
    lines: ['  - /body/id: must be integer, got string "7"'],
    status: 200,
  },
  {
    name: 'a missing required property and a value outside its enum',
    answer: () => HttpResponse.json({ id: 7, status: 'lost' }),
    lines: [
      '  - /body/name: is required',
      '  - /body/status: must be equal to one of the allowed values, got string "lost"',
    ],
    status: 200,
  },
  {
    name: 'an undeclared status',
    answer: () => HttpResponse.json({ message: 'teapot' }, { status: 418 }),
    lines: ['  - /status: 418 is not a status the operation declares (it declares 200, 404)'],
    status: 418,
  },
  {
    name: 'an undeclared media type',
    answer: () => HttpResponse.text('Rex'),
    lines: ['  - /headers/content-type: "text/plain" is not a media type the response declares (application/json)'],
    status: 200,
  },
  {
    name: 'no body where the response declares one',
    answer: () => new HttpResponse(null, { status: 200 }),
    lines: ['  - /body: is empty, but the response declares a body (application/json)'],
    status: 200,
  },
]

describe.each(drift)('$name', ({ answer, lines, status }) => {
  it('strict: the request fails with a BodyMismatchError naming the handler, operation, status and pointers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await serve(answer)
    expect(response.status).toBe(500)
    const error = errors[0] as Error & { code: string; problems: Array<{ path: string }> }
    expect(error.name).toBe('BodyMismatchError')
    expect(error.code).toBe('MOCKLIB_BODY_MISMATCH')
    expect(error.message).toBe(
      `[mocklib] The mock body of the handler "GET ${PETS}/:petId" does not fit the OpenAPI operation ` +
        `GET /pets/{petId} (showPetById) for status ${status} (GET ${PETS}/1):\n${lines.join('\n')}\n` +
        'The request failed because this handler checks bodies strictly. Fix the data the resolver returns, ' +
        'or use mode "warn" while you work on it.',
    )
    expect(error.problems.map((problem) => problem.path)).toEqual(lines.map((line) => line.split(':')[0]!.slice(4)))
  })

  it('warn: the answer is sent as written, and the same lines are printed', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const response = await serve(answer, 'warn')
    expect(response.status).toBe(status)
    expect(errors).toEqual([])
    expect(warned).toHaveBeenCalledTimes(1)
    const printed = String(warned.mock.calls[0]![0])
    expect(printed).toContain(`for status ${status} (GET ${PETS}/1):\n${lines.join('\n')}\n`)
    expect(printed).toContain('The body was sent as written (mode "warn").')
  })
})

describe('another fetch implementation', () => {
  it('checks an HttpResponse after another Response class took the global name (Remix installGlobals)', async () => {
    const platform = globalThis.Response
    globalThis.Response = class ForeignResponse extends platform {}
    try {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      expect((await serve(() => HttpResponse.json({ id: '7', name: 'Rex' }))).status).toBe(500)
    } finally {
      globalThis.Response = platform
    }
    expect(errors[0]?.message).toContain('  - /body/id: must be integer, got string "7"')
  })
})

describe('answers checked one after another', () => {
  it('checks every answer: the same wrong body fails each time, one that changes is checked anew', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const bodies = [
      { id: '7', name: 'Rex' },
      { id: '7', name: 'Rex' },
      { id: 7, name: 'Rex' },
      { id: 7 },
      { id: 7, name: 'Rex' },
    ]
    const answered: number[] = []
    for (const body of bodies) {
      answered.push((await serve(() => HttpResponse.json(body))).status)
      server.resetHandlers()
    }
    expect(answered).toEqual([500, 500, 200, 500, 200])
    expect(errors.map((error) => error.message.split('\n')[1])).toEqual([
      '  - /body/id: must be integer, got string "7"',
      '  - /body/id: must be integer, got string "7"',
      '  - /body/name: is required',
    ])
  })

  it('reads a streamed body and a body with a byte order mark as the client does', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const streamed = () =>
      new HttpResponse(new Blob(['{"id":"7","name":"Rex"}']).stream(), {
        headers: { 'Content-Type': 'application/json' },
      })
    expect((await serve(streamed)).status).toBe(500)
    server.resetHandlers()
    const marked = () =>
      new HttpResponse('\uFEFF{"id":7,"name":"Rex"}', { headers: { 'Content-Type': 'application/json' } })
    const response = await serve(marked)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ id: 7, name: 'Rex' })
    expect(errors.map((error) => error.message.split('\n')[1])).toEqual([
      '  - /body/id: must be integer, got string "7"',
    ])
  })
})

describe('what is checked against which operation', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Rated', version: '1' },
    servers: [{ url: 'https://rated.test' }],
    paths: {
      '/items/mine': {
        get: {
          responses: { '200': { description: 'Mine', content: { 'application/json': { schema: { type: 'array' } } } } },
        },
      },
      '/items/{id}': {
        get: {
          responses: {
            '200': {
              description: 'An item',
              headers: {
                'X-Rate-Limit': { required: true, schema: { type: 'integer', minimum: 0 } },
                'X-Trace': { schema: { type: 'string' } },
              },
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            '202': { description: 'Accepted, nothing to say' },
          },
        },
      },
    },
  }

  it('checks required headers and the values of declared ones', async () => {
    const rated = await fromOpenApi(document)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      rated.check(
        http.get('https://rated.test/items/:id', ({ params }) =>
          params.id === '1'
            ? HttpResponse.json({}, { headers: { 'X-Rate-Limit': '10', 'X-Trace': 'abc' } })
            : HttpResponse.json({}, { headers: params.id === '2' ? {} : { 'X-Rate-Limit': 'many' } }),
        ),
      ),
    )
    expect((await fetch('https://rated.test/items/1')).status).toBe(200)
    expect((await fetch('https://rated.test/items/2')).status).toBe(500)
    expect((await fetch('https://rated.test/items/3')).status).toBe(500)
    expect(errors.map((error) => error.message.split('\n')[1])).toEqual([
      '  - /headers/x-rate-limit: is required',
      '  - /headers/x-rate-limit: must be integer, got string "many"',
    ])
  })

  it('uses the concrete path over a template, reports a path the document lacks, leaves other origins alone', async () => {
    const rated = await fromOpenApi(document)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      ...rated.checkAll([
        http.get('https://rated.test/items/mine', () => HttpResponse.json([])),
        http.get('https://rated.test/other', () => HttpResponse.json([])),
        http.get('https://elsewhere.test/items/:id', () => HttpResponse.text('not the document’s')),
      ]),
    )
    expect((await fetch('https://rated.test/items/mine')).status).toBe(200)
    expect(await fetch('https://elsewhere.test/items/1').then((response) => response.text())).toBe('not the document’s')
    expect((await fetch('https://rated.test/other')).status).toBe(500)
    expect(errors.map((error) => error.message.split('\n')[0])).toEqual([
      '[mocklib] The mock body of the handler "GET https://rated.test/other" does not fit the OpenAPI document ' +
        '(GET https://rated.test/other):',
    ])
    expect(errors[0]!.message).toContain(
      '  - (operation): the document declares no operation GET /other under https://rated.test\n',
    )
  })

  it('reports a body sent where the response declares none', async () => {
    const rated = await fromOpenApi(document, { bodyChecks: 'warn' })
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(
      rated.check(http.get('https://rated.test/items/:id', () => HttpResponse.json({ x: 1 }, { status: 202 }))),
    )
    await fetch('https://rated.test/items/1')
    expect(String(warned.mock.calls[0]![0])).toContain(
      '  - /body: the response declares no body, but one was sent (application/json)\n',
    )
  })
})

describe('check() and checkAll() arguments', () => {
  it('checkAll() wraps http handlers only; check() refuses other kinds and a bad mode; mode "off" wraps nothing', () => {
    const query = graphql.query('Me', () => HttpResponse.json({ data: {} }))
    const get = http.get(PETS, () => HttpResponse.json([]))
    const [checkedGet, sameQuery] = petstore.checkAll([get, query])
    expect(checkedGet).not.toBe(get)
    expect(checkedGet!.info.header).toBe(get.info.header)
    expect(sameQuery).toBe(query)
    expect(() => petstore.check(query)).toThrow(
      /check\(\) wraps http handlers only; "query Me \(origin: \*\)" is a "graphql" handler/,
    )
    expect(() => petstore.check(get, { mode: 'loud' as BodyCheckMode })).toThrow(
      expect.objectContaining({ code: 'MOCKLIB_INVALID_ARGUMENT' }),
    )
    expect(petstore.check(get, { mode: 'off' })).toBe(get)
  })
})

describe('recordings checked against the document', () => {
  const json = (url: string, body: unknown) =>
    harEntry('GET', url, { mimeType: 'application/json', text: JSON.stringify(body) })
  const recording = har(json(`${PETS}/1`, { id: 1, name: 'Rex' }), json(`${PETS}/2`, { id: 2, name: 7 }))

  it('replays an answer that fits, and fails a stale one with a StaleRecordingError and its pointer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(...fromHar(recording, { openapi: petstore }))
    expect(await fetch(`${PETS}/1`).then((response) => response.json())).toEqual({ id: 1, name: 'Rex' })
    expect((await fetch(`${PETS}/2`)).status).toBe(500)
    const error = errors[0] as StaleRecordingError
    expect(error).toBeInstanceOf(StaleRecordingError)
    expect(error.code).toBe('MOCKLIB_STALE_RECORDING')
    expect(error.problems).toEqual([
      { kind: 'wrong-type', path: '/body/name', message: 'must be string, got number 7' },
    ])
    expect(error.message).toContain(
      `The recorded answer to GET ${PETS}/2 in the HAR given to the recorder no longer fits ` +
        'the OpenAPI operation GET /pets/{petId} (showPetById) for status 200:\n  - /body/name: must be string, got number 7\n',
    )
  })

  it('refuses an "openapi" option that is not fromOpenApi handlers', () => {
    expect(() => fromHar(recording, { openapi: {} as typeof petstore })).toThrow(
      /takes the handlers fromOpenApi\(\) made/,
    )
  })
})
