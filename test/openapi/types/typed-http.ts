// Type tests for createTypedHttp: paths, params, query names, request and response bodies come from
// openapi-typescript's `paths` (the Petstore 3.0 fixture); each @ts-expect-error line must be an error.
import { HttpResponse } from 'mocklib'
import { createTypedHttp } from 'mocklib/openapi'
import type { paths } from '../fixtures/petstore-3.0'

const http = createTypedHttp<paths>({ baseUrl: 'https://petstore.test/v1' })

http.get('/pets/{petId}', ({ params, query }) => {
  const id: string = params.petId
  // @ts-expect-error: the path has no parameter "id"
  void params.id
  // @ts-expect-error: showPetById declares no query parameters
  query.get('limit')
  return HttpResponse.json({ id: Number(id), name: 'Rex' })
})

http.get('/pets', ({ query }) => {
  const limit: string | null = query.get('limit')
  // @ts-expect-error: listPets has no query parameter "page"
  query.get('page')
  return HttpResponse.json(limit === null ? [] : [{ id: 1, name: 'Rex' }])
})

http.post('/pets', async ({ request }) => {
  const pet = await request.json()
  const name: string = pet.name
  // @ts-expect-error: NewPet has no "owner"
  void pet.owner
  return HttpResponse.json({ id: 3, name }, { status: 201 })
})

// The error body of a declared status fits too.
http.get('/pets/{petId}', () => HttpResponse.json({ code: 404, message: 'No pet' }, { status: 404 }))

// A response without content.
http.delete('/pets/{petId}', () => new HttpResponse(null, { status: 204 }))

// @ts-expect-error: the document has no path /dogs
http.get('/dogs', () => HttpResponse.json([]))

// @ts-expect-error: /pets declares no DELETE
http.delete('/pets', () => new HttpResponse(null, { status: 204 }))

// @ts-expect-error: a body that fits no declared response (name must be a string)
http.get('/pets/{petId}', () => HttpResponse.json({ id: 1, name: 7 }))

// @ts-expect-error: a body missing a required field of every declared response
http.post('/pets', () => HttpResponse.json({ name: 'Rex' }, { status: 201 }))
