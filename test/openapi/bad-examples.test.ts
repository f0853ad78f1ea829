// A document's examples that do not fit their own schemas: mocklib warns once per example, naming the
// operation, the status, the example and each violation, and answers with generated data instead;
// an example asked for by name (Prefer, override()) is sent as written.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import axios from 'axios'
import { fromOpenApi } from 'mocklib/openapi'
import { setupServer } from 'mocklib/node'

const Pet = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string' } },
}
const pets = await fromOpenApi({
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://pets.test' }],
  paths: {
    '/pets/{id}': {
      get: {
        operationId: 'showPet',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'A pet',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Pet' },
                examples: {
                  stale: { value: { id: 'seven', nickname: 'Rex' } },
                  good: { value: { id: 7, name: 'Rex' } },
                },
              },
            },
          },
        },
      },
    },
    '/owners/{id}': {
      get: {
        operationId: 'showOwner',
        responses: {
          '200': {
            description: 'An owner',
            content: { 'application/json': { schema: { ...Pet, example: { id: 0, name: 'Ann' } } } },
          },
        },
      },
    },
  },
  components: { schemas: { Pet } },
})

const server = setupServer(...pets)
const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => {
  server.close()
  warn.mockRestore()
})

it('answers generated data instead, after one warning naming operation, status, example and violations', async () => {
  const { data } = await axios.get('https://pets.test/pets/7')
  expect(data).toEqual({ id: expect.any(Number), name: expect.any(String) })
  expect(Number.isInteger(data.id) && data.id >= 1).toBe(true)
  expect(warn.mock.calls.map(([text]) => text)).toEqual([
    '[mocklib] The example "stale" of GET /pets/{id} (showPet) for status 200 does not fit its own schema:\n' +
      '  - /name: is required\n' +
      '  - /id: must be integer, got string "seven"\n' +
      'mocklib answers with data generated from the schema instead, unless a request or an override asks for ' +
      'this example by name (Prefer: example=..., override(operationId, { example })). Fix the example or the schema.',
  ])
  // Checked once: the next answer is generated again, with no second warning.
  expect((await axios.get('https://pets.test/pets/8')).data).toEqual(data)
  expect(warn).toHaveBeenCalledTimes(1)
})

it('sends the example as written when a request or an override asks for it by name', async () => {
  const asked = await axios.get('https://pets.test/pets/7', { headers: { Prefer: 'example=stale' } })
  expect(asked.data).toEqual({ id: 'seven', nickname: 'Rex' })
  server.use(pets.override('showPet', { example: 'stale' }))
  expect((await axios.get('https://pets.test/pets/7')).data).toEqual({ id: 'seven', nickname: 'Rex' })
  expect((await axios.get('https://pets.test/pets/7', { headers: { Prefer: 'example=good' } })).data).toEqual({
    id: 7,
    name: 'Rex',
  })
})

it("checks a schema's own example the same way", async () => {
  warn.mockClear()
  const { data } = await axios.get('https://pets.test/owners/1')
  expect(data.id).toBeGreaterThanOrEqual(1)
  expect(warn.mock.calls.map(([text]) => String(text).split('\n').slice(0, 2))).toEqual([
    [
      `[mocklib] The example "the schema's example" of GET /owners/{id} (showOwner) for status 200 ` +
        'does not fit its own schema:',
      '  - /id: must be >= 1, got number 0',
    ],
  ])
})
