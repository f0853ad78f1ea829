// validateRequests: a request that breaks its operation (parameters, media type, body) is answered 400 with
// application/problem+json naming the request, the operation, the handler and each violation ('error'),
// or answered as usual with the same text printed ('warn'). Real clients: openapi-fetch and axios.
import { fileURLToPath } from 'node:url'
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import axios from 'axios'
import createClient from 'openapi-fetch'
import { fromOpenApi } from 'mocklib/openapi'
import { setupServer } from 'mocklib/node'
import type { paths } from './fixtures/petstore-3.0'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const petstore30 = await fromOpenApi(fixture('petstore-3.0.yaml'), { validateRequests: 'error' })
const petstore31 = await fromOpenApi(JSON.parse(readFileSync(fixture('petstore-3.1.json'), 'utf8')) as object, {
  validateRequests: 'error',
})

/** A document with what the Petstores lack: a readOnly property, header and cookie parameters, a form body. */
const accounts = await fromOpenApi(
  {
    openapi: '3.1.0',
    info: { title: 'Accounts', version: '1' },
    servers: [{ url: 'https://accounts.test' }],
    paths: {
      '/accounts': {
        post: {
          operationId: 'createAccount',
          parameters: [
            { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
            { name: 'session', in: 'cookie', required: true, schema: { type: 'string', minLength: 8 } },
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'integer' }, maxItems: 2 } },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/Account' } },
              'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/Account' } },
            },
          },
          responses: { '201': { description: 'Created' } },
        },
      },
    },
    components: {
      schemas: {
        Account: {
          type: 'object',
          required: ['id', 'age'],
          additionalProperties: false,
          properties: { id: { type: 'integer', readOnly: true }, age: { type: 'integer', minimum: 18 } },
        },
      },
    },
  },
  { validateRequests: 'error' },
)

const server = setupServer(...petstore30, ...petstore31, ...accounts)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

// Made per call: openapi-fetch keeps the fetch it finds, and server.listen() replaces it.
const client = () => createClient<paths>({ baseUrl: 'https://petstore.test/v1' })

describe("validateRequests: 'error'", () => {
  it('answers a body that breaks the schema with 400 problem+json naming the field, operation and handler', async () => {
    // @ts-expect-error -- the wrong type is the point
    const { response, error } = await client().POST('/pets', { body: { name: 5, tag: 'dog' } })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect(error).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail:
        'POST https://petstore.test/v1/pets does not fit the OpenAPI operation POST /pets (createPet) ' +
        '(handler "POST https://petstore.test/v1/pets"):\n' +
        '  - body /name: must be string\n' +
        'It was answered 400. Fix the request, or the document if the request is right ' +
        '(validateRequests: "warn" answers it anyway).',
      operation: 'createPet',
      handler: 'POST https://petstore.test/v1/pets',
      errors: [{ in: 'body', pointer: '/name', message: 'must be string' }],
    })
  })

  it('lists every violation: parameters by name, a missing required body, an unknown media type', async () => {
    const list = await client().GET('/pets', { params: { query: { limit: 500 } } })
    expect(list.response.status).toBe(400)
    expect(list.error).toMatchObject({
      errors: [{ in: 'query', name: 'limit', pointer: '', message: 'must be <= 100' }],
    })

    const api = axios.create({ baseURL: 'https://petstore.test/v1', validateStatus: () => true })
    const path = await api.get('/pets/rex')
    expect(path.data.errors).toEqual([{ in: 'path', name: 'petId', pointer: '', message: 'must be integer' }])
    const noBody = await api.post('/pets')
    expect(noBody.data.errors).toEqual([{ in: 'body', pointer: '', message: 'is required' }])
    const text = await api.post('/pets', 'Rex', { headers: { 'Content-Type': 'text/plain' } })
    expect(text.data.errors).toEqual([
      {
        in: 'header',
        name: 'content-type',
        pointer: '',
        message: '"text/plain" is not a media type the operation accepts (application/json)',
      },
    ])
    // fetch, as axios sends a string given with a JSON type as a JSON string.
    const broken = await fetch('https://petstore.test/v1/pets', {
      method: 'POST',
      body: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    }).then((response) => response.json())
    expect(broken.errors).toEqual([
      { in: 'body', pointer: '', message: 'is not valid JSON, as its media type application/json says it is' },
    ])
  })

  it('answers requests that fit as usual, parameters read as their schema types', async () => {
    const created = await client().POST('/pets', { body: { name: 'Rex', tag: null } })
    expect(created.response.status).toBe(201)
    const list = await client().GET('/pets', { params: { query: { limit: 10 } } })
    expect(list.response.status).toBe(200)
    const api = axios.create({ baseURL: 'https://api.petstore.test', validateStatus: () => true })
    expect((await api.post('/pets', { name: 'Tom', kind: 'cat', weight: 4.5 })).status).toBe(201)
    const wrong = await api.post('/pets', { name: 'Tom', kind: 'fox', weight: 0 })
    expect(wrong.status).toBe(400)
    expect(wrong.data.errors.map((error: { pointer: string }) => error.pointer)).toEqual(
      expect.arrayContaining(['/kind', '/weight']),
    )
  })

  it('reads headers, cookies, exploded query lists and form bodies; a readOnly property is not asked of a request', async () => {
    const api = axios.create({ baseURL: 'https://accounts.test', validateStatus: () => true })
    const good = await api.post('/accounts?tags=1&tags=2', 'age=30', {
      headers: {
        'X-Request-Id': '0b6f3a52-7c1e-4c7e-9d5a-2f1f3c7b8e10',
        Cookie: 'session=abcdefghij',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    })
    expect(good.status).toBe(201)
    const bad = await api.post(
      '/accounts?tags=1&tags=x&tags=3',
      { age: 12, admin: true },
      { headers: { 'X-Request-Id': 'not-a-uuid', Cookie: 'session=short' } },
    )
    expect(bad.status).toBe(400)
    expect(bad.data.errors).toEqual([
      { in: 'header', name: 'X-Request-Id', pointer: '', message: 'must match format "uuid"' },
      { in: 'cookie', name: 'session', pointer: '', message: 'must NOT have fewer than 8 characters' },
      { in: 'query', name: 'tags', pointer: '', message: 'must NOT have more than 2 items' },
      { in: 'query', name: 'tags', pointer: '/1', message: 'must be integer' },
      { in: 'body', pointer: '/admin', message: 'is not a declared property (additionalProperties is false)' },
      { in: 'body', pointer: '/age', message: 'must be >= 18' },
    ])
    const missing = await api.post('/accounts', { age: 20 })
    expect(missing.data.errors).toEqual([
      { in: 'header', name: 'X-Request-Id', pointer: '', message: 'is required' },
      { in: 'cookie', name: 'session', pointer: '', message: 'is required' },
    ])
  })
})

describe("validateRequests: 'warn'", () => {
  it('answers the request as usual and prints the violations', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(...(await fromOpenApi(fixture('petstore-3.0.yaml'), { validateRequests: 'warn' })))
    // @ts-expect-error -- the missing name is the point
    const { response } = await client().POST('/pets', { body: { tag: 'dog' } })
    expect(response.status).toBe(201)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toBe(
      '[mocklib] POST https://petstore.test/v1/pets does not fit the OpenAPI operation POST /pets (createPet) ' +
        '(handler "POST https://petstore.test/v1/pets"):\n' +
        '  - body /name: is required\n' +
        'It was answered as if it fitted (validateRequests: "warn"). Fix the request, or the document.',
    )
  })
})

it('refuses a validateRequests value it does not know, saying which it takes', async () => {
  await expect(
    fromOpenApi(fixture('petstore-3.0.yaml'), { validateRequests: 'strict' as never }),
  ).rejects.toMatchObject({
    code: 'MOCKLIB_INVALID_ARGUMENT',
    message: expect.stringContaining(
      `fromOpenApi's "validateRequests" must be 'error', 'warn' or false, not string "strict".`,
    ),
  })
})

it('answers a request whose operation has a parameter referring to itself with an error naming it, not a hang', async () => {
  const looping = await fromOpenApi(
    {
      openapi: '3.1.0',
      info: { title: 'Loop', version: '1' },
      servers: [{ url: 'https://loop.test' }],
      paths: {
        '/items': {
          get: {
            parameters: [{ $ref: '#/components/parameters/Loop' }],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
      components: { parameters: { Loop: { $ref: '#/components/parameters/Loop' } } },
    },
    { validateRequests: 'error' },
  )
  server.use(...looping)
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  const response = await fetch('https://loop.test/items')
  expect(response.status).toBe(500)
  expect(await response.text()).toContain('the reference \\"#/components/parameters/Loop\\" refers to itself')
  expect(String(printed.mock.calls[0]?.[0])).toContain('The handler "GET https://loop.test/items" threw')
})
