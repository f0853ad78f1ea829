import { offerConnectionWrapper } from '../runtime/connection-wrapper'
import { MocklibTypeError } from '../runtime/errors'
import { compilePattern, execPattern, type CompiledPattern, type PathParams } from '../rest/path-pattern'
import { regexpParamNames } from '../rest/regexp-params'
import { describeValue, format } from '../runtime/messages'
import type { HandlerRunState } from '../runtime/handler-state'
import type { DefaultBodyType } from '../runtime/http-response'
import type { WhenHandlerRemoved } from '../runtime/outlives-request'
import type { NearMissReason } from '../runtime/near-miss'
import type { RequestContext } from '../runtime/request-context'
import { urlDifferences } from '../rest/url-difference'
import type { IndexFamily, IndexHint, MaybePromise, RequestHandlerOptions } from '../runtime/request-handler'
import { isRequestHandler, RequestHandler } from '../runtime/request-handler'
import type { HandlerRunArgs } from '../runtime/run-handler'
import type { WebSocketConnectionEvent, WebSocketEventListener } from './connection-event'
import { DelegatingWebSocketHandler } from './delegating-websocket-handler'
import type { WebSocketClientConnectionProtocol } from './types'
import type { AnyWebSocketExtension } from './websocket-extension'

/** What a WebSocket handler's listener is called with, beside MSW's keys: the handshake as a Request. */
export type WebSocketResolverInfo<Params extends PathParams = PathParams> = WebSocketConnectionEvent<Params>

import type { ConnectionPipeline } from './connection-pipeline'

export type { ConnectionPipeline }

/**
 * @internal Registers a callback for when the handler leaves the list the connection was
 * matched against (resetHandlers() without it); returns the function that cancels it.
 */
export type WhenRemoved = WhenHandlerRemoved

/** What the history notes of a connection a handler took (`handler.calls`): the listener's `params` and `info`. */
export interface WebSocketCallArgs<Params extends PathParams = PathParams> {
  params: Params
  info: { protocols: string | string[] | undefined }
}

/** Where a handler registers the clients it takes (its link's `clients`). */
export interface WebSocketClientRegistry {
  /** `closed` settles when the client's connection closes. */
  add(client: WebSocketClientConnectionProtocol, closed: Promise<void>): void
}

/** A WebSocket handler's options: `once`, and the protocols its connections speak (MSW 3's `extensions`). */
export interface WebSocketHandlerOptions extends RequestHandlerOptions {
  extensions?: readonly AnyWebSocketExtension[]
}

/** WebSocket handlers never answer HTTP requests: the index files them under a key no request has. */
const websocketFamily: IndexFamily = {
  name: 'websocket',
  requestKeys() {
    return undefined
  },
}
const websocketHint: IndexHint = { family: websocketFamily, key: 'websocket' }

/**
 * Handles WebSocket connections to one URL (a path string as `http` takes, or a RegExp).
 * Every handler whose URL matches a connection gets it, in list order (MSW's rule); a `once`
 * handler takes one connection. Subclasses may narrow `connectionParams` (a subprotocol layer such as
 * graphql-transport-ws claims only connections that ask for its protocol).
 */
export class WebSocketHandler<
  Params extends PathParams = PathParams,
  CallArgs extends object = WebSocketCallArgs<Params>,
> extends RequestHandler<WebSocketResolverInfo<Params>, DefaultBodyType, CallArgs> {
  override readonly kind = 'websocket' as const
  /**
   * @internal True for handlers that also answer HTTP requests (GraphQL subscriptions over SSE
   * and multipart), which work without a global WebSocket.
   */
  readonly servesHttp: boolean = false
  /**
   * @internal Its calls in the history are the connections it took; false for a handler that
   * notes what it serves on them instead (a GraphQL subscription handler: one call per subscription).
   */
  readonly callsAreConnections: boolean = true
  /** The URL as given to `ws.link()`. */
  readonly url: string | RegExp
  readonly #pattern: CompiledPattern | undefined
  readonly #regexp: RegExp | undefined
  readonly #regexpNames: readonly string[] = []
  readonly #registry: WebSocketClientRegistry | undefined
  /** @internal The protocols the link's connections speak (ws/extension-session.ts applies them). */
  readonly extensions: readonly AnyWebSocketExtension[]

  constructor(
    url: string | RegExp,
    // Optional as in MSW (`new WebSocketHandler(url)`), for code that only matches URLs with it.
    listener: WebSocketEventListener<'connection', Params> = () => {},
    options?: WebSocketHandlerOptions,
    registry?: WebSocketClientRegistry,
  ) {
    if (typeof url === 'string') {
      if (url.trim() === '')
        throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', format(`ws.link() received an empty URL. ${URL_ADVICE}`))
    } else if (!(url instanceof RegExp)) {
      // MSW's sentences first, so code that looks for them finds them.
      const got =
        url === undefined
          ? 'Expected a WebSocket server URL but got undefined'
          : `Expected a WebSocket server URL to be a valid path but got ${typeof url} (${describeValue(url)})`
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', format(`ws.link(): ${got}. ${URL_ADVICE}`))
    }
    super(`ws ${String(url)}`, listener, options)
    this.url = url
    this.#registry = registry
    this.extensions = checkedExtensions(url, options?.extensions)
    if (typeof url === 'string') {
      this.#pattern = compilePattern(toWebSocketScheme(url).replace(/(.)\/$/, '$1'))
    } else {
      this.#regexp = new RegExp(url.source, url.flags.replace(/[gy]/g, ''))
      this.#regexpNames = regexpParamNames(url.source)
    }
  }

  /**
   * Never matches an HTTP request. (Subclasses that also serve HTTP override it: GraphQL
   * subscriptions over SSE and multipart.)
   */
  override match(_ctx: RequestContext): MaybePromise<WebSocketResolverInfo<Params> | Response | null> {
    return null
  }

  override indexHint(): IndexHint | undefined {
    return websocketHint
  }

  /**
   * An unhandled HTTP request that is a WebSocket handshake this handler's URL matches, yet one
   * mocklib did not answer: Node's sources answer a GET with a `Sec-WebSocket-Key` sent with
   * fetch or http.request (sources/node/handshake-requests.ts, ws-package-upgrades.ts).
   */
  override diagnose(ctx: RequestContext): string | undefined {
    if (ctx.head.headers.get('upgrade')?.toLowerCase() !== 'websocket') return undefined
    if (this.parse(new URL(toWebSocketScheme(ctx.head.url)), undefined, ctx.baseUrl) === undefined) return undefined
    return (
      `"${this.info.header}" matches this URL, but mocklib answers a WebSocket handshake sent as an HTTP request only when it is a GET ` +
      'with a Sec-WebSocket-Key header, made with fetch or http.request. Send the whole handshake, or open the connection with a WebSocket client.'
    )
  }

  /**
   * @internal How a WebSocket connection (its handshake as `ctx`, its base URL in ws(s)) differs
   * from this handler, for near misses: the origin or the path segment, as http handlers say,
   * or the subprotocol a layer asks for. Undefined for an HTTP request (a handler of another kind
   * is no near miss of it), and for a RegExp URL that does not match.
   */
  override compare(ctx: RequestContext): NearMissReason[] | undefined {
    const { url, baseUrl } = ctx
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return undefined
    const reasons =
      this.#pattern !== undefined
        ? urlDifferences(this.#pattern, ctx)
        : this.urlParams(url, baseUrl) === undefined
          ? undefined
          : []
    if (reasons === undefined || reasons.length > 0) return reasons
    const asked = ctx.head.headers.get('sec-websocket-protocol') ?? undefined
    const protocols = asked?.split(',').map((name) => name.trim())
    if (this.connectionParams(url, protocols, baseUrl) !== undefined) return reasons
    const wanted = this.subprotocols()
    return wanted === undefined ? undefined : [{ kind: 'protocol', expected: wanted.join(' or '), received: asked }]
  }

  /** @internal The subprotocols a connection must ask for to be taken (one of them); undefined: any. */
  protected subprotocols(): readonly string[] | undefined {
    return undefined
  }

  /**
   * MSW's form: whether this handler's URL matches `url` (resolved against
   * `resolutionContext.baseUrl`), and its path params.
   */
  override parse(args: { url: URL; resolutionContext?: { baseUrl?: string } }): {
    match: { matches: boolean; params: Params | PathParams }
  }
  /** The path params when this handler takes a connection to `url` (with these subprotocols), otherwise undefined. */
  override parse(url: URL, protocols: string | string[] | undefined, baseUrl: string | undefined): Params | undefined
  override parse(
    target: URL | { url: URL; resolutionContext?: { baseUrl?: string } },
    protocols?: string | string[],
    baseUrl?: string,
  ): Params | undefined | { match: { matches: boolean; params: Params | PathParams } } {
    if (target instanceof URL) return this.connectionParams(target, protocols, baseUrl)
    const params = this.urlParams(target.url, target.resolutionContext?.baseUrl)
    return { match: { matches: params !== undefined, params: params ?? {} } }
  }

  /**
   * MSW's `handler.test(url)`: whether this handler's URL matches `url` (http(s) read as ws(s), a relative one
   * resolved against `baseUrl`).
   */
  override test(url: string | URL, resolutionContext?: { baseUrl?: string }): boolean
  /** Whether this handler would take the HTTP request (never, but for GraphQL subscriptions over SSE and multipart). */
  override test(args: HandlerRunArgs): Promise<boolean>
  override test(
    target: string | URL | HandlerRunArgs,
    resolutionContext?: { baseUrl?: string },
  ): boolean | Promise<boolean> {
    if (typeof target !== 'string' && !(target instanceof URL)) return super.test(target)
    const baseUrl = resolutionContext?.baseUrl
    const url = new URL(
      toWebSocketScheme(new URL(target, baseUrl === undefined ? undefined : toWebSocketScheme(baseUrl)).href),
    )
    return this.urlParams(url, baseUrl) !== undefined
  }

  /**
   * @internal The path params when this handler takes a connection to `url`, otherwise undefined.
   * Subclasses narrow it (a subprotocol layer claims only the connections that ask for it).
   */
  protected connectionParams(
    url: URL,
    _protocols: string | string[] | undefined,
    baseUrl: string | undefined,
  ): Params | undefined {
    return this.urlParams(url, baseUrl)
  }

  /**
   * The path params when this handler's URL matches `url`, otherwise undefined.
   * A leading `/socket.io/` is ignored, as in MSW, so a link names the namespace path.
   */
  private urlParams(url: URL, baseUrl: string | undefined): Params | undefined {
    const clean = `${url.protocol}//${url.host}${url.pathname.replace(/^\/socket\.io\//, '/')}`
    if (this.#pattern !== undefined) {
      const resolved = this.#pattern.resolve(baseUrl === undefined ? undefined : toWebSocketScheme(baseUrl))
      if (resolved === undefined) return undefined
      return execPattern(resolved, clean)?.params as Params | undefined
    }
    const result = this.#regexp?.exec(clean)
    if (result == null) return undefined
    const params: Record<string, string> = {}
    for (let index = 1; index < result.length; index++) {
      if (result[index] !== undefined) params[this.#regexpNames[index - 1] ?? String(index - 1)] = result[index]
    }
    return params as Params
  }

  /** @internal Runs the connection listener (the source catches what it throws) and records the client. */
  /**
   * @internal Whether `{ once: true }` is spent by taking a connection (the default), or later,
   * by what the handler does on it (GraphQL subscription handlers: by serving one subscription).
   */
  get onceSpentOnConnect(): boolean {
    return true
  }

  /** @internal `state` is this handler's run state in the scope the connection was matched in (its `once`). */
  connect(
    info: WebSocketResolverInfo<Params>,
    closed: Promise<void>,
    _pipeline?: ConnectionPipeline,
    _whenRemoved?: WhenRemoved,
    _state?: HandlerRunState,
  ): void {
    this.#registry?.add(info.client, closed)
    this.resolver(info)
  }
}

function checkedExtensions(url: string | RegExp, extensions: unknown): readonly AnyWebSocketExtension[] {
  if (extensions === undefined) return []
  const valid =
    Array.isArray(extensions) &&
    extensions.every(
      (extension: unknown) =>
        typeof extension === 'object' &&
        extension !== null &&
        typeof (extension as AnyWebSocketExtension).encode === 'function' &&
        typeof (extension as AnyWebSocketExtension).decode === 'function',
    )
  if (valid) return [...(extensions as AnyWebSocketExtension[])]
  throw new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(
      `ws.link(${String(url)}, { extensions }) needs an array of extensions, each with encode() and decode() ` +
        `(got ${describeValue(extensions)}). Pass instances, such as { extensions: [new SocketIo()] }.`,
    ),
  )
}

const URL_ADVICE =
  "Pass an absolute URL such as 'wss://chat.example.com/rooms/:room', a path such as '/socket' (resolved against the page), or a RegExp."

/** http(s) → ws(s); other schemes unchanged. WebSocket clients resolve http URLs the same way. */
export function toWebSocketScheme(url: string): string {
  return url.replace(/^http(s?):/i, 'ws$1:')
}

/**
 * WebSocket handlers carry this brand (on the prototype), the same in both builds: a handler made
 * by one is recognised by the other's connection pipeline, where `instanceof` would refuse it.
 */
const kWebSocketHandler = Symbol.for('mocklib.WebSocketHandler')
Object.defineProperty(WebSocketHandler.prototype, kWebSocketHandler, { value: true })
// A wrapper in a WebSocket handler's place takes its connections: it carries the brand too.
Object.defineProperty(DelegatingWebSocketHandler.prototype, kWebSocketHandler, { value: true })
offerConnectionWrapper(WebSocketHandler.prototype, function (this: WebSocketHandler, resolver, hook) {
  return new DelegatingWebSocketHandler(this, resolver, hook)
})

export function isWebSocketHandler(value: unknown): value is WebSocketHandler {
  return isRequestHandler(value) && (value as unknown as Record<symbol, unknown>)[kWebSocketHandler] === true
}
