import type { PathParams } from '../rest/path-pattern'
import { format } from '../runtime/messages'
import type { WhenHandlerRemoved } from '../runtime/outlives-request'
import { LiveSubscription, type SubscribedOperation, type SubscriptionSink } from './subscription-handle'
import type { GraphQLSubscriptionResolver } from './types'

/** What a client asked to subscribe to, as handlers match it (every transport builds one). */
export interface SubscribeOperation extends SubscribedOperation {
  /** The WebSocket handshake, or the HTTP request that carried the operation. */
  request: Request
}

/** A subscription handler, as transports use it (see subscription-handler.ts). */
export interface SessionHandler {
  readonly info: { readonly header: string }
  matches(operation: SubscribeOperation): Promise<boolean>
  readonly subscriptionResolver: GraphQLSubscriptionResolver<object | null, object>
  /** Lists a subscription it took (its `subscriptions`, its link's) until it ends. */
  track(live: LiveSubscription): void
}

/** Which subscription of which connection or request is starting. */
export interface SubscriptionIds {
  /** The connection's (or HTTP request's) id. */
  requestId: string
  /** The subscription's id on that transport. */
  subscriptionId: string
  /** The connection's `connection_init` payload (WebSocket transports); `{}` elsewhere. */
  connectionParams?: Record<string, unknown>
  /** The handler's URL params in the socket's URL (WebSocket transports); `{}` elsewhere. */
  params?: PathParams
}

/**
 * Starts one subscription on any transport: the handler's resolver gets a live handle that
 * writes to `sink`. A resolver that throws ends the subscription with an error naming the
 * handler (the transport reports it its own way). With `whenRemoved` (the scope's registration),
 * the subscription completes when its handler leaves that scope's list.
 */
export function startSubscription(
  handler: SessionHandler,
  operation: SubscribeOperation,
  ids: SubscriptionIds,
  sink: SubscriptionSink,
  whenRemoved?: WhenHandlerRemoved,
): LiveSubscription {
  const live = new LiveSubscription(ids.subscriptionId, operation, sink)
  handler.track(live)
  // resetHandlers() without the handler: what it still serves completes.
  if (whenRemoved !== undefined) live.onStop(whenRemoved(() => live.complete()))
  const run = async () =>
    handler.subscriptionResolver({
      ...operation,
      requestId: ids.requestId,
      subscriptionId: ids.subscriptionId,
      connectionParams: ids.connectionParams ?? {},
      params: ids.params ?? {},
      subscription: live,
      finalize: (callback) => live.finalize(callback),
    })
  run().catch((error: unknown) => {
    console.error(
      format(
        `The resolver of "${handler.info.header}" threw for subscription ${ids.subscriptionId}; the subscription ended with an error.`,
      ),
      error,
    )
    live.error([{ message: error instanceof Error ? error.message : String(error) }])
  })
  return live
}
