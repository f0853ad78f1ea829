import { readGraphQLRequest } from '../graphql/graphql-request'
import type { GraphQLOperationType } from '../graphql/types'
import type { RequestContext } from '../runtime/request-context'
import type { SessionHandler, SubscribeOperation } from './start-subscription'

/**
 * The operation a GraphQL-over-HTTP request carries (GET parameters or a POST body, read once
 * per request for every handler) and its type; undefined when it carries none that can run.
 */
export async function readHttpOperation(
  ctx: RequestContext,
): Promise<{ operation: SubscribeOperation; type: GraphQLOperationType } | undefined> {
  const parsed = await readGraphQLRequest(ctx)
  if (parsed.kind !== 'operation') return undefined
  const { operation } = parsed
  if (operation.operationType === undefined || operation.problem !== undefined) return undefined
  return {
    type: operation.operationType,
    operation: {
      query: operation.query,
      operationName: operation.operationName ?? '',
      variables: operation.variables as Record<string, unknown>,
      extensions: operation.extensions ?? {},
      request: ctx.requestCopy(),
    },
  }
}

/** The subscription a GraphQL-over-HTTP request carries, when `handler` takes it; otherwise undefined. */
export async function readHttpSubscription(
  handler: SessionHandler,
  ctx: RequestContext,
): Promise<SubscribeOperation | undefined> {
  const read = await readHttpOperation(ctx)
  if (read === undefined || read.type !== 'subscription') return undefined
  return (await handler.matches(read.operation)) ? read.operation : undefined
}
