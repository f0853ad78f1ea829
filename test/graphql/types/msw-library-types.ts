// Type tests (scripts/suite-types.mjs): GraphQL types that libraries built on MSW 2.14 use
// compile against mocklib as they do against msw. Each @ts-expect-error line must be an
// error; everything else must compile.
import { parse, print, type DocumentNode } from 'graphql'
import { expectTypeOf } from 'vitest'
import {
  graphql,
  HttpResponse,
  type GraphQLOperationType,
  type GraphQLRequestHandler,
  type GraphQLResponseResolver,
  type GraphQLVariables,
} from 'mocklib'

// The first parameter of a GraphQLRequestHandler narrows as in MSW: a document is
// graphql-js's DocumentNode, so a wrapper can print it or read its definitions.
function operationLabel(selector: Parameters<GraphQLRequestHandler>[0]): string {
  if (typeof selector === 'string') return selector
  if (selector instanceof RegExp) return selector.source
  if (typeof selector === 'function') return 'custom predicate'
  if ('kind' in selector) {
    expectTypeOf(selector).toEqualTypeOf<DocumentNode>()
    return print(selector)
  }
  return 'typed document'
}
operationLabel(parse('query GetUser { user { id } }'))

// Without type arguments, variables are MSW's Record<string, any>: code written for MSW reads them freely.
graphql.query('GetUser', ({ variables }) => {
  expectTypeOf(variables).toEqualTypeOf<GraphQLVariables>()
  expectTypeOf(variables).toEqualTypeOf<Record<string, any>>()
  return HttpResponse.json({ data: { user: { id: variables.id.toUpperCase() } } })
})
graphql.query(parse('query GetUser($id: ID!) { user(id: $id) { id } }'), ({ variables }) => {
  expectTypeOf(variables).toEqualTypeOf<Record<string, any>>()
  return HttpResponse.json({ data: { user: { id: variables.id } } })
})

// A custom predicate sees the request's variables untyped even when the handler's are typed:
// it runs while matching, before anything says which operation arrived.
graphql.query<{ user: null }, { id: string }>(
  ({ operationType, operationName, query, variables, cookies }) => {
    expectTypeOf(operationType).toEqualTypeOf<GraphQLOperationType>()
    expectTypeOf(variables).toEqualTypeOf<GraphQLVariables>()
    void [query, cookies]
    return operationName === 'GetUser'
  },
  ({ variables }) => {
    expectTypeOf(variables).toEqualTypeOf<{ id: string }>()
    return HttpResponse.json({ data: { user: null } })
  },
)
const untyped: GraphQLResponseResolver = () => undefined
graphql.query(() => ({ matches: true }), untyped)
graphql.query(() => false, untyped)
// @ts-expect-error: matches is a boolean
graphql.query(() => ({ matches: 2 }), untyped)
// @ts-expect-error: a predicate answers
graphql.query(() => undefined, untyped)

// A wrapper generic in its result type, as written for MSW: the generic data is the response's.
function mockQuery<Query extends Record<string, unknown>>(operationName: string, data: Query) {
  return graphql.query<Query>(operationName, () => HttpResponse.json({ data }))
}
function mockMutation<Query extends Record<string, any>, Variables extends GraphQLVariables>(
  name: string,
  data: Query,
) {
  return graphql.mutation<Query, Variables>(name, ({ variables }) => {
    void variables
    return HttpResponse.json({ data, errors: [] })
  })
}
mockQuery('GetUser', { user: { id: '1' } })
mockMutation<{ ok: boolean }, { id: string }>('Save', { ok: true })
function mockWrong<Query extends Record<string, unknown>>(operationName: string, data: Query) {
  // @ts-expect-error: data is the result, not the body
  return graphql.query<Query>(operationName, () => HttpResponse.json({ body: data }))
}
void mockWrong
