import { parse } from 'graphql'
import type { TypedQueryDocumentNode } from 'graphql'
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { TypedDocumentString } from '../helpers/typed-document-string'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const send = async (query: string, variables?: object, operationName?: string) => {
  const response = await fetch('https://api.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables, operationName }),
  })
  return response.json()
}

type GetPostQuery = { post: { id: string; title: string } | null }
type GetPostVariables = { id: string }

describe('predicates', () => {
  it('matches a RegExp on the operation name', async () => {
    server.use(graphql.query(/^List/, ({ operationName }) => HttpResponse.json({ data: { name: operationName } })))
    expect((await send('query ListPosts { a }')).data.name).toBe('ListPosts')
    expect((await send('query ListUsers { a }')).data.name).toBe('ListUsers')
  })

  it('calls a custom predicate with the parsed operation', async () => {
    server.use(
      graphql.query(
        ({ operationName, variables, operationType }) =>
          operationType === 'query' && operationName === 'GetPost' && variables.id === '7',
        () => HttpResponse.json({ data: { post: { id: '7' } } }),
      ),
      graphql.operation(() => HttpResponse.json({ data: { fallback: true } })),
    )
    expect((await send('query GetPost($id: ID!) { post(id: $id) { id } }', { id: '7' })).data).toEqual({
      post: { id: '7' },
    })
    expect((await send('query GetPost($id: ID!) { post(id: $id) { id } }', { id: '8' })).data).toEqual({
      fallback: true,
    })
  })

  it('graphql.operation() takes anonymous operations, and query() ignores them', async () => {
    server.use(
      graphql.operation(({ operationName, operationType }) =>
        HttpResponse.json({ data: { operationName, operationType } }),
      ),
      graphql.query('Never', () => HttpResponse.json({ data: { wrong: true } })),
    )
    expect((await send('{ posts { id } }')).data).toEqual({ operationName: '', operationType: 'query' })
    expect((await send('mutation { x }')).data).toEqual({ operationName: '', operationType: 'mutation' })
  })

  it('does not match a query handler with a mutation of the same name', async () => {
    server.use(
      graphql.query('Same', () => HttpResponse.json({ data: { type: 'query' } })),
      graphql.mutation('Same', () => HttpResponse.json({ data: { type: 'mutation' } })),
    )
    expect((await send('mutation Same { a }')).data.type).toBe('mutation')
    expect((await send('query Same { a }')).data.type).toBe('query')
  })
})

describe('documents as predicates', () => {
  it('takes the name from a DocumentNode and a TypedDocumentNode, with typed variables', async () => {
    const GetPost = parse('query GetPost($id: ID!) { post(id: $id) { id title } }') as TypedDocumentNode<
      GetPostQuery,
      GetPostVariables
    >
    server.use(
      graphql.query(GetPost, ({ variables }) =>
        HttpResponse.json({ data: { post: { id: variables.id, title: 'typed' } } }),
      ),
    )
    expect((await send('query GetPost($id: ID!) { post(id: $id) { id title } }', { id: '5' })).data).toEqual({
      post: { id: '5', title: 'typed' },
    })
  })

  it('takes the name from a TypedDocumentString, read synchronously at definition', async () => {
    const GetPost = new TypedDocumentString<GetPostQuery, GetPostVariables>(
      '# a comment: query Fake\nquery GetPost($id: ID! = "x") { post(id: $id) { id title } }',
    )
    const handler = graphql.query(GetPost, ({ variables }) =>
      HttpResponse.json({ data: { post: { id: variables.id, title: 's' } } }),
    )
    expect(handler.info.header).toBe('query GetPost (origin: *)')
    server.use(handler)
    expect((await send(String(GetPost), { id: '1' })).data.post.id).toBe('1')
  })

  it('accepts graphql-js TypedQueryDocumentNode', async () => {
    const GetPost = parse('query GetPost { post { id title } }') as TypedQueryDocumentNode<
      GetPostQuery,
      Record<string, never>
    >
    server.use(graphql.query(GetPost, () => HttpResponse.json({ data: { post: null } })))
    expect((await send('query GetPost { post { id title } }')).data).toEqual({ post: null })
  })

  it('accepts a codegen JSON document (no graphql classes, another copy of graphql is fine)', async () => {
    const document = JSON.parse(JSON.stringify(parse('mutation CreatePost { createPost { id } }')))
    const handler = graphql.mutation(document, () => HttpResponse.json({ data: { createPost: { id: '1' } } }))
    expect(handler.info.header).toBe('mutation CreatePost (origin: *)')
  })

  it('rejects at definition a document of the other operation type, naming the right factory', () => {
    const CreatePost = parse('mutation CreatePost { createPost { id } }')
    expect(() => graphql.query(CreatePost, () => undefined)).toThrow(/mutation "CreatePost".*graphql\.mutation\(\)/)
    // MSW's sentence is in it, for code that looks for MSW's text.
    expect(() => graphql.query(CreatePost, () => undefined)).toThrow(
      'Failed to create a GraphQL handler: provided a DocumentNode with a mismatched operation type (expected "query" but got "mutation").',
    )
  })

  it('rejects at definition an unnamed document, pointing to graphql.operation()', () => {
    expect(() => graphql.query(parse('{ posts { id } }'), () => undefined)).toThrow(/no name.*graphql\.operation\(\)/s)
    expect(() =>
      graphql.query(new TypedDocumentString<{ a: number }, Record<string, never>>('query { a }'), () => undefined),
    ).toThrow(/no name/)
  })

  it('rejects at definition a document with no operation, an empty name, and an object that is not a document', () => {
    expect(() => graphql.query(parse('fragment F on Post { id }'), () => undefined)).toThrow(/no operation/)
    expect(() => graphql.query('', () => undefined)).toThrow(/empty operation name/)
    expect(() => graphql.query({ __meta__: {} } as never, () => undefined)).toThrow(
      /needs an operation name, a RegExp, a GraphQL document/,
    )
    expect(() => graphql.query({ __meta__: { hash: 'md5:abc' } }, () => undefined)).toThrow(/not a SHA-256 hash/)
    expect(() => graphql.link(42 as never)).toThrow(/graphql\.link\(\) needs the endpoint/)
    expect(() => graphql.operation('ListPosts' as never)).toThrow(/only argument.*graphql\.query\('Name', resolver\)/)
  })
})
