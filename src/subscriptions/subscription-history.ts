import { RequestNotes, type CallHistory } from '../runtime/call-history'
import type { HandlerShape } from '../runtime/handler-shape'
import type { SubscribeOperation, SubscriptionIds } from './start-subscription'

/**
 * A subscription over a WebSocket in its scope's history: an entry of its own (the connection's
 * handshake as its request), the call of the handler that took it, with the operation, and as
 * frames the client's `subscribe` message, then each message sent for it. A subscription no
 * handler took is an entry with the reason 'unhandled'. Added as it starts: its frames grow.
 */
export function noteSubscription(
  history: CallHistory,
  operation: SubscribeOperation,
  ids: SubscriptionIds,
  handler: HandlerShape | undefined,
  subscribe: string,
): RequestNotes {
  const notes = new RequestNotes(operation.request, `${ids.requestId}:${ids.subscriptionId}`)
  notes.frame('in', subscribe)
  if (handler === undefined) notes.reason = 'unhandled'
  else {
    const { query, operationName, variables, extensions } = operation
    const data = {
      query,
      operationName,
      variables,
      extensions,
      subscriptionId: ids.subscriptionId,
      connectionParams: ids.connectionParams ?? {},
      params: ids.params ?? {},
    }
    notes.call(handler, data, data, operation.request, undefined, false, Date.now())
    notes.handler = handler
  }
  history.add(notes)
  return notes
}
