import {
  graphql as graphqlHandlers,
  type GraphQLLinkHandlers,
  type GraphQLNamespace,
  type TypedGraphQLLinkHandlers,
} from '../graphql/graphql'
import type { GraphQLOperationMap, OperationTypeCheck } from '../graphql/typed-operations'
import type { GraphQLPredicate, GraphQLQuery, GraphQLVariables } from '../graphql/types'
import { GraphQLSubscriptionHandler, type GraphQLSubscriptionLinkState } from './subscription-handler'
import type {
  GraphQLConnectionOptions,
  GraphQLSubscriptionHandle,
  GraphQLSubscriptionOptions,
  GraphQLSubscriptionResolver,
} from './types'

/**
 * Creates a subscription handler. `Data` and `Variables` come from a typed document or are
 * given explicitly; a query or mutation document is a type error (see OperationTypeCheck).
 */
export type GraphQLSubscriptionFactory = <
  Data extends object | null = GraphQLQuery,
  Variables extends object = GraphQLVariables,
>(
  predicate: GraphQLPredicate<Data, Variables> & NoInfer<OperationTypeCheck<'subscription', Data, Variables>>,
  resolver: GraphQLSubscriptionResolver<NoInfer<Data>, Variables>,
  options?: GraphQLSubscriptionOptions,
) => GraphQLSubscriptionHandler<Data, Variables>

export interface GraphQLSubscriptionHandlers {
  /** Serves subscriptions over graphql-transport-ws (WebSocket). */
  subscription: GraphQLSubscriptionFactory
}

/** A link's subscription side: its handlers' factory and the subscriptions they serve. */
export interface GraphQLLinkSubscriptions extends GraphQLSubscriptionHandlers {
  /**
   * The active subscriptions of every `subscription()` handler this link created, on every
   * connection; each handle says its `operationName` and `variables`.
   */
  readonly subscriptions: ReadonlySet<GraphQLSubscriptionHandle>
}

/** Options of `graphql.link(url, options)`: how its mocked graphql-transport-ws server treats connections. */
export type GraphQLLinkOptions = GraphQLConnectionOptions

/** `graphql` with `subscription()`, unscoped and on each link. */
export interface GraphQLWithSubscriptions extends Omit<GraphQLNamespace, 'link'>, GraphQLSubscriptionHandlers {
  /**
   * Scopes handlers to one GraphQL endpoint; `subscription()` handlers serve WebSocket
   * connections to the same URL (http(s) read as ws(s)).
   */
  link(endpoint: string | RegExp, options?: GraphQLLinkOptions): GraphQLLinkHandlers & GraphQLLinkSubscriptions
  /** A link typed by an operation map: `graphql.link<Operations>(url)`. */
  link<Operations extends GraphQLOperationMap>(
    endpoint: string | RegExp,
    options?: GraphQLLinkOptions,
  ): TypedGraphQLLinkHandlers<Operations> & GraphQLLinkSubscriptions
}

function subscriptionFactory(
  endpoint: string | RegExp | undefined,
  link?: GraphQLSubscriptionLinkState,
): GraphQLSubscriptionFactory {
  return (predicate, resolver, options) => new GraphQLSubscriptionHandler(predicate, endpoint, resolver, options, link)
}

/**
 * GraphQL handlers, subscriptions included: `graphql.subscription('OnPostAdded', ({ subscription }) => …)`.
 * (Subscriptions live beside src/graphql because they build on the WebSocket layer.)
 */
export const graphql: GraphQLWithSubscriptions = {
  ...graphqlHandlers,
  subscription: subscriptionFactory(undefined),
  link(endpoint: string | RegExp, options: GraphQLLinkOptions = {}): GraphQLLinkHandlers & GraphQLLinkSubscriptions {
    const link: GraphQLSubscriptionLinkState = { subscriptions: new Set(), options }
    return {
      ...graphqlHandlers.link(endpoint),
      subscription: subscriptionFactory(endpoint, link),
      subscriptions: link.subscriptions,
    }
  },
}

/**
 * MSW 3's `createGraphQLSubscriptionHandler(url)`: the `subscription()` factory of a link to
 * `url`, as `graphql.link(url).subscription` is.
 */
export function createGraphQLSubscriptionHandler(url: string | RegExp): GraphQLSubscriptionFactory {
  return subscriptionFactory(url, { subscriptions: new Set(), options: {} })
}
