import type { GraphQLResolveInfo, GraphQLScalarType } from 'graphql'
import type { IMockStore } from '@graphql-tools/mock'

/** The context every resolver of the executor receives (yours and overrides). */
export interface SchemaContext {
  /** The mock store: state kept across requests until `executor.reset()`. */
  readonly store: IMockStore
  /** The intercepted request, when the executor answers one. */
  readonly request: Request | undefined
  readonly requestId: string | undefined
  /** The operation's variables, as the client sent them. */
  readonly variables: Readonly<Record<string, unknown>>
}

// Declared as a method so that resolvers may narrow `args` to their own shape (bivariance).
interface FieldResolverShape {
  resolve(parent: unknown, args: Record<string, unknown>, context: SchemaContext, info: GraphQLResolveInfo): unknown
}

/** A field resolver: (parent, args, context, info) => value, or a promise of one. */
export type SchemaFieldResolver = FieldResolverShape['resolve']

/**
 * A field of the `Subscription` type with its own event source: `subscribe` returns an async
 * iterable of events (root values, such as `{ postAdded: post }`), `resolve` (optional) maps
 * each event to the field's value. `executor.publish()` still reaches such a field too.
 */
export interface SchemaSubscriptionResolver {
  subscribe(
    parent: unknown,
    args: Record<string, unknown>,
    context: SchemaContext,
    info: GraphQLResolveInfo,
  ): AsyncIterable<unknown> | Promise<AsyncIterable<unknown>>
  resolve?: SchemaFieldResolver
}

/** Resolvers keyed by type, then field, as in @graphql-tools/schema; scalars may be GraphQLScalarType. */
export interface SchemaResolvers {
  [typeName: string]: { [fieldName: string]: SchemaFieldResolver | SchemaSubscriptionResolver } | GraphQLScalarType
}

/** The fields `publish()` takes: those of the `Subscription` type given to createSchemaExecutor (not `__typename`). */
export type SubscriptionField<Subscriptions> = Exclude<keyof Subscriptions & string, '__typename'>

/** What `publish()` takes for a field of type `T`: any part of it (mocks fill the rest). */
export type SubscriptionPayload<T> = T extends readonly (infer Item)[]
  ? ReadonlyArray<SubscriptionPayload<Item>>
  : T extends object
    ? { readonly [Key in keyof T]?: SubscriptionPayload<T[Key]> | null }
    : T

/** A plain value an override may return instead of a resolver function. */
export type SchemaOverrideValue =
  string | number | boolean | null | readonly unknown[] | { readonly [key: string]: unknown }

/**
 * Per-test overrides: type, then field, then a resolver or a fixed value. Objects returned for
 * object types may be partial: fields they leave out come from mocks and the store.
 */
export interface SchemaOverrides {
  [typeName: string]: { [fieldName: string]: SchemaFieldResolver | SchemaOverrideValue }
}

/** The parts of a GraphQL handler's resolver argument the executor reads. */
export interface SchemaRequestInfo {
  query: string
  /** Operation variables by name (any object type, so typed handlers' variables fit). */
  variables?: object | null
  operationName?: string | null
  /** The intercepted request: its Accept header picks the media type; its method guards mutations. */
  request?: Request
  requestId?: string
}

/** A GraphQL response body, as the executor writes it. */
export interface SchemaResponseBody {
  data?: Record<string, unknown> | null
  errors?: ReadonlyArray<{
    message: string
    locations?: ReadonlyArray<{ line: number; column: number }>
    path?: ReadonlyArray<string | number>
    extensions?: Record<string, unknown>
  }>
  extensions?: Record<string, unknown>
}
