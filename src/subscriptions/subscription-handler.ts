import { compilePredicate, type CompiledPredicate } from '../graphql/compile-predicate'
import { compileEndpoint, type CompiledEndpoint } from '../graphql/endpoint'
import { headerOf } from '../graphql/handler-header'
import type {
  GraphQLCustomPredicate,
  GraphQLPredicate,
  GraphQLQuery,
  GraphQLResponseBody,
  GraphQLVariables,
} from '../graphql/types'
import type { PathParams } from '../rest/path-pattern'
import { currentScopes, seenFrom } from '../runtime/current-scope'
import { MocklibTypeError } from '../runtime/errors'
import { format } from '../runtime/messages'
import type { HandlerRunState } from '../runtime/handler-state'
import type { RequestContext } from '../runtime/request-context'
import type { IndexHint, MaybePromise } from '../runtime/request-handler'
import {
  WebSocketHandler,
  type ConnectionPipeline,
  type WebSocketResolverInfo,
  type WhenRemoved,
} from '../ws/websocket-handler'
import { matchHttpSubscription, serveHttpSubscription } from './http-subscription'
import type { SubscribeOperation } from './start-subscription'
import type { LiveSubscription } from './subscription-handle'
import { protocolOf, sessionFor, SOCKET_PROTOCOL_NAMES } from './transport-session'
import type {
  GraphQLConnectionOptions,
  GraphQLSubscriptionCallArgs,
  GraphQLSubscriptionHandle,
  GraphQLSubscriptionOptions,
  GraphQLSubscriptionResolver,
} from './types'

/**
 * What a link shares with the subscription handlers it creates: the set behind `link.subscriptions`
 * and the link's connection options (the handler constructor's last argument).
 */
export interface GraphQLSubscriptionLinkState {
  /** The active subscriptions of all the link's handlers (`link.subscriptions`). */
  readonly subscriptions: Set<GraphQLSubscriptionHandle>
  readonly options: GraphQLConnectionOptions
}

/**
 * Serves one subscription (by name, RegExp, document or custom predicate) at the link's URL or,
 * without a link, at any URL, over every transport: graphql-transport-ws to WebSocket
 * connections that ask for that subprotocol (all subscription handlers that take one connection
 * share one protocol session, see transport-session.ts, which picks the first that matches each
 * `subscribe`), and over HTTP to requests that ask for GraphQL over SSE or Apollo's multipart
 * subscriptions (see http-subscription.ts; there the request pipeline's list order picks).
 */
export class GraphQLSubscriptionHandler<
  Data extends object | null = GraphQLQuery,
  Variables extends object = GraphQLVariables,
> extends WebSocketHandler<PathParams, GraphQLSubscriptionCallArgs<Variables>> {
  readonly #predicate: CompiledPredicate
  readonly #resolver: GraphQLSubscriptionResolver<Data, Variables>
  readonly #live = new Set<GraphQLSubscriptionHandle<Data, Variables>>()
  /** The scopes current when each subscription started (what `subscriptions` filters on). */
  readonly #scopes = new WeakMap<GraphQLSubscriptionHandle<Data, Variables>, readonly object[]>()
  readonly #link: GraphQLSubscriptionLinkState | undefined
  /** The name this handler matches, when it matches one name. */
  readonly operationName: string | undefined
  /** @internal How this handler treats connections it is the first to take (its options over its link's). */
  readonly connectionOptions: GraphQLConnectionOptions
  readonly #endpoint: CompiledEndpoint | undefined
  /** @internal It serves GraphQL over SSE and multipart too, without a global WebSocket. */
  override readonly servesHttp: boolean = true
  /** @internal Its calls are its subscriptions (subscription-history.ts), not the connections they run on. */
  override readonly callsAreConnections: boolean = false

  constructor(
    predicate: GraphQLPredicate<Data, Variables>,
    endpoint: string | RegExp | undefined,
    resolver: GraphQLSubscriptionResolver<Data, Variables>,
    options?: GraphQLSubscriptionOptions,
    link?: GraphQLSubscriptionLinkState,
  ) {
    const api = endpoint === undefined ? 'graphql.subscription()' : 'graphql.link(...).subscription()'
    if (typeof resolver !== 'function') {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        format(`${api} needs a resolver function as its second argument.`),
      )
    }
    const compiled = compilePredicate(api, 'subscription', predicate)
    if (compiled.kind === 'hash') {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        format(
          `${api} received a hash-only persisted document; subscriptions are matched by name, RegExp, full document or predicate.`,
        ),
      )
    }
    const { onConnect, connectionInitWaitTimeout, ...handlerOptions } = options ?? {}
    // The stored resolver is what the request pipeline runs for an HTTP request match() took;
    // WebSocket connections go through connect() instead.
    super(endpoint ?? /^/, (info) => serveHttpSubscription(info as WebSocketResolverInfo), handlerOptions)
    this.#endpoint = endpoint === undefined ? undefined : compileEndpoint(endpoint)
    this.#predicate = compiled
    this.#resolver = resolver
    this.#link = link
    this.connectionOptions = {
      onConnect: onConnect ?? link?.options.onConnect,
      connectionInitWaitTimeout: connectionInitWaitTimeout ?? link?.options.connectionInitWaitTimeout,
    }
    this.operationName = compiled.kind === 'name' ? compiled.name : undefined
    Object.assign(this.info, { header: headerOf('subscription', compiled, this.#endpoint) })
  }

  /**
   * @internal Takes a connection only when it asks for graphql-transport-ws or the legacy graphql-ws (and the URL
   * matches).
   */
  protected override connectionParams(
    url: URL,
    protocols: string | string[] | undefined,
    baseUrl: string | undefined,
  ): PathParams | undefined {
    if (protocolOf(protocols) === undefined) return undefined
    return super.connectionParams(url, protocols, baseUrl)
  }

  /** @internal What a connection must ask for (near misses say so). */
  protected override subprotocols(): readonly string[] {
    return SOCKET_PROTOCOL_NAMES
  }

  /**
   * The subscriptions this handler serves that are still active, on every connection, as the
   * calling code sees them: inside `server.boundary()`, those that started in that boundary, so
   * one handler shared by parallel tests publishes to each test's own (runtime/current-scope.ts).
   */
  get subscriptions(): ReadonlySet<GraphQLSubscriptionHandle<Data, Variables>> {
    const now = currentScopes()
    const seen = new Set<GraphQLSubscriptionHandle<Data, Variables>>()
    for (const handle of this.#live) if (seenFrom(this.#scopes.get(handle) ?? [], now)) seen.add(handle)
    return seen
  }

  /** Sends one result to every active subscription this handler serves that the caller sees (see `subscriptions`). */
  publish(result: GraphQLResponseBody<Data>): void {
    for (const subscription of this.subscriptions) subscription.publish(result)
  }

  /** HTTP requests: GraphQL over SSE (both modes) and Apollo multipart subscriptions. */
  override match(ctx: RequestContext): MaybePromise<WebSocketResolverInfo | null> {
    // The pipeline hands the argument back to serveHttpSubscription, the stored resolver.
    return matchHttpSubscription(this, this.#endpoint, ctx) as MaybePromise<WebSocketResolverInfo | null>
  }

  /** Considered for every HTTP request: match() looks at the Accept header first. */
  override indexHint(): IndexHint | undefined {
    return undefined
  }

  /** @internal `once` is spent by serving a subscription (as in MSW 3.0), not by taking a connection. */
  override get onceSpentOnConnect(): boolean {
    return false
  }

  /** @internal Joins the connection's protocol session (the first handler to take it starts one). */
  override connect(
    info: WebSocketResolverInfo,
    closed: Promise<void>,
    pipeline?: ConnectionPipeline,
    whenRemoved?: WhenRemoved,
    state?: HandlerRunState,
  ): void {
    sessionFor(info, closed, pipeline).add(this, whenRemoved, info.params, state)
  }

  /** @internal A subscription this handler took: listed until it ends. */
  track(live: LiveSubscription): void {
    const handle = live as unknown as GraphQLSubscriptionHandle<Data, Variables>
    this.#live.add(handle)
    this.#scopes.set(handle, currentScopes())
    // The link's set holds every handler's subscriptions, whatever their result type.
    const listed = live as unknown as GraphQLSubscriptionHandle
    this.#link?.subscriptions.add(listed)
    live.onStop(() => {
      this.#live.delete(handle)
      this.#link?.subscriptions.delete(listed)
    })
  }

  /** @internal Whether this handler takes the operation. */
  async matches(operation: SubscribeOperation): Promise<boolean> {
    const predicate = this.#predicate
    if (predicate.kind === 'name') return predicate.name === operation.operationName
    if (predicate.kind === 'regexp')
      return operation.operationName !== '' && predicate.regexp.test(operation.operationName)
    if (predicate.kind !== 'custom') return predicate.kind === 'all'
    const result = await (predicate.predicate as GraphQLCustomPredicate)({
      request: operation.request,
      query: operation.query,
      operationType: 'subscription',
      operationName: operation.operationName,
      variables: operation.variables,
      extensions: operation.extensions,
      cookies: {},
    })
    return typeof result === 'object' && result !== null ? result.matches : result === true
  }

  /** @internal The resolver, untyped for the session. */
  get subscriptionResolver(): GraphQLSubscriptionResolver<object | null, object> {
    return this.#resolver as unknown as GraphQLSubscriptionResolver<object | null, object>
  }
}
