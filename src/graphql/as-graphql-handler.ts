import { innermost } from '../runtime/delegating-handler'
import { isRequestHandler } from '../runtime/request-handler'
import type { GraphQLHandler } from './graphql-handler'

/**
 * The GraphQL handler a handler is or stands for (through delegating wrappers), found by its
 * `kind`, so handlers from the other build of mocklib count too; undefined for other kinds.
 */
export function asGraphQLHandler(handler: unknown): GraphQLHandler | undefined {
  if (!isRequestHandler(handler)) return undefined
  const inner = innermost(handler)
  return inner.kind === 'graphql' ? (inner as GraphQLHandler) : undefined
}
