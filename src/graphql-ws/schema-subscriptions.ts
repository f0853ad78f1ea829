import type { SubscriptionServing } from '../graphql/executor/executor'
import type { GraphQLResponseBody, GraphQLResponseError } from '../graphql/types'
import type { RequestHandlerOptions } from '../runtime/request-handler'
import { GraphQLSubscriptionHandler } from './subscription-handler'
import type { GraphQLSubscriptionResolver } from './types'

/**
 * The subscription side of a schema executor's handler (`executor.handler(url)` carries it):
 * a subscription handler that takes every subscription at the endpoint and runs it against the
 * schema. It only speaks the subscription handle's language (`error`, `from`, `finalize`), so
 * it serves every transport the subscription handlers serve.
 */
export const schemaSubscriptions: SubscriptionServing = (endpoint, start, options?: RequestHandlerOptions) => {
  const resolver: GraphQLSubscriptionResolver<object | null, object> = async (info) => {
    const { query, variables, operationName, request, requestId, subscription, finalize } = info
    const outcome = await start({ query, variables, operationName, request, requestId })
    if (outcome.kind === 'rejected') {
      return subscription.error(outcome.errors.map((error) => error.toJSON() as GraphQLResponseError))
    }
    const { results } = outcome
    // The client left or the subscription ended: stop reading, which ends the schema's event source.
    finalize(() => void results.return?.())
    subscription.from(results as AsyncIterable<GraphQLResponseBody<object | null>>)
  }
  const handler = new GraphQLSubscriptionHandler<object | null, object>(() => true, endpoint, resolver, options)
  Object.assign(handler.info, { header: `schema subscriptions${endpoint === undefined ? '' : ` at ${String(endpoint)}`}` })
  return handler
}
