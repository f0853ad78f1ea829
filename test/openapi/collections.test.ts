// collections: operations on a collection and its items share a store per scope: a created pet is listed and
// read next, updated, deleted (then 404); seeded from the list's example or the option; resetHandlers() starts
// the store again. Real clients: openapi-fetch on Petstore 3.0 (integer ids), axios on 3.1 (UUID ids).
import { fileURLToPath } from 'node:url'
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import axios from 'axios'
import createClient from 'openapi-fetch'
import { fromOpenApi } from 'mocklib/openapi'
import { setupServer } from 'mocklib/node'
import type { paths } from './fixtures/petstore-3.0'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const petstore31Document = JSON.parse(readFileSync(fixture('petstore-3.1.json'), 'utf8')) as object
const petstore30 = await fromOpenApi(fixture('petstore-3.0.yaml'), { collections: true, validateRequests: 'error' })
const petstore31 = await fromOpenApi(petstore31Document, { collections: true })

const server = setupServer(...petstore30, ...petstore31)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

// Made per call: openapi-fetch keeps the fetch it finds, and server.listen() replaces it.
const client = () => createClient<paths>({ baseUrl: 'https://petstore.test/v1' })
const seeded = [
  { id: 1, name: 'Rex', tag: 'dog' },
  { id: 2, name: 'Tom', tag: null },
]

describe('Petstore 3.0, integer ids', () => {
  it('creates, lists, reads, updates and deletes through one store seeded from the example', async () => {
    expect((await client().GET('/pets')).data).toEqual(seeded)
    const created = await client().POST('/pets', { body: { name: 'Kitty', tag: 'cat' } })
    expect(created.response.status).toBe(201)
    expect(created.data).toMatchObject({ id: 3, name: 'Kitty', tag: 'cat' })
    expect(created.response.headers.get('location')).toBe('https://petstore.test/v1/pets/3')
    expect((await client().GET('/pets')).data).toEqual([...seeded, created.data])
    expect((await client().GET('/pets/{petId}', { params: { path: { petId: 3 } } })).data).toEqual(created.data)

    const updated = await client().PATCH('/pets/{petId}', { params: { path: { petId: 3 } }, body: { name: 'Kit' } })
    expect(updated.data).toEqual({ ...created.data, name: 'Kit' })
    const deleted = await client().DELETE('/pets/{petId}', { params: { path: { petId: 3 } } })
    expect(deleted.response.status).toBe(204)
    const gone = await client().GET('/pets/{petId}', { params: { path: { petId: 3 } } })
    expect(gone.response.status).toBe(404)
    expect(gone.error).toEqual({ code: 404, message: 'No pet has this id' })
    expect((await client().GET('/pets')).data).toEqual(seeded)
  })

  it('starts the store again on resetHandlers()', async () => {
    await client().POST('/pets', { body: { name: 'Kitty' } })
    expect((await client().GET('/pets')).data).toHaveLength(3)
    server.resetHandlers()
    expect((await client().GET('/pets')).data).toEqual(seeded)
  })

  it('answers 404 with a problem naming the item where the operation declares no 404', async () => {
    const { response, error } = await client().PATCH('/pets/{petId}', {
      params: { path: { petId: 99 } },
      body: { name: 'Nobody' },
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect(error).toMatchObject({
      status: 404,
      detail:
        'PATCH /pets/{petId} (updatePet): the collection /pets has no item "99" (it was never created, or was ' +
        'deleted). Create it first, or seed it with fromOpenApi\'s "collections" option.',
    })
  })

  it('answers from the document when Prefer or an override asks for a status or an example', async () => {
    const asked = await client().GET('/pets/{petId}', {
      params: { path: { petId: 1 } },
      headers: { Prefer: 'code=404, example=gone' },
    })
    expect(asked.error).toEqual({ code: 410, message: 'This pet was adopted' })
    server.use(petstore30.override('listPets', { example: 'empty' }))
    expect((await client().GET('/pets')).data).toEqual([])
  })

  it('is seeded by the collections option, and keeps one store per boundary', async () => {
    const handlers = await fromOpenApi(fixture('petstore-3.0.yaml'), {
      collections: { '/pets': [{ id: 10, name: 'Seed' }] },
    })
    server.use(...handlers)
    expect((await client().GET('/pets')).data).toEqual([{ id: 10, name: 'Seed' }])
    await server.boundary(async () => {
      expect((await client().POST('/pets', { body: { name: 'Inner' } })).data).toMatchObject({ id: 11 })
      expect((await client().GET('/pets')).data).toHaveLength(2)
    })()
    expect((await client().GET('/pets')).data).toEqual([{ id: 10, name: 'Seed' }])
  })

  it('checks requests before they change the store', async () => {
    // @ts-expect-error -- the wrong type is the point
    const refused = await client().POST('/pets', { body: { name: 7 } })
    expect(refused.response.status).toBe(400)
    expect((await client().GET('/pets')).data).toEqual(seeded)
  })
})

describe('Petstore 3.1, UUID ids, with axios', () => {
  const api = axios.create({ baseURL: 'https://api.petstore.test', validateStatus: () => true })

  it('gives a created pet a UUID and reads it back; an unknown id answers the declared 404', async () => {
    const listed = await api.get('/pets')
    const created = await api.post('/pets', { name: 'Tom', kind: 'cat' })
    expect(created.status).toBe(201)
    expect(created.data).toMatchObject({ name: 'Tom', kind: 'cat', id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(created.headers.location).toBe(`https://api.petstore.test/pets/${created.data.id}`)
    expect((await api.get(created.headers.location)).data).toEqual(created.data)
    expect((await api.get('/pets')).data).toEqual([...listed.data, created.data])
    const unknown = await api.get('/pets/no-such-pet')
    expect(unknown.status).toBe(404)
    expect(unknown.headers['content-type']).toBe('application/problem+json')
  })
})

it("names the created item in a 201's Location, in place of a declared one's generated value", async () => {
  const files = await fromOpenApi(
    {
      openapi: '3.1.0',
      info: { title: 'Files', version: '1' },
      servers: [{ url: 'https://files.test/v2' }],
      paths: {
        '/files': {
          post: {
            responses: {
              '201': {
                description: 'Created',
                headers: { location: { required: true, schema: { type: 'string', format: 'uri' } } },
                content: { 'application/json': { schema: { $ref: '#/components/schemas/File' } } },
              },
            },
          },
        },
        '/files/{fileId}': {
          get: {
            parameters: [{ name: 'fileId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'A file',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/File' } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          File: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
        },
      },
    },
    { collections: true },
  )
  server.use(...files)
  const created = await fetch('https://files.test/v2/files?draft=1', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: 'a b', name: 'notes.txt' }),
  })
  expect(created.status).toBe(201)
  expect(created.headers.get('location')).toBe('https://files.test/v2/files/a%20b')
  const read = await fetch(created.headers.get('location')!)
  expect(await read.json()).toEqual({ id: 'a b', name: 'notes.txt' })
})

it('refuses a collections option that is not true, false or items by path', async () => {
  await expect(fromOpenApi(petstore31Document, { collections: { '/pets': 'Rex' } as never })).rejects.toMatchObject({
    code: 'MOCKLIB_INVALID_ARGUMENT',
    message: expect.stringContaining(`fromOpenApi's "collections" must be true, false or items by collection path`),
  })
})
