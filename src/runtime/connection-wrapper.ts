import type { DroppableClient } from './fault'
import type { RequestHandler, ResolverInfoBase, ResponseResolver } from './request-handler'

/** The client of a connection a handler takes (a WebSocket handler's `client`), as a wrapper sees it. */
export interface ConnectionClient extends DroppableClient {
  readonly url: URL
  /** The application's socket: the same for every handler that takes the connection. */
  readonly socket: object
}

/** What a wrapper does when the handler takes a connection: `connect()` runs the handler on it. */
export type ConnectionHook = (client: ConnectionClient, connect: () => void) => void

/**
 * Wraps a handler that takes connections (a WebSocket handler, a GraphQL subscription handler):
 * `resolver` answers the HTTP requests it takes, `hook` runs around each connection it takes.
 */
type WrapConnections = (resolver: ResponseResolver<ResolverInfoBase>, hook: ConnectionHook) => RequestHandler

/** On the global registry: a handler made by the other build offers the same method. */
const WRAP_CONNECTIONS = Symbol.for('mocklib.wrapConnections')

/** A handler that takes connections: how to wrap it, and whether it answers HTTP requests too. */
export interface ConnectionWrapper {
  wrap: WrapConnections
  servesHttp: boolean
}

/**
 * How to wrap `handler`'s connections, when it takes connections: the pipeline knows no
 * handler kind, so a kind that takes connections offers this (ws/delegating-websocket-handler.ts).
 */
export function connectionWrapper(handler: RequestHandler): ConnectionWrapper | undefined {
  const wrap = (handler as { [WRAP_CONNECTIONS]?: WrapConnections })[WRAP_CONNECTIONS]
  if (typeof wrap !== 'function') return undefined
  return { wrap: wrap.bind(handler), servesHttp: (handler as { servesHttp?: unknown }).servesHttp === true }
}

/** Gives the handlers of a class (its `prototype`) the way to wrap their connections. */
export function offerConnectionWrapper(prototype: object, wrap: WrapConnections): void {
  Object.defineProperty(prototype, WRAP_CONNECTIONS, { value: wrap })
}
