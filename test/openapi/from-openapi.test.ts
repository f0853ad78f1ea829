// fromOpenApi end to end: the Petstore 3.0 (YAML file) and 3.1 (object) documents answer real clients
// (openapi-fetch, axios) with their examples, Prefer's choices, per-test overrides and seeded data.
import { fileURLToPath, pathToFileURL } from 'node:url'
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import axios from 'axios'
import { JSDOM } from 'jsdom'
import createClient from 'openapi-fetch'
import { fromOpenApi } from 'mocklib/openapi'
import { setupServer } from 'mocklib/node'
import type { paths } from './fixtures/petstore-3.0'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const petstore30 = await fromOpenApi(fixture('petstore-3.0.yaml'))
const petstore31Document = JSON.parse(readFileSync(fixture('petstore-3.1.json'), 'utf8')) as object
const petstore31 = await fromOpenApi(petstore31Document)

const server = setupServer(...petstore30, ...petstore31)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('Petstore 3.0 from a YAML file, with openapi-fetch', () => {
  const client = () => createClient<paths>({ baseUrl: 'https://petstore.test/v1' })

  it('makes one handler per operation, on the server URL with its variables at their defaults', () => {
    expect(petstore30.map((handler) => handler.info.header)).toEqual([
      'GET https://petstore.test/v1/pets',
      'POST https://petstore.test/v1/pets',
      'GET https://petstore.test/v1/pets/:petId',
      'PATCH https://petstore.test/v1/pets/:petId',
      'DELETE https://petstore.test/v1/pets/:petId',
    ])
  })

  it("answers with the operation's first example", async () => {
    const { data, response } = await client().GET('/pets')
    expect(response.status).toBe(200)
    expect(data).toEqual([
      { id: 1, name: 'Rex', tag: 'dog' },
      { id: 2, name: 'Tom', tag: null },
    ])
  })

  it('answers with the status and named example that Prefer asks for, $ref examples included', async () => {
    const notFound = await client().GET('/pets/{petId}', {
      params: { path: { petId: 7 } },
      headers: { Prefer: 'code=404, example=notFound' },
    })
    expect(notFound.response.status).toBe(404)
    expect(notFound.error).toEqual({ code: 404, message: 'No pet has this id' })
    const gone = await client().GET('/pets/{petId}', {
      params: { path: { petId: 7 } },
      headers: { Prefer: 'code=404, example=gone' },
    })
    expect(gone.error).toEqual({ code: 410, message: 'This pet was adopted' })
    const empty = await client().GET('/pets', { headers: { Prefer: 'example=empty' } })
    expect(empty.data).toEqual([])
  })

  it('answers a declared response without content with no body', async () => {
    const { response } = await client().DELETE('/pets/{petId}', { params: { path: { petId: 1 } } })
    expect(response.status).toBe(204)
    expect(await response.clone().text()).toBe('')
  })

  it('generates data from the schema where there is no example, the same for the same seed', async () => {
    const first = await client().GET('/pets/{petId}', { params: { path: { petId: 1 } } })
    const again = await client().GET('/pets/{petId}', { params: { path: { petId: 1 } } })
    expect(first.response.status).toBe(200)
    expect(first.data).toEqual(again.data)
    expect(first.data).toMatchObject({ id: expect.any(Number), name: expect.any(String) })
    server.use(...(await fromOpenApi(fixture('petstore-3.0.yaml'), { seed: 2 })))
    const other = await client().GET('/pets/{petId}', { params: { path: { petId: 1 } } })
    expect(other.data).not.toEqual(first.data)
  })

  it('generates data instead of the example when Prefer says dynamic=true', async () => {
    const { data } = await client().GET('/pets', { headers: { Prefer: 'dynamic=true' } })
    expect(data).not.toEqual([
      { id: 1, name: 'Rex', tag: 'dog' },
      { id: 2, name: 'Tom', tag: null },
    ])
    expect(Array.isArray(data)).toBe(true)
  })

  it("answers a status only the document's default response covers", async () => {
    const { response, error } = await client().POST('/pets', { body: { name: 'Rex' }, headers: { Prefer: 'code=409' } })
    expect(response.status).toBe(409)
    expect(error).toMatchObject({ code: expect.any(Number), message: expect.any(String) })
  })

  it('lets one test choose the status and example of an operation with override()', async () => {
    server.use(petstore30.override('showPetById', { status: 404, example: 'gone' }))
    const { response, error } = await client().GET('/pets/{petId}', { params: { path: { petId: 3 } } })
    expect(response.status).toBe(404)
    expect(error).toEqual({ code: 410, message: 'This pet was adopted' })
  })

  it('answers 500 naming the operation and what it declares when asked for an undeclared status or example', async () => {
    const status = await client().GET('/pets/{petId}', {
      params: { path: { petId: 3 } },
      headers: { Prefer: 'code=418' },
    })
    expect(status.response.status).toBe(500)
    expect(JSON.stringify(status.error)).toContain(
      'GET /pets/{petId} (showPetById) declares no response 418: it declares 200, 404.',
    )
    const example = await client().GET('/pets/{petId}', {
      params: { path: { petId: 3 } },
      headers: { Prefer: 'code=404, example=missing' },
    })
    expect(JSON.stringify(example.error)).toContain(
      'GET /pets/{petId} (showPetById) has no example \\"missing\\" for status 404: its examples are notFound, gone.',
    )
  })

  it('refuses an override of an operation the document does not have, listing those it has', () => {
    expect(() => petstore30.override('listDogs', { status: 200 })).toThrow(
      'The OpenAPI document has no operation "listDogs". Its operations: listPets, createPet, showPetById, updatePet, deletePet.',
    )
  })
})

it("reads a file URL made by another realm's URL class (jsdom's, the global under Jest's jsdom environment)", async () => {
  const { URL: JsdomURL } = new JSDOM('').window
  const handlers = await fromOpenApi(new JsdomURL(pathToFileURL(fixture('petstore-3.0.yaml')).href))
  expect(handlers.map((handler) => handler.info.header)).toEqual(petstore30.map((handler) => handler.info.header))
})

describe('Petstore 3.1 from an object, with axios', () => {
  const api = axios.create({ baseURL: 'https://api.petstore.test', validateStatus: () => true })

  it("answers with the schema's example when the media type has none", async () => {
    const { status, data } = await api.get('/pets/abc')
    expect(status).toBe(200)
    expect(data).toEqual({ id: '0b6f3a52-7c1e-4c7e-9d5a-2f1f3c7b8e10', name: 'Rex', kind: 'dog', tag: null })
  })

  it('answers a range status ("4XX") and a non-JSON-named JSON media type', async () => {
    const { status, data, headers } = await api.post(
      '/pets',
      { name: 'Rex', kind: 'dog' },
      { headers: { Prefer: 'code=422' } },
    )
    expect(status).toBe(422)
    expect(headers['content-type']).toBe('application/problem+json')
    expect(data).toMatchObject({ title: expect.any(String), status: expect.any(Number) })
  })

  it('bounds recursive schemas (Pet → Owner → Pet) when generating', async () => {
    const { status, data } = await api.get('/pets')
    expect(status).toBe(200)
    expect(Array.isArray(data)).toBe(true)
    expect(JSON.stringify(data).length).toBeLessThan(100_000)
  })
})

describe('fromOpenApi refuses what it cannot read, saying what to give it', () => {
  it('a Swagger 2.0 document', async () => {
    await expect(fromOpenApi({ swagger: '2.0', paths: {} })).rejects.toThrow(
      'The document given as an object is not OpenAPI 3.0 or 3.1 (its "openapi" field is undefined).',
    )
  })

  it('a file that is not there', async () => {
    await expect(fromOpenApi(fixture('missing.yaml'))).rejects.toThrow(
      /could not read the OpenAPI document at ".*missing\.yaml": ENOENT/,
    )
  })

  it('a seed that is not an integer', async () => {
    await expect(fromOpenApi(petstore31Document, { seed: 1.5 })).rejects.toMatchObject({
      code: 'MOCKLIB_INVALID_ARGUMENT',
      message: expect.stringContaining('fromOpenApi\'s "seed" must be an integer, not number 1.5.'),
    })
  })
})
