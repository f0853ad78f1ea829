import type { HttpPredicate, PathParams } from '../rest/http-handler'
import type { ServerSentEventMap } from './sse-client'
import { ServerSentEventHandler, type ServerSentEventHandlerOptions, type ServerSentEventResolver } from './sse-handler'

/** The `sse()` function's type: the event map first, then the path params. */
export type ServerSentEventRequestHandler = <
  EventMap extends ServerSentEventMap = { message: unknown },
  Params extends PathParams<keyof Params> = PathParams,
>(
  predicate: HttpPredicate<Params>,
  resolver: ServerSentEventResolver<EventMap, Params>,
  options?: ServerSentEventHandlerOptions,
) => ServerSentEventHandler<EventMap, Params>

/**
 * Mocks a Server-Sent Events stream: `sse('/events', ({ client }) => client.send({ data: 'hi' }))`.
 * It answers requests whose Accept header lists text/event-stream (what EventSource sends) with
 * a streaming response; `client` writes to it and `server.connect()` forwards the real stream.
 */
export const sse: ServerSentEventRequestHandler = (predicate, resolver, options) =>
  new ServerSentEventHandler(predicate, resolver, options)
