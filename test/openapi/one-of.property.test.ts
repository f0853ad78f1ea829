// Property: whatever the seed, generated data fits each oneOf it contains with exactly one member, a
// discriminator's property names that member (checked by ajv's own discriminator support, independently
// of mocklib), and a oneOf whose first member fits any object still gets data fitting it alone.
import { expect, it } from 'vitest'
import fc from 'fast-check'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { getResponse } from 'mocklib'
import { fromOpenApi } from 'mocklib/openapi'

const json = (schema: object) => ({ content: { 'application/json': { schema } } })
const schemas = {
  Pet: {
    oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
    discriminator: { propertyName: 'petType', mapping: { kitty: '#/components/schemas/Cat' } },
  },
  Cat: {
    type: 'object',
    required: ['petType', 'meows'],
    properties: { petType: { type: 'string', enum: ['kitty'] }, meows: { type: 'boolean' } },
  },
  Dog: {
    type: 'object',
    required: ['petType'],
    properties: { petType: { type: 'string', enum: ['Dog'] }, barks: { type: 'boolean' } },
  },
  // Any object fits Note, a Circle's too: only data that is not a Circle fits one member alone.
  Shape: { oneOf: [{ $ref: '#/components/schemas/Note' }, { $ref: '#/components/schemas/Circle' }] },
  Note: { type: 'object', properties: { label: { type: 'string' } } },
  Circle: { type: 'object', required: ['radius'], properties: { radius: { type: 'number', minimum: 0 } } },
}
const document = {
  openapi: '3.1.0',
  info: { title: 'Zoo', version: '1' },
  servers: [{ url: 'https://zoo.test' }],
  paths: {
    '/pets': { get: { responses: { '200': { description: 'Pets', ...json({ type: 'array', items: schemas.Pet }) } } } },
    '/shapes': {
      get: { responses: { '200': { description: 'Shapes', ...json({ $ref: '#/components/schemas/Shape' }) } } },
    },
  },
  components: { schemas },
}

// ajv checks discriminators itself (without `mapping`, which it does not read; the enums say the same).
const ajv = new Ajv2020({ strict: false, discriminator: true })
const { mapping: _, ...discriminator } = schemas.Pet.discriminator
ajv.addSchema({ components: { schemas: { ...schemas, Pet: { ...schemas.Pet, discriminator } } } }, 'zoo')
const pets = ajv.compile({ type: 'array', items: { $ref: 'zoo#/components/schemas/Pet' } })
const shape = ajv.compile({ $ref: 'zoo#/components/schemas/Shape' })

it('generated data fits one oneOf member alone, named by the discriminator, whatever the seed', async () => {
  expect(pets([{ petType: 'kitty', barks: true }])).toBe(false)
  expect(shape({ radius: 1 })).toBe(false)
  const petTypes = new Set<unknown>()
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
      const handlers = await fromOpenApi(document, { seed })
      const listed: unknown = await (await getResponse(handlers, new Request('https://zoo.test/pets')))?.json()
      expect(pets(listed), `seed ${seed}: ${JSON.stringify(pets.errors)}\n${JSON.stringify(listed)}`).toBe(true)
      for (const pet of listed as Array<{ petType: string }>) petTypes.add(pet.petType)
      const drawn: unknown = await (await getResponse(handlers, new Request('https://zoo.test/shapes')))?.json()
      expect(shape(drawn), `seed ${seed}: ${JSON.stringify(shape.errors)}\n${JSON.stringify(drawn)}`).toBe(true)
    }),
    { numRuns: 40 },
  )
  expect(petTypes).toEqual(new Set(['kitty', 'Dog']))
})
