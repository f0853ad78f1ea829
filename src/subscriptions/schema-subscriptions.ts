import type { SubscriptionServing } from '../graphql/executor/executor'
import type { GraphQLResponseBody, GraphQLResponseError } from '../graphql/types'
import type { RequestHandlerOptions } from '../runtime/request-handler'
import { GraphQLSubscriptionHandler } from './subscription-handler'
import type { GraphQLSubscriptionResolver } from './types'

/**
 * The subscription side of a schema executor's handler (`executor.handler(url)` carries it):
 * a subscription handler that takes every subscription at the endpoint and runs it against the
 * schema. It only speaks the subscription handle's language (`error`, `from`), so
 * it serves every transport the subscription handlers serve.
 */
export const schemaSubscriptions: SubscriptionServing = (endpoint, start, options?: RequestHandlerOptions) => {
  const resolver: GraphQLSubscriptionResolver<object | null, object> = async (info) => {
    const { query, variables, operationName, request, requestId, subscription } = info
    const outcome = await start({ query, variables, operationName, request, requestId })
    if (outcome.kind === 'rejected') {
      return subscription.error(outcome.errors.map((error) => error.toJSON() as GraphQLResponseError))
    }
    // from() closes the results when the subscription ends (the client left), which ends the schema's event source.
    subscription.from(outcome.results as AsyncIterable<GraphQLResponseBody<object | null>>)
  }
  const handler = new GraphQLSubscriptionHandler<object | null, object>(() => true, endpoint, resolver, options)
  Object.assign(handler.info, {
    header: `schema subscriptions (origin: ${endpoint === undefined ? '*' : String(endpoint)})`,
  })
  return handler
}
