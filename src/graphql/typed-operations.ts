// Types that connect GraphQL Code Generator output to handlers: unmasked results, the
// operation map of a typed link, and the check that a document fits the handler's type.
// Types only: nothing here exists at runtime.
import type { RequestHandlerOptions } from '../runtime/request-handler'
import type { GraphQLHandler } from './graphql-handler'
import type { Unmasked } from './unmasked'
import type {
  GraphQLOperationType,
  GraphQLPredicate,
  GraphQLQuery,
  GraphQLResponseResolver,
  GraphQLVariables,
} from './types'

export type { Unmasked }

/** One operation of an operation map: its type, result and variables. */
export interface GraphQLOperationEntry {
  type: GraphQLOperationType
  result: object | null
  variables: object
}

/**
 * The operations an API has, by name, as the mocklib codegen plugin generates them:
 * `{ ListPosts: { type: 'query'; result: ListPostsQuery; variables: ListPostsQueryVariables } }`.
 */
export type GraphQLOperationMap = { [name: string]: GraphQLOperationEntry }

/**
 * Operation maps of generated files, merged in by the files the mocklib codegen plugin writes
 * (`declare module 'mocklib'`), keyed by output file. It lets `graphql.query(document)` tell a
 * mutation document from a query document even when the result type does not say so.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GeneratedOperations {}

/** The names of the operations of one type in a map. */
export type OperationNames<Operations, Type extends GraphQLOperationType> = {
  [Name in keyof Operations]: Operations[Name] extends { type: Type } ? Name : never
}[keyof Operations] &
  string

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

type RootTypeName = { Query: 'query'; Mutation: 'mutation'; Subscription: 'subscription' }

/** What a result's root `__typename` says, when it says something ('Query' -> 'query'). */
type TypeFromTypename<Result> = Result extends object
  ? '__typename' extends keyof Result
    ? NonNullable<Result['__typename']> extends infer Name
      ? Name extends keyof RootTypeName
        ? RootTypeName[Name]
        : never
      : never
    : never
  : never

type EntriesOf<Maps> = Maps extends unknown ? Maps[keyof Maps] : never

/** What generated operation maps say about a result and variables type. */
type TypeFromGeneratedMaps<Result, Variables> =
  EntriesOf<GeneratedOperations[keyof GeneratedOperations]> extends infer Entry
    ? Entry extends GraphQLOperationEntry
      ? Same<Entry['result'], Result> extends true
        ? Same<Entry['variables'], Variables> extends true
          ? Entry['type']
          : never
        : never
      : never
    : never

/** The operation types a result type is known to belong to (`never` when nothing tells). */
export type KnownOperationType<Result, Variables> = TypeFromTypename<Result> | TypeFromGeneratedMaps<Result, Variables>

/**
 * `unknown` when a handler of `Type` may take an operation with this result type, otherwise an
 * object type whose key says what to use: a mutation document given to `graphql.query()`
 * fails to compile with that hint.
 */
export type OperationTypeCheck<Type extends GraphQLOperationType, Result, Variables> = [
  KnownOperationType<Result, Variables>,
] extends [never]
  ? unknown
  : Type extends KnownOperationType<Result, Variables>
    ? unknown
    : {
        [
          Hint in `This is a ${KnownOperationType<Result, Variables>}: use graphql.${KnownOperationType<Result, Variables>}() for it`
        ]: never
      }

/** A typed link's factory for one operation type: names from the map, or a document. */
export interface TypedGraphQLRequestHandler<Operations extends GraphQLOperationMap, Type extends GraphQLOperationType> {
  <Name extends OperationNames<Operations, Type>>(
    operationName: Name,
    resolver: GraphQLResponseResolver<Operations[Name]['result'], Operations[Name]['variables']>,
    options?: RequestHandlerOptions,
  ): GraphQLHandler<Operations[Name]['result'], Operations[Name]['variables']>
  <Query extends object | null = GraphQLQuery, Variables extends object = GraphQLVariables>(
    predicate: Exclude<GraphQLPredicate<Query, Variables>, string> &
      NoInfer<OperationTypeCheck<Type, Query, Variables>>,
    resolver: GraphQLResponseResolver<NoInfer<Query>, NoInfer<Variables>>,
    options?: RequestHandlerOptions,
  ): GraphQLHandler<Query, Variables>
}
