import { checkClientMessage, parseFrame, type ClientMessage } from './client-message'
import type { SocketProtocol } from './socket-protocol'

/**
 * The legacy `subscriptions-transport-ws` protocol (subprotocol `graphql-ws`; Apollo's old
 * `WebSocketLink`, `SubscriptionClient`): `start`/`stop` for `subscribe`/`complete`, `data` for
 * `next`, `connection_terminate` to close, `connection_error` on refusal. No ping/pong; mocklib
 * sends no `ka` keep-alive (the client checks keep-alives only once it has seen one).
 */
export const legacyProtocol: SocketProtocol = {
  name: 'graphql-ws',
  read: readLegacyMessage,
  ack: (payload) => (payload === undefined ? { type: 'connection_ack' } : { type: 'connection_ack', payload }),
  next: (id, payload) => ({ id, type: 'data', payload }),
  error: (id, payload) => ({ id, type: 'error', payload }),
  complete: (id) => ({ id, type: 'complete' }),
  refused: () => ({ type: 'connection_error', payload: { message: 'Forbidden: onConnect refused the connection' } }),
  subscribeWaitsForAck: true,
}

/** Legacy names read as their graphql-transport-ws equivalents; the rest is checked the same way. */
const RENAMED: Record<string, string> = { start: 'subscribe', stop: 'complete' }

function readLegacyMessage(data: unknown): ClientMessage | string {
  const value = parseFrame(data, 'subscriptions-transport-ws')
  if (typeof value === 'string') return value
  const { type } = value
  if (type === 'connection_terminate') return { type: 'terminate' }
  if (type === 'ping' || type === 'pong' || type === 'subscribe' || type === 'next') {
    return `Invalid message received: "${type}" is a graphql-transport-ws message, and this connection asked for the legacy "graphql-ws" subprotocol`
  }
  return checkClientMessage({ ...value, type: RENAMED[type] ?? type })
}
