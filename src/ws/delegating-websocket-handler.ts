import type { ConnectionHook } from '../runtime/connection-wrapper'
import { DelegatingHandler } from '../runtime/delegating-handler'
import type { HandlerRunState } from '../runtime/handler-state'
import type { MaybePromise } from '../runtime/maybe-promise'
import type { RequestContext } from '../runtime/request-context'
import type { RequestHandler, ResolverInfoBase, ResponseResolver } from '../runtime/request-handler'
import type { WhenHandlerRemoved } from '../runtime/outlives-request'
import type { WebSocketConnectionEvent } from './connection-event'
import type { ConnectionPipeline } from './connection-pipeline'
import type { AnyWebSocketExtension } from './websocket-extension'

/**
 * What the wrapper forwards to the WebSocket handler in its place: websocket-handler.ts's
 * WebSocketHandler has these members (written out here, as that file imports this one).
 */
interface ConnectingHandler extends RequestHandler {
  readonly url: string | RegExp
  readonly servesHttp: boolean
  readonly extensions: readonly AnyWebSocketExtension[]
  readonly onceSpentOnConnect: boolean
  connect(
    info: WebSocketConnectionEvent,
    closed: Promise<void>,
    pipeline?: ConnectionPipeline,
    whenRemoved?: WhenHandlerRemoved,
    state?: HandlerRunState,
  ): void
}

/**
 * A WebSocket handler (or a GraphQL subscription handler) in a wrapper's place, such as chaos':
 * it takes the connections `inner` takes, running `hook` around `inner`'s own connect, and the
 * HTTP requests `inner` takes (subscriptions over SSE) through `resolver`. The connection
 * pipeline finds it by the WebSocket handler brand (websocket-handler.ts puts it on this class).
 */
export class DelegatingWebSocketHandler extends DelegatingHandler {
  declare readonly inner: ConnectingHandler
  readonly #hook: ConnectionHook

  constructor(inner: ConnectingHandler, resolver: ResponseResolver<ResolverInfoBase>, hook: ConnectionHook) {
    super(inner, resolver)
    this.#hook = hook
  }

  get url(): string | RegExp {
    return this.inner.url
  }

  get servesHttp(): boolean {
    return this.inner.servesHttp
  }

  get extensions(): readonly AnyWebSocketExtension[] {
    return this.inner.extensions
  }

  get onceSpentOnConnect(): boolean {
    return this.inner.onceSpentOnConnect
  }

  // Its own match(), so handler-members.ts does not take the parse() below for an MSW override.
  override match(ctx: RequestContext): MaybePromise<ResolverInfoBase | Response | null> {
    return this.inner.match(ctx)
  }

  /** The WebSocket handler's parse(), both forms (MSW's and the connection pipeline's). */
  override parse(...args: Parameters<RequestHandler['parse']>): ReturnType<RequestHandler['parse']> {
    return (this.inner.parse as (...all: unknown[]) => ReturnType<RequestHandler['parse']>)(...args)
  }

  connect(...args: Parameters<ConnectingHandler['connect']>): void {
    this.#hook(args[0].client, () => this.inner.connect(...args))
  }
}
