import type { ConnectionHook } from '../runtime/connection-wrapper'
import { DelegatingHandler } from '../runtime/delegating-handler'
import type { HandlerRunState } from '../runtime/handler-state'
import type { MaybePromise } from '../runtime/maybe-promise'
import type { RequestContext } from '../runtime/request-context'
import type { RequestHandler, ResolverInfoBase, ResponseResolver } from '../runtime/request-handler'
import type { ConnectionPipeline, WebSocketHandler, WebSocketResolverInfo, WhenRemoved } from './websocket-handler'

/**
 * A WebSocket handler (or a GraphQL subscription handler) in a wrapper's place, such as chaos':
 * it takes the connections `inner` takes, running `hook` around `inner`'s own connect, and the
 * HTTP requests `inner` takes (subscriptions over SSE) through `resolver`. The connection
 * pipeline finds it by the WebSocket handler brand (websocket-handler.ts puts it on this class).
 */
export class DelegatingWebSocketHandler extends DelegatingHandler {
  declare readonly inner: WebSocketHandler
  readonly #hook: ConnectionHook

  constructor(inner: WebSocketHandler, resolver: ResponseResolver<ResolverInfoBase>, hook: ConnectionHook) {
    super(inner, resolver)
    this.#hook = hook
  }

  get url(): string | RegExp {
    return this.inner.url
  }

  get servesHttp(): boolean {
    return this.inner.servesHttp
  }

  get extensions(): WebSocketHandler['extensions'] {
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

  connect(
    info: WebSocketResolverInfo,
    closed: Promise<void>,
    pipeline?: ConnectionPipeline,
    whenRemoved?: WhenRemoved,
    state?: HandlerRunState,
  ): void {
    this.#hook(info.client, () => this.inner.connect(info, closed, pipeline, whenRemoved, state))
  }
}
