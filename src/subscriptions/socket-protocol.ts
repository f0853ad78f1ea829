import type { GraphQLResponseBody, GraphQLResponseError } from '../graphql/types'
import { readClientMessage, type ClientMessage } from './client-message'

/**
 * How one GraphQL-over-WebSocket subprotocol reads client frames and writes server messages. The
 * session (transport-session.ts) runs the same connection, onConnect and subscription logic for
 * each; only the wire differs.
 */
export interface SocketProtocol {
  /** The subprotocol the client asks for. */
  readonly name: string
  /** A client frame, or why it is invalid (closes with 4400). */
  read(data: unknown): ClientMessage | string
  ack(payload: Record<string, unknown> | undefined): object
  next(id: string, payload: GraphQLResponseBody<object | null>): object
  error(id: string, errors: readonly GraphQLResponseError[]): object
  complete(id: string): object
  /** Sent before the 4403 close when onConnect refuses (the legacy protocol says why in a message). */
  refused?(): object
  /**
   * Whether a subscribe sent after `connection_init` but before the ack waits for the ack
   * (legacy clients send both at once) instead of closing with 4401.
   */
  readonly subscribeWaitsForAck: boolean
}

/** graphql-transport-ws: the `graphql-ws` library's protocol (its PROTOCOL.md). */
export const transportWsProtocol: SocketProtocol = {
  name: 'graphql-transport-ws',
  read: readClientMessage,
  ack: (payload) => (payload === undefined ? { type: 'connection_ack' } : { type: 'connection_ack', payload }),
  next: (id, payload) => ({ id, type: 'next', payload }),
  error: (id, payload) => ({ id, type: 'error', payload }),
  complete: (id) => ({ id, type: 'complete' }),
  subscribeWaitsForAck: false,
}
