import type {
  GraphQLExtensions,
  GraphQLQuery,
  GraphQLResponseBody,
  GraphQLResponseError,
  GraphQLVariables,
} from '../graphql/types'
import type { PathParams } from '../rest/path-pattern'
import type { RequestHandlerOptions } from '../runtime/request-handler'

/**
 * One live subscription, as its resolver sees it. It stays usable after the resolver returns,
 * so a test can keep publishing; once the subscription has ended (either side completed it, an
 * error ended it, or the socket closed) every call is a no-op and `active` is false.
 */
export interface GraphQLSubscriptionHandle<
  Data extends object | null = GraphQLQuery,
  Variables extends object = GraphQLVariables,
> {
  /** False once the subscription has ended. */
  readonly active: boolean
  /** The subscription's id, as the client chose it. */
  readonly subscriptionId: string
  /** The operation's name; `''` for an anonymous subscription. */
  readonly operationName: string
  /** The operation's variables; `{}` when none were sent. */
  readonly variables: Variables
  /** Sends one result to the client (a graphql-transport-ws `next` message). */
  publish(result: GraphQLResponseBody<Data>): void
  /** Ends the subscription with errors (an `error` message; no `complete` follows). */
  error(errors: readonly GraphQLResponseError[]): void
  /** Ends the subscription normally (a `complete` message). */
  complete(): void
  /**
   * Publishes every value of `source` (an async or a plain iterable), then completes; a throw from `source` ends it
   * with an
   * error. A value is the result's `data`, as in MSW 3.0 (a pub/sub's payloads), unless it is a whole result: an object
   * whose keys are among `data`, `errors` and `extensions`, with `data` or `errors`. When the subscription ends first
   * (the client unsubscribed), the source's `return()` is called at once, even
   * while it waits for its next result, so a pub/sub iterator lets go of its listener. The promise resolves once the
   * source is over (completed, errored or closed; it never rejects), so a resolver may `await` it, as in MSW 3.
   */
  from(
    source:
      | AsyncIterable<Data>
      | Iterable<Data>
      | AsyncIterable<GraphQLResponseBody<Data>>
      | Iterable<GraphQLResponseBody<Data>>,
  ): Promise<void>
  /**
   * Serves this subscription from the real server instead: mocklib opens the real connection
   * (once per socket, with the client's `connection_init` payload), subscribes there with the
   * same id and document, and relays its `next`, `error` and `complete` messages. The returned
   * object tells what the real server sends: a listener may keep a message from the client
   * (`event.preventDefault()`) and publish a patched result instead. Over transports other
   * than graphql-transport-ws the subscription ends with an error and the object never emits.
   */
  passthrough(): GraphQLPassthroughSubscription<Data>
  /** The subscription's id (MSW 3.0's name for `subscriptionId`). */
  readonly id: string
  /** The document text the client sent. */
  readonly query: string
}

/**
 * What the real server sends for a passed-through subscription, by event type: the
 * graphql-transport-ws message itself, as MSW 3.0's `event.data` is (`event.data.payload` is the result).
 */
export interface GraphQLPassthroughEventMap<Data extends object | null = GraphQLQuery> {
  /** The real connection was acknowledged; the client was acknowledged by mocklib already. */
  connection_ack: { type: 'connection_ack'; payload?: Record<string, unknown> }
  /** One result; relayed to the client unless a listener prevents it. */
  next: { type: 'next'; id: string; payload: GraphQLResponseBody<Data> }
  /**
   * The real subscription failed (or its connection was lost); unless prevented, the client's subscription ends with
   * these errors.
   */
  error: { type: 'error'; id: string; payload: readonly GraphQLResponseError[] }
  /** The real subscription completed; unless prevented, so does the client's. */
  complete: { type: 'complete'; id: string }
}

/** One message of the real server, as a passed-through subscription's listeners see it. */
export interface GraphQLPassthroughEvent<Type extends string = string, Payload = unknown> {
  readonly type: Type
  readonly data: Payload
  /** True once a listener called `preventDefault()`. */
  readonly defaultPrevented: boolean
  /**
   * Keeps this message from the client (`next`, `error`, `complete`); the client's subscription
   * stays open for the handler to publish to or complete. No effect on `connection_ack`.
   */
  preventDefault(): void
}

export type GraphQLPassthroughListener<
  Data extends object | null,
  Type extends keyof GraphQLPassthroughEventMap<Data>,
> = (event: GraphQLPassthroughEvent<Type, GraphQLPassthroughEventMap<Data>[Type]>) => void

/** `subscription.passthrough()`'s answer: the real subscription, to observe and patch. */
export interface GraphQLPassthroughSubscription<Data extends object | null = GraphQLQuery> {
  addEventListener<Type extends keyof GraphQLPassthroughEventMap<Data>>(
    type: Type,
    listener: GraphQLPassthroughListener<Data, Type>,
  ): void
  removeEventListener<Type extends keyof GraphQLPassthroughEventMap<Data>>(
    type: Type,
    listener: GraphQLPassthroughListener<Data, Type>,
  ): void
  /**
   * Stops the real subscription (mocklib sends `complete` to the real server) and relays
   * nothing more; the client's subscription stays open for the handler.
   */
  unsubscribe(): void
}

/** What `onConnect` receives beside the `connection_init` payload. */
export interface GraphQLConnectInfo {
  /** The WebSocket handshake as a Request (URL and `sec-websocket-protocol`). */
  request: Request
  /** The connection's id. */
  requestId: string
}

/**
 * Decides on a `connection_init`: `false` refuses the connection (close 4403 Forbidden), an
 * object accepts it and becomes the `connection_ack` payload, anything else accepts it. A throw
 * closes the connection with 4500 and is reported.
 */
export type GraphQLConnectHook = (
  payload: Record<string, unknown>,
  info: GraphQLConnectInfo,
) => boolean | Record<string, unknown> | void | Promise<boolean | Record<string, unknown> | void>

/** How a mocked graphql-transport-ws server treats connections (a link's or a handler's options). */
export interface GraphQLConnectionOptions {
  /** Runs on `connection_init`; without it every connection is acknowledged. */
  onConnect?: GraphQLConnectHook
  /**
   * Milliseconds a client has to send `connection_init` before the connection closes with 4408
   * (graphql-ws's `connectionInitWaitTimeout`). Default 3000; `Infinity` waits forever.
   */
  connectionInitWaitTimeout?: number
}

/**
 * Options of `graphql.subscription()`: `once` as for every handler, and the connection options
 * (the first handler on a connection, in list order, that sets one decides it).
 */
export interface GraphQLSubscriptionOptions extends RequestHandlerOptions, GraphQLConnectionOptions {}

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
  /** The `connection_init` payload of the socket (`{}` when none was sent). */
  connectionParams: Record<string, unknown>
  /** The path parameters of the link's URL in the socket's URL (`{}` over HTTP transports). */
  params: PathParams
  subscription: GraphQLSubscriptionHandle<Data, Variables>
  /**
   * Registers cleanup to run when the subscription ends, whichever side ends it (last
   * registered runs first).
   */
  finalize(callback: () => void): void
}

/**
 * What the history notes of a subscription (`handler.calls`): its operation, and over a WebSocket
 * which subscription of which connection it was.
 */
export type GraphQLSubscriptionCallArgs<Variables extends object = GraphQLVariables> = Pick<
  GraphQLSubscriptionResolverInfo<GraphQLQuery, Variables>,
  'query' | 'variables' | 'operationName' | 'extensions'
> &
  Partial<
    Pick<GraphQLSubscriptionResolverInfo<GraphQLQuery, Variables>, 'subscriptionId' | 'connectionParams' | 'params'>
  >

/**
 * A subscription handler's resolver. What it returns is not used; returning
 * `subscription.passthrough()`'s answer is allowed, so `({ subscription }) => subscription.passthrough()` type-checks.
 */
export type GraphQLSubscriptionResolver<
  Data extends object | null = GraphQLQuery,
  Variables extends object = GraphQLVariables,
> = (
  info: GraphQLSubscriptionResolverInfo<Data, Variables>,
) => void | Promise<void> | GraphQLPassthroughSubscription<Data>
