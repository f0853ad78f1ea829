import type { DocumentNode, GraphQLError, OperationDefinitionNode } from 'graphql'
import type { Peers } from './load-peers'
import { schemaMessages } from './messages'
import type { SchemaRequestInfo } from './types'
import type { RequestErrorKind } from './status-policy'
import type { ValidatedDocuments } from './validated-documents'

/** A request checked up to execution: its parsed, validated document and selected operation, or its request errors. */
export type PreparedOperation =
  | {
      readonly kind: 'ready'
      readonly document: DocumentNode
      readonly operation: OperationDefinitionNode
      readonly operationName: string | undefined
      readonly variables: Record<string, unknown>
    }
  | { readonly kind: 'request-error'; readonly errorKind: RequestErrorKind; readonly errors: readonly GraphQLError[] }

/**
 * Checks one GraphQL request the way a server does before executing it: a query text, variables
 * that are an object, a document that parses and validates (each text once, in `cache`), and one
 * operation to run. Queries, mutations and subscriptions, over every transport, start here.
 */
export function prepareOperation(peers: Peers, cache: ValidatedDocuments, input: SchemaRequestInfo): PreparedOperation {
  const { GraphQLError, getOperationAST } = peers.graphql
  const requestError = (message: string, errorKind: RequestErrorKind): PreparedOperation => ({
    kind: 'request-error',
    errorKind,
    errors: [new GraphQLError(message)],
  })

  if (typeof input.query !== 'string')
    return requestError(schemaMessages.queryNotString(input.query), 'not-well-formed')
  const variables = (input.variables ?? {}) as Record<string, unknown>
  if (typeof variables !== 'object' || Array.isArray(variables)) {
    return requestError(schemaMessages.variablesNotObject(variables), 'not-well-formed')
  }

  const prepared = cache.prepare(input.query)
  if (prepared.kind === 'syntax-error') return { kind: 'request-error', errorKind: 'syntax', errors: prepared.errors }
  if (prepared.kind === 'invalid') return { kind: 'request-error', errorKind: 'validation', errors: prepared.errors }

  const operationName = input.operationName || undefined
  const operation = getOperationAST(prepared.document, operationName)
  if (operation === null || operation === undefined) {
    const operations = prepared.document.definitions.filter((definition) => definition.kind === 'OperationDefinition')
    const message =
      operationName !== undefined
        ? schemaMessages.unknownOperation(operationName)
        : operations.length > 1
          ? schemaMessages.ambiguousOperation()
          : schemaMessages.noOperation()
    return requestError(message, 'validation')
  }
  return { kind: 'ready', document: prepared.document, operation, operationName, variables }
}
