// createTypedHttp at run time: a handler written with the document's path template answers the typed
// client (openapi-fetch) under baseUrl, with the path params and query the request carries.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import createClient from 'openapi-fetch'
import { HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { createTypedHttp } from 'mocklib/openapi'
import type { paths } from './fixtures/petstore-3.0'

const http = createTypedHttp<paths>({ baseUrl: 'https://petstore.test/v1/' })
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

// Made per call: openapi-fetch keeps the fetch it finds, and server.listen() replaces it.
const client = () => createClient<paths>({ baseUrl: 'https://petstore.test/v1' })

it('answers on the path template under baseUrl, with params, query and the typed body', async () => {
  server.use(
    http.get('/pets/{petId}', ({ params }) => HttpResponse.json({ id: Number(params.petId), name: 'Rex' })),
    http.get('/pets', ({ query }) => HttpResponse.json([{ id: Number(query.get('limit')), name: 'Tom' }])),
    http.post('/pets', async ({ request }) => {
      const pet = await request.json()
      return HttpResponse.json({ id: 3, ...pet }, { status: 201 })
    }),
  )
  expect((await client().GET('/pets/{petId}', { params: { path: { petId: 7 } } })).data).toEqual({ id: 7, name: 'Rex' })
  expect((await client().GET('/pets', { params: { query: { limit: 5 } } })).data).toEqual([{ id: 5, name: 'Tom' }])
  const created = await client().POST('/pets', { body: { name: 'Kitty', tag: 'cat' } })
  expect(created.response.status).toBe(201)
  expect(created.data).toEqual({ id: 3, name: 'Kitty', tag: 'cat' })
})

it('refuses a baseUrl that is not a string, naming the option', () => {
  expect(() => createTypedHttp<paths>({ baseUrl: 42 as never })).toThrow(
    `createTypedHttp's "baseUrl" must be a string, not number 42.`,
  )
})
