// Generated handlers send the headers each response declares: a 201's and a 302's Location, rate-limit
// headers, lists; each its example, else generated from its schema, and the answer check accepts them.
import { afterAll, beforeAll, expect, it } from 'vitest'
import axios from 'axios'
import { fromOpenApi } from 'mocklib/openapi'
import { setupServer } from 'mocklib/node'

const api = await fromOpenApi({
  openapi: '3.0.3',
  info: { title: 'Files', version: '1' },
  servers: [{ url: 'https://files.test' }],
  paths: {
    '/files': {
      post: {
        operationId: 'createFile',
        responses: {
          '201': {
            description: 'Created',
            headers: {
              Location: { required: true, schema: { type: 'string', format: 'uri' } },
              'X-RateLimit-Remaining': { $ref: '#/components/headers/Remaining' },
              'X-Tags': { schema: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 2 } },
            },
            content: { 'application/json': { example: { id: 1 } } },
          },
        },
      },
    },
    '/files/{id}/download': {
      get: {
        operationId: 'downloadFile',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '302': {
            description: 'Where the file is',
            headers: { Location: { required: true, example: 'https://cdn.files.test/1', schema: { type: 'string' } } },
          },
        },
      },
    },
  },
  components: {
    headers: {
      Remaining: { required: true, schema: { type: 'integer', minimum: 0, maximum: 5000 } },
    },
  },
})
const server = setupServer(...api)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it("sends a 201's required headers generated from their schemas, which the answer check accepts", async () => {
  const response = await fetch('https://files.test/files', { method: 'POST' })
  expect(response.status).toBe(201)
  expect(new URL(response.headers.get('location')!).protocol).toMatch(/^[a-z][a-z0-9+.-]*:$/)
  const remaining = Number(response.headers.get('x-ratelimit-remaining'))
  expect(Number.isInteger(remaining) && remaining >= 0 && remaining <= 5000).toBe(true)
  expect(response.headers.get('x-tags')?.split(',').length).toBeGreaterThanOrEqual(2)
  expect(response.headers.get('content-type')).toBe('application/json')
  expect(await api.checkAnswer(new Request('https://files.test/files', { method: 'POST' }), response)).toBeUndefined()
  // The same seed, the same headers.
  const again = await fetch('https://files.test/files', { method: 'POST' })
  expect(again.headers.get('location')).toBe(response.headers.get('location'))
})

it("sends a 302's Location from its example, with no body", async () => {
  const response = await axios.get('https://files.test/files/1/download', { maxRedirects: 0, validateStatus: null })
  expect(response.status).toBe(302)
  expect(response.headers.location).toBe('https://cdn.files.test/1')
  expect(response.data).toBe('')
})
