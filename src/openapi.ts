// The `mocklib/openapi` entry: handlers answering an OpenAPI 3.0/3.1 document's operations with its
// examples or generated data (docs/openapi.md). Its packages (yaml, json-schema-faker) load only here.
export { fromOpenApi } from './openapi/from-openapi'
export { createTypedHttp } from './openapi/typed-http'
export type {
  OpenApiMethod,
  PathsWithMethod,
  ResponseBodyOf,
  TypedHttp,
  TypedQuery,
  TypedResolver,
  TypedResolverInfo,
} from './openapi/typed-http'
export type { ValidateRequests } from './openapi/request-refusal'
export type { RequestViolation, SchemaViolation } from './openapi/violations'
export type { ParameterLocation } from './openapi/parameters'
export type { FromOpenApiOptions, OpenApiCheckOptions, OpenApiHandlers } from './openapi/from-openapi'
export { BodyMismatchError } from './runtime/body-mismatch'
export type { AnswerContract, BodyCheckMode, BodyProblem, BodyProblemKind } from './runtime/body-mismatch'
export type { OpenApiInput } from './openapi/load-document'
export type { ResponseChoice } from './openapi/prefer'
export type { JsonObject, OpenApiDocument, PathItem } from './openapi/document'
