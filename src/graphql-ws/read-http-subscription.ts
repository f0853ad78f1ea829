import { readGraphQLRequest } from '../graphql/graphql-request'
import type { RequestContext } from '../runtime/request-context'
import type { SessionHandler, SubscribeOperation } from './start-subscription'

/**
 * The subscription a GraphQL-over-HTTP request carries (GET parameters or a POST body, read
 * once per request for every handler), when `handler` takes it; otherwise undefined.
 */
export async function readHttpSubscription(handler: SessionHandler, ctx: RequestContext): Promise<SubscribeOperation | undefined> {
  const parsed = await readGraphQLRequest(ctx)
  if (parsed.kind !== 'operation') return undefined
  const { operation } = parsed
  if (operation.operationType !== 'subscription' || operation.problem !== undefined) return undefined
  const subscribe: SubscribeOperation = {
    query: operation.query,
    operationName: operation.operationName ?? '',
    variables: operation.variables as Record<string, unknown>,
    extensions: operation.extensions ?? {},
    request: ctx.requestForResolver(),
  }
  return (await handler.matches(subscribe)) ? subscribe : undefined
}
