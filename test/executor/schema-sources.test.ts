// Where the schema comes from, what generated data looks like, and the mistakes users make.
import * as esmGraphQL from 'graphql/index.mjs'
import { buildSchema, GraphQLError } from 'graphql'
import { makeExecutableSchema } from '@graphql-tools/schema'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { createSchemaExecutor } from 'mocklib/schema'
import { SCHEMA_DIR } from './fixtures/posts-executor'
import { rejectionOf } from '../helpers/rejection'

const LIST = '{ posts { id title } }'

describe('schema sources', () => {
  it('typeDefs: SDL text, or several texts merged with extend type', async () => {
    const api = createSchemaExecutor({
      typeDefs: ['type Post { id: ID! }  type Query { posts: [Post!]! }', 'extend type Post { title: String! }'],
    })
    const result = await api.execute({ query: LIST })
    expect(result.errors).toBeUndefined()
    expect((result.data as { posts: unknown[] }).posts).toHaveLength(2)
  })

  it('schemaFiles: a folder (all .graphql files), a file path, or a file URL', async () => {
    for (const schemaFiles of [SCHEMA_DIR, 'schema', 'schema/posts.graphql', new URL('posts.graphql', SCHEMA_DIR)]) {
      const result = await createSchemaExecutor({ schemaFiles }).execute({ query: LIST })
      expect(result.errors, String(schemaFiles)).toBeUndefined()
    }
  })

  it("schemaFiles: a file URL made by another realm's URL class (jsdom's, the global under Jest's jsdom)", async () => {
    const { URL: JsdomURL } = new JSDOM('').window
    for (const schemaFiles of [new JsdomURL(SCHEMA_DIR.href), [new JsdomURL('posts.graphql', SCHEMA_DIR.href)]]) {
      const result = await createSchemaExecutor({ schemaFiles: schemaFiles as URL }).execute({ query: LIST })
      expect(result.errors, String(schemaFiles)).toBeUndefined()
    }
  })

  it('schemaFiles that do not exist: the error names the path', async () => {
    await expect(createSchemaExecutor({ schemaFiles: 'no/such/dir' }).ready()).rejects.toThrow(
      /cannot read the schema file ".*no\/such\/dir"/,
    )
    await expect(createSchemaExecutor({ schemaFiles: 'test/executor/fixtures' }).ready()).rejects.toThrow(
      /no \.graphql, \.graphqls or \.gql file found in ".*fixtures"/,
    )
  })

  it('a GraphQLSchema keeps its own resolvers; mocks fill in the rest', async () => {
    const schema = makeExecutableSchema({
      typeDefs: 'type Post { id: ID! title: String! } type Query { posts: [Post!]! greeting: String! }',
      resolvers: { Query: { greeting: () => 'hello from the schema' } },
    })
    const api = createSchemaExecutor({ schema })
    const result = await api.execute({ query: '{ greeting posts { id } }' })
    expect(result.data).toEqual({
      greeting: 'hello from the schema',
      posts: [{ id: expect.any(String) }, { id: expect.any(String) }],
    })
  })

  it('invalid SDL: the error says the schema could not be built, with graphql-js reason', async () => {
    await expect(createSchemaExecutor({ typeDefs: 'type Query { posts: [Post] }' }).ready()).rejects.toThrow(
      /the schema could not be built: .*Post/,
    )
  })
})

describe('two copies of graphql ("another module or realm")', () => {
  it('a schema built by another copy of graphql gets an explanation and the fixes', async () => {
    // graphql/index.mjs is the package's ES module build: a second copy next to index.js.
    const foreign = esmGraphQL.buildSchema('type Query { a: Int }')
    const api = createSchemaExecutor({ schema: foreign as never })
    const error = await rejectionOf(api.ready())
    expect(error).toBeInstanceOf(TypeError)
    expect(error.message).toContain('Two copies of the "graphql" package are loaded')
    expect(error.message).toContain('another module or realm')
    expect(error.message).toContain('npm ls graphql')
    expect(error.message).toContain('{ typeDefs }')
  })

  it('the same schema built by the copy mocklib loads is accepted', async () => {
    const api = createSchemaExecutor({ schema: buildSchema('type Query { a: Int }') })
    expect((await api.execute({ query: '{ a }' })).data).toEqual({ a: expect.any(Number) })
  })
})

describe('generated data', () => {
  const typeDefs = /* GraphQL */ `
    enum Color { RED GREEN BLUE }
    interface Named { name: String! }
    type Cat implements Named { name: String! lives: Int! }
    type Dog implements Named { name: String! good: Boolean! }
    type Query { colors: [Color!]! pets: [Named!]! numbers: [Float!]! ids: [ID!]! }
  `
  const query = '{ colors numbers ids pets { __typename name ... on Cat { lives } ... on Dog { good } } }'

  it('is the same for the same seed, and differs for another seed', async () => {
    const one = await createSchemaExecutor({ typeDefs, seed: 7 }).execute({ query })
    const two = await createSchemaExecutor({ typeDefs, seed: 7 }).execute({ query })
    const other = await createSchemaExecutor({ typeDefs, seed: 8 }).execute({ query })
    expect(one.errors).toBeUndefined()
    expect(two.data).toEqual(one.data)
    expect(other.data).not.toEqual(one.data)
  })

  it('starts over after reset(): the same data as a fresh executor', async () => {
    const api = createSchemaExecutor({ typeDefs, seed: 3 })
    const first = await api.execute({ query })
    api.reset()
    const again = await api.execute({ query })
    expect(again.data).toEqual(first.data)
  })

  it('is stable across requests until reset: the store keeps generated objects', async () => {
    const api = createSchemaExecutor({ schemaFiles: SCHEMA_DIR })
    const first = await api.execute({ query: LIST })
    const second = await api.execute({ query: LIST })
    expect(second.data).toEqual(first.data)
  })

  it('mocks override the defaults per type; custom scalars need one', async () => {
    const withScalar = 'scalar DateTime type Query { now: DateTime! title: String! }'
    const missing = await createSchemaExecutor({ typeDefs: withScalar }).execute({ query: '{ now }' })
    expect(missing.errors?.[0].message).toContain('DateTime')
    const api = createSchemaExecutor({
      typeDefs: withScalar,
      mocks: { DateTime: () => '2026-01-01T00:00:00Z', String: () => 'custom' },
    })
    expect((await api.execute({ query: '{ now title }' })).data).toEqual({
      now: '2026-01-01T00:00:00Z',
      title: 'custom',
    })
  })

  it('resolvers get the store and the context; a thrown GraphQLError keeps its extensions', async () => {
    let given: unknown
    let seen: unknown
    const api = createSchemaExecutor({
      schemaFiles: SCHEMA_DIR,
      resolvers: (store) => {
        given = store
        return {
          Query: {
            posts: (_parent, _args, context) => {
              seen = context.store
              throw new GraphQLError('Not allowed', { extensions: { code: 'FORBIDDEN' } })
            },
          },
        }
      },
    })
    const result = await api.execute({ query: LIST })
    expect(seen).toBe(given)
    expect(given).toBe(api.store)
    expect(result.data).toBeNull()
    expect(result.errors?.[0].toJSON()).toMatchObject({
      message: 'Not allowed',
      path: ['posts'],
      extensions: { code: 'FORBIDDEN' },
    })
  })
})

describe('options', () => {
  it('needs exactly one schema source', () => {
    expect(() => createSchemaExecutor({})).toThrow(
      'createSchemaExecutor() needs a schema: pass one of { typeDefs: sdlText }',
    )
    expect(() => createSchemaExecutor({ typeDefs: 'type Query { a: Int }', schemaFiles: 'schema' })).toThrow(
      'received "typeDefs" and "schemaFiles"; pass exactly one schema source',
    )
  })

  it('rejects unknown policies and modes, naming the allowed values', () => {
    expect(() => createSchemaExecutor({ schemaFiles: 'schema', statusPolicy: 'strict' as never })).toThrow(
      `option "statusPolicy" got string "strict"; expected 'auto', 'graphql-over-http', 'legacy-200'`,
    )
    expect(() => createSchemaExecutor({ schemaFiles: 'schema', bodyChecks: true as never })).toThrow(
      'option "bodyChecks"',
    )
    expect(() => createSchemaExecutor({ schemaFiles: 'schema', documentCacheSize: 0 })).toThrow('a positive integer')
    expect(() => createSchemaExecutor({ schemaFiles: 'schema', seed: Number.NaN })).toThrow('a finite number')
  })

  it('store and schema before the schema is loaded: an error that says to await ready()', async () => {
    const api = createSchemaExecutor({ schemaFiles: SCHEMA_DIR })
    expect(() => api.store).toThrow('Await executor.ready() once')
    await api.ready()
    expect(api.store.get('Query', 'ROOT', 'posts')).toHaveLength(2)
    expect(api.schema.getQueryType()?.name).toBe('Query')
  })
})
