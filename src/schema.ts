// The `mocklib/schema` entry: a schema-backed GraphQL executor and schema-checked mock bodies.
// It is the only entry that loads `@graphql-tools/*` (optional peers, with graphql), on first use.
import {
  createSchemaExecutor as createExecutor,
  type SchemaExecutor,
  type SchemaExecutorOptions,
} from './graphql/executor/executor'
import { schemaSubscriptions } from './subscriptions/schema-subscriptions'

/**
 * Creates a schema-backed executor, built once per API. It answers GraphQL requests the way
 * a server would (selection, variables, validation, GraphQL-over-HTTP statuses) with data from
 * your resolvers, then the mock store, then seeded generated values; `handler(url)` also serves
 * subscriptions on every transport mocklib's subscription handlers serve. Loading graphql and
 * @graphql-tools happens on first use, so creating it is synchronous and cheap.
 * `Subscriptions` types `publish()` (GraphQL Code Generator's `Subscription` type fits).
 */
export function createSchemaExecutor<Subscriptions extends object = Record<string, unknown>>(
  options: SchemaExecutorOptions,
): SchemaExecutor<Subscriptions> {
  return createExecutor<Subscriptions>(options, schemaSubscriptions)
}
export type {
  CheckOptions,
  SchemaExecuteInput,
  SchemaExecutor,
  SchemaExecutorOptions,
  SchemaResolver,
} from './graphql/executor/executor'
export type { HeldPart, IncrementalDeliveryOptions } from './graphql/executor/incremental-pacing'
export type { IncrementalFormat } from './graphql/incremental-format'
export type { SchemaSource } from './graphql/executor/schema-source'
export type {
  SchemaContext,
  SchemaFieldResolver,
  SchemaOverrides,
  SchemaOverrideValue,
  SchemaRequestInfo,
  SchemaResolvers,
  SchemaResponseBody,
  SchemaSubscriptionResolver,
  SubscriptionField,
  SubscriptionPayload,
} from './graphql/executor/types'
export type { StatusPolicy } from './graphql/executor/status-policy'
export type { BodyCheckMode, BodyProblem, BodyProblemKind } from './runtime/body-mismatch'
export { BodyMismatchError } from './runtime/body-mismatch'
