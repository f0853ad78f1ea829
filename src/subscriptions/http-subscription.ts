import type { CompiledEndpoint } from '../graphql/endpoint'
import { MultipartMixedWriter } from '../graphql/multipart-mixed-writer'
import type { MaybePromise } from '../runtime/maybe-promise'
import { mediaRanges } from '../runtime/media-ranges'
import { outlivesRequest, whenRemovedOf, type WhenHandlerRemoved } from '../runtime/outlives-request'
import type { RequestContext } from '../runtime/request-context'
import type { ResolverInfoBase } from '../runtime/request-handler'
import { eventStreamResponse, EventStreamWriter } from '../sse/event-stream-writer'
import { acceptsEventStream } from '../sse/sse-handler'
import { EventStreamSink } from './event-stream-sink'
import { MultipartSink } from './multipart-sink'
import { readHttpSubscription } from './read-http-subscription'
import { matchSingleConnection, type ServeHttp } from './sse-single-connection'
import { startSubscription, type SessionHandler, type SubscribeOperation } from './start-subscription'
import { followRequest } from './stream-lifetime'
import type { SubscriptionSink } from './subscription-handle'

const kServe: unique symbol = Symbol('mocklib.serveSubscription')

/** What a subscription handler's match() gives the request pipeline for an HTTP request it takes. */
export interface HttpSubscriptionArgs extends ResolverInfoBase {
  readonly [kServe]: ServeHttp
}

/**
 * The HTTP side of a subscription handler: graphql-sse's single connection mode (see
 * sse-single-connection.ts), otherwise one subscription per request, as GraphQL over SSE
 * (distinct connections mode: `Accept: text/event-stream`) or as Apollo's multipart
 * subscriptions (`Accept: multipart/mixed;subscriptionSpec=1.0`). Requests for neither, and
 * operations the handler does not take, are not its own (null).
 */
export function matchHttpSubscription(
  handler: SessionHandler,
  endpoint: CompiledEndpoint | undefined,
  ctx: RequestContext,
): MaybePromise<HttpSubscriptionArgs | null> {
  const single = matchSingleConnection(handler, endpoint, ctx)
  if (single !== undefined)
    return single instanceof Promise ? single.then((serve) => argsFor(ctx, serve)) : argsFor(ctx, single)
  // Read once per request, however many subscription handlers look (most requests ask for neither).
  const transport = ctx.memo(transportOf, () => transportOf(ctx.head.headers.get('accept')))
  if (transport === undefined || (endpoint !== undefined && !endpoint.matches(ctx))) return null
  return readHttpSubscription(handler, ctx).then((operation) => {
    if (operation === undefined) return null
    const serve: ServeHttp = (whenRemoved) =>
      (transport === 'multipart' ? serveMultipart : serveEventStream)(handler, operation, ctx, whenRemoved)
    return argsFor(ctx, Object.assign(serve, { operation }))
  })
}

/** The resolver a subscription handler gives the pipeline: it serves what match() chose. */
export function serveHttpSubscription(args: ResolverInfoBase): Response {
  return (args as HttpSubscriptionArgs)[kServe](whenRemovedOf(args))
}

function argsFor(ctx: RequestContext, serve: ServeHttp | null): HttpSubscriptionArgs | null {
  if (serve === null) return null
  // A subscription's call in the history names its operation, as one over a WebSocket does.
  const operation = serve.operation
  const keys =
    operation === undefined
      ? { requestId: ctx.requestId }
      : {
          requestId: ctx.requestId,
          query: operation.query,
          operationName: operation.operationName,
          variables: operation.variables,
          extensions: operation.extensions,
        }
  // Its subscription (or stream) may outlive the request: the loop hands it the removal registration.
  return outlivesRequest(
    Object.defineProperty(ctx.withRequest<ResolverInfoBase>(keys), kServe, { value: serve }),
  ) as HttpSubscriptionArgs
}

/** Which per-request transport the Accept header asks for (multipart first: it names the spec). */
function transportOf(accept: string | null): 'multipart' | 'event-stream' | undefined {
  if (accept === null) return undefined
  const multipart = mediaRanges(accept).some(
    (range) => range.type === 'multipart/mixed' && range.quality > 0 && range.parameters.has('subscriptionspec'),
  )
  if (multipart) return 'multipart'
  return acceptsEventStream(accept) ? 'event-stream' : undefined
}

function serveEventStream(
  handler: SessionHandler,
  operation: SubscribeOperation,
  ctx: RequestContext,
  whenRemoved?: WhenHandlerRemoved,
): Response {
  const writer = new EventStreamWriter()
  writer.onWrite = ctx.streamFrames()
  const sink = new EventStreamSink(
    { send: (fields) => void writer.send(fields), completed: () => void writer.close(), ended: () => {} },
    false,
  )
  runOnStream({ handler, operation, ctx, whenRemoved }, sink, writer.signal, (reason) => writer.abandon(reason))
  return eventStreamResponse(writer)
}

function serveMultipart(
  handler: SessionHandler,
  operation: SubscribeOperation,
  ctx: RequestContext,
  whenRemoved?: WhenHandlerRemoved,
): Response {
  const writer = new MultipartMixedWriter()
  writer.onWrite = ctx.streamFrames()
  const sink = new MultipartSink(writer)
  sink.heartbeat()
  runOnStream({ handler, operation, ctx, whenRemoved }, sink, writer.signal, (reason) => writer.error(reason))
  const headers = { 'content-type': `${writer.contentType}; subscriptionSpec="1.0"`, 'cache-control': 'no-cache' }
  return new Response(writer.readable, { headers })
}

/**
 * One subscription on one response stream: it stops when the stream ends (`ended`, whoever
 * ended it), the client leaving breaks the stream off (`leave`), the server stopping completes it.
 */
function runOnStream(
  start: {
    handler: SessionHandler
    operation: SubscribeOperation
    ctx: RequestContext
    whenRemoved: WhenHandlerRemoved | undefined
  },
  sink: SubscriptionSink,
  ended: AbortSignal,
  leave: (reason: unknown) => void,
): void {
  const { handler, operation, ctx, whenRemoved } = start
  const live = startSubscription(
    handler,
    operation,
    { requestId: ctx.requestId, subscriptionId: ctx.requestId },
    sink,
    whenRemoved,
  )
  ended.addEventListener('abort', () => live.stop(), { once: true })
  followRequest(ctx, ended, { left: leave, stopped: () => live.complete() })
}
