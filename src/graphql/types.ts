import type { MaybePromise, ResolverInfoBase, ResponseResolver } from '../runtime/request-handler'
import type { NeverTo } from '../runtime/never-fallback'
import type { Unmasked } from './unmasked'
import type { DocumentNode } from 'graphql'

export type GraphQLOperationType = 'query' | 'mutation' | 'subscription'

/** What a resolver's `data` may be: an object keyed by root field, or null. */
export type GraphQLQuery = Record<string, unknown> | null

/**
 * Operation variables, keyed by variable name. (Type parameters accept any object type, so
 * interfaces and codegen's `Exact<...>` types both fit.) Untyped variables are `any`, as in
 * MSW: a handler written for MSW reads `variables.id.toUpperCase()` without a type argument.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- MSW's type, kept for drop-in code
export type GraphQLVariables = Record<string, any>

/** Any extra information, keyed by name (request and response `extensions`). */
export type GraphQLExtensions = Record<string, unknown>

/**
 * A parsed GraphQL document from any copy of graphql-js (or a codegen JSON document):
 * recognised by shape, never by `instanceof`.
 */
export interface GraphQLDocumentNode {
  readonly kind: string
  readonly definitions: ReadonlyArray<{ readonly kind: string }>
}

/** An error in a GraphQL response body (SPEC section 2.5): at least a message. */
export interface GraphQLResponseError {
  message: string
  locations?: ReadonlyArray<{ line: number; column: number }>
  path?: ReadonlyArray<string | number>
  extensions?: GraphQLExtensions
}

/**
 * The body of a GraphQL response: `data`, `errors`, `extensions` (SPEC section 2.5). `data`
 * may have the fields of masked fragments in place, as a server sends them (see Unmasked).
 * `Query` itself is accepted too: a wrapper generic in its result type
 * (`graphql.query<Q>(name, () => HttpResponse.json({ data }))`, as written for MSW) compiles,
 * since TypeScript cannot tell a type parameter fits `Unmasked<Q>`. The price: a masked
 * fragment's fields may be left out (their types are still checked when given).
 */
export interface GraphQLResponseBody<Query extends object | null = GraphQLQuery> {
  data?: Unmasked<Query> | Query | null
  errors?: readonly GraphQLResponseError[] | null
  extensions?: GraphQLExtensions
}

/**
 * The type carriers a typed document may have. One conditional type covers
 * `TypedDocumentNode` and `TypedDocumentString` (`__apiType`), graphql-js
 * `TypedQueryDocumentNode` (`__ensureTypesOfVariablesAndResultMatching`) and the legacy
 * `__resultType`/`__variablesType` pair.
 */
export interface DocumentTypeDecoration<Result = unknown, Variables = unknown> {
  __apiType?: (variables: Variables) => Result
}

export interface GraphQLJsTypedDocument<Result = unknown, Variables = unknown> {
  __ensureTypesOfVariablesAndResultMatching?: (variables: Variables) => Result
}

export interface LegacyTypedDocument<Result = unknown, Variables = unknown> {
  __resultType?: Result
  __variablesType?: Variables
}

/** A typed document of any kind, carrying its result and variables types. */
export type TypedDocument<Result, Variables> =
  | DocumentTypeDecoration<Result, Variables>
  | GraphQLJsTypedDocument<Result, Variables>
  | LegacyTypedDocument<Result, Variables>

/** The result type of a typed document. */
export type ResultOf<Document> =
  Document extends DocumentTypeDecoration<infer Result, infer _Variables>
    ? Result
    : Document extends GraphQLJsTypedDocument<infer Result, infer _Variables>
      ? Result
      : Document extends LegacyTypedDocument<infer Result, infer _Variables>
        ? Result
        : never

/** The variables type of a typed document. */
export type VariablesOf<Document> =
  Document extends DocumentTypeDecoration<infer _Result, infer Variables>
    ? Variables
    : Document extends GraphQLJsTypedDocument<infer _Result, infer Variables>
      ? Variables
      : Document extends LegacyTypedDocument<infer _Result, infer Variables>
        ? Variables
        : never

/**
 * A client-preset persisted document in `replaceDocumentWithHash` mode: only its hash.
 * Such a handler matches requests that carry this hash (APQ `sha256Hash` or `documentId`).
 */
export interface PersistedDocument {
  readonly __meta__: { readonly hash: string }
}

/** What a custom predicate receives. */
export interface GraphQLCustomPredicateInfo<Variables extends object = GraphQLVariables> {
  request: Request
  query: string
  operationType: GraphQLOperationType
  operationName: string
  variables: Variables
  extensions: GraphQLExtensions
  cookies: Record<string, string>
}

export type GraphQLCustomPredicateResult = boolean | { matches: boolean }

export type GraphQLCustomPredicate<Variables extends object = GraphQLVariables> = (
  info: GraphQLCustomPredicateInfo<Variables>,
) => MaybePromise<GraphQLCustomPredicateResult>

/**
 * What selects the operations a handler takes: an operation name, a RegExp on the name, a
 * document (`DocumentNode`, `TypedDocumentNode`, `TypedDocumentString`, a persisted document),
 * or a custom predicate function. The document is graphql-js's `DocumentNode` (types only), as
 * in MSW, so that `'kind' in predicate` narrows to it and it can be handed to `print()`.
 */
export type GraphQLPredicate<Query extends object | null = GraphQLQuery, Variables extends object = GraphQLVariables> =
  | string
  | RegExp
  | DocumentNode
  | TypedDocument<Query, Variables>
  | PersistedDocument
  // The predicate's variables are not the handler's Variables: it runs while matching, when
  // any request's variables arrive (MSW types them the same way).
  | GraphQLCustomPredicate

/** The argument of a GraphQL resolver. */
export type GraphQLResolverInfo<Variables extends object = GraphQLVariables> = ResolverInfoBase & {
  /** The query document as the client sent it (for a persisted query: its known text). */
  query: string
  /** Operation variables; `{}` when none were sent. Uploaded files are `File`s here. */
  variables: Variables
  /** The operation's name; `''` for an anonymous operation. */
  operationName: string
  operationType: GraphQLOperationType
  /** The request's `extensions`; `{}` when none were sent. */
  extensions: GraphQLExtensions
  /** The request's cookies by name. */
  cookies: Record<string, string>
}

export type GraphQLResponseResolver<
  Query extends object | null = GraphQLQuery,
  Variables extends object = GraphQLVariables,
> = ResponseResolver<GraphQLResolverInfo<Variables>, null, GraphQLResponseBody<NeverTo<Query, GraphQLQuery>>>
