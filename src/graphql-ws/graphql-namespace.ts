import {
  graphql as graphqlHandlers,
  type GraphQLLinkHandlers,
  type GraphQLNamespace,
  type TypedGraphQLLinkHandlers,
} from '../graphql/graphql'
import type { GraphQLOperationMap, OperationTypeCheck } from '../graphql/typed-operations'
import type { GraphQLPredicate, GraphQLQuery, GraphQLVariables } from '../graphql/types'
import type { RequestHandlerOptions } from '../runtime/request-handler'
import { GraphQLSubscriptionHandler } from './subscription-handler'
import type { GraphQLSubscriptionResolver } from './types'

/**
 * Creates a subscription handler. `Data` and `Variables` come from a typed document or are
 * given explicitly; a query or mutation document is a type error (see OperationTypeCheck).
 */
export type GraphQLSubscriptionFactory = <Data extends object | null = GraphQLQuery, Variables extends object = GraphQLVariables>(
  predicate: GraphQLPredicate<Data, Variables> & NoInfer<OperationTypeCheck<'subscription', Data, Variables>>,
  resolver: GraphQLSubscriptionResolver<NoInfer<Data>, NoInfer<Variables>>,
  options?: RequestHandlerOptions,
) => GraphQLSubscriptionHandler<Data, Variables>

export interface GraphQLSubscriptionHandlers {
  /** Serves subscriptions over graphql-transport-ws (WebSocket). */
  subscription: GraphQLSubscriptionFactory
}

/** `graphql` with `subscription()`, unscoped and on each link. */
export interface GraphQLWithSubscriptions extends Omit<GraphQLNamespace, 'link'>, GraphQLSubscriptionHandlers {
  /**
   * Scopes handlers to one GraphQL endpoint; `subscription()` handlers serve WebSocket
   * connections to the same URL (http(s) read as ws(s)).
   */
  link(endpoint: string | RegExp): GraphQLLinkHandlers & GraphQLSubscriptionHandlers
  /** A link typed by an operation map: `graphql.link<Operations>(url)`. */
  link<Operations extends GraphQLOperationMap>(endpoint: string | RegExp): TypedGraphQLLinkHandlers<Operations> & GraphQLSubscriptionHandlers
}

function subscriptionFactory(endpoint: string | RegExp | undefined): GraphQLSubscriptionFactory {
  return (predicate, resolver, options) => new GraphQLSubscriptionHandler(predicate, endpoint, resolver, options)
}

/**
 * GraphQL handlers, subscriptions included: `graphql.subscription('OnPostAdded', ({ subscription }) => …)`.
 * (Subscriptions live beside src/graphql because they build on the WebSocket layer.)
 */
export const graphql: GraphQLWithSubscriptions = {
  ...graphqlHandlers,
  subscription: subscriptionFactory(undefined),
  link(endpoint: string | RegExp): GraphQLLinkHandlers & GraphQLSubscriptionHandlers {
    return { ...graphqlHandlers.link(endpoint), subscription: subscriptionFactory(endpoint) }
  },
}
