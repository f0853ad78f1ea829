import type { GraphQLExtensions, GraphQLQuery, GraphQLResponseBody, GraphQLResponseError, GraphQLVariables } from '../graphql/types'

/**
 * One live subscription, as its resolver sees it. It stays usable after the resolver returns,
 * so a test can keep publishing; once the subscription has ended (either side completed it, an
 * error ended it, or the socket closed) every call is a no-op and `active` is false.
 */
export interface GraphQLSubscriptionHandle<Data extends object | null = GraphQLQuery> {
  /** False once the subscription has ended. */
  readonly active: boolean
  /** Sends one result to the client (a graphql-transport-ws `next` message). */
  publish(result: GraphQLResponseBody<Data>): void
  /** Ends the subscription with errors (an `error` message; no `complete` follows). */
  error(errors: readonly GraphQLResponseError[]): void
  /** Ends the subscription normally (a `complete` message). */
  complete(): void
  /**
   * Publishes every result of `source` (an async or a plain iterable), then completes; a throw from `source` ends it with an
   * error. Iteration stops when the subscription ends first.
   */
  from(source: AsyncIterable<GraphQLResponseBody<Data>> | Iterable<GraphQLResponseBody<Data>>): void
}

/** What a subscription resolver receives. */
export interface GraphQLSubscriptionResolverInfo<
  Data extends object | null = GraphQLQuery,
  Variables extends object = GraphQLVariables,
> {
  /** The document text the client sent. */
  query: string
  /** The operation's variables; `{}` when none were sent. */
  variables: Variables
  /** The operation's name; `''` for an anonymous subscription. */
  operationName: string
  /** The `subscribe` message's `extensions`; `{}` when none were sent. */
  extensions: GraphQLExtensions
  /** The WebSocket handshake as a Request (URL and `sec-websocket-protocol`). */
  request: Request
  /** The connection's id (the same for every subscription on one socket). */
  requestId: string
  /** The subscription's id, as the client chose it. */
  subscriptionId: string
  subscription: GraphQLSubscriptionHandle<Data>
  /**
   * Registers cleanup to run when the subscription ends, whichever side ends it (last
   * registered runs first).
   */
  finalize(callback: () => void): void
}

export type GraphQLSubscriptionResolver<
  Data extends object | null = GraphQLQuery,
  Variables extends object = GraphQLVariables,
> = (info: GraphQLSubscriptionResolverInfo<Data, Variables>) => void | Promise<void>
