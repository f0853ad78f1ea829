// The `mocklib/schema` entry: a schema-backed GraphQL executor and schema-checked mock bodies.
// It is the only entry that loads `@graphql-tools/*` (optional peers, with graphql), on first use.
export { createSchemaExecutor } from './graphql/executor/executor'
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
} from './graphql/executor/types'
export type { StatusPolicy } from './graphql/executor/status-policy'
export type { BodyCheckMode } from './graphql/executor/body-check'
export type { BodyProblem, BodyProblemKind } from './graphql/executor/types'
export { BodyMismatchError } from './graphql/executor/checked-handler'
