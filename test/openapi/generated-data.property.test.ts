// Property: whatever the seed, every generated answer of the Petstore documents fits its response schema
// (checked with ajv, independently of mocklib), for 3.0's dialect (nullable) and 3.1's (JSON Schema 2020-12);
// patterns and formats are followed, readOnly properties sent and writeOnly ones never.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import fc from 'fast-check'
import { Ajv } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'
import { getResponse } from 'mocklib'
import { fromOpenApi } from 'mocklib/openapi'

const read = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8')
const documents = {
  '3.0': {
    document: parse(read('petstore-3.0.yaml')) as object,
    ajv: new Ajv({ strict: false }),
    base: 'https://petstore.test/v1',
  },
  '3.1': {
    document: JSON.parse(read('petstore-3.1.json')) as object,
    ajv: new Ajv2020({ strict: false }),
    base: 'https://api.petstore.test',
  },
}
for (const { ajv, document } of Object.values(documents)) {
  addFormats.default(ajv)
  ajv.addSchema(document, 'petstore')
}

/** Requests asking for generated data, with the schema each answer must fit. */
const cases = [
  [
    '3.0',
    'GET',
    '/pets',
    'code=200, dynamic=true',
    { type: 'array', items: { $ref: 'petstore#/components/schemas/Pet' } },
  ],
  ['3.0', 'GET', '/pets/4', 'code=200', { $ref: 'petstore#/components/schemas/Pet' }],
  ['3.0', 'GET', '/pets/4', 'code=404, dynamic=true', { $ref: 'petstore#/components/schemas/Error' }],
  ['3.0', 'POST', '/pets', 'code=201', { $ref: 'petstore#/components/schemas/Pet' }],
  ['3.1', 'GET', '/pets', 'code=200', { type: 'array', items: { $ref: 'petstore#/components/schemas/Pet' } }],
  ['3.1', 'GET', '/pets/a', 'code=200, dynamic=true', { $ref: 'petstore#/components/schemas/Pet' }],
  ['3.1', 'POST', '/pets', 'code=400', { $ref: 'petstore#/components/schemas/Problem' }],
] as const

it('generated answers always fit the response schema, whatever the seed', async () => {
  const validators = cases.map(([version, , , , schema]) => documents[version].ajv.compile(schema))
  expect(validators.filter((validate) => validate({ id: 'not a pet' }))).toEqual([])
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
      for (const [index, [version, method, path, prefer]] of cases.entries()) {
        const { document, base } = documents[version]
        const handlers = await fromOpenApi(document, { seed })
        const response = await getResponse(handlers, new Request(base + path, { method, headers: { Prefer: prefer } }))
        const body: unknown = await response?.json()
        const validate = validators[index]!
        expect(
          validate(body),
          `${method} ${path} (${prefer}), seed ${seed}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(body)}`,
        ).toBe(true)
      }
    }),
    { numRuns: 40 },
  )
})

it('follows patterns and formats, sends readOnly properties and never writeOnly ones, whatever the seed', async () => {
  const user = {
    type: 'object',
    required: ['id', 'password', 'code', 'email'],
    properties: {
      id: { type: 'integer', readOnly: true },
      password: { type: 'string', writeOnly: true },
      pin: { type: 'string', writeOnly: true },
      code: { type: 'string', pattern: '^[A-Z]{3}-\\d{2}$' },
      email: { type: 'string', format: 'email' },
      since: { type: 'string', format: 'date-time' },
    },
  }
  const document = {
    openapi: '3.1.0',
    info: { title: 'Users', version: '1' },
    servers: [{ url: 'https://users.test' }],
    paths: {
      '/me': {
        get: { responses: { '200': { description: 'Me', content: { 'application/json': { schema: user } } } } },
      },
    },
  }
  const ajv = new Ajv2020({ strict: false })
  addFormats.default(ajv)
  const { password: _password, pin: _pin, ...sent } = user.properties
  const validate = ajv.compile({
    ...user,
    required: ['id', 'code', 'email'],
    properties: sent,
    additionalProperties: false,
  })
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
      const response = await getResponse(await fromOpenApi(document, { seed }), new Request('https://users.test/me'))
      const body: unknown = await response?.json()
      expect(validate(body), `seed ${seed}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(body)}`).toBe(true)
    }),
    { numRuns: 40 },
  )
})
