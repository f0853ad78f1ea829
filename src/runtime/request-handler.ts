import type { HandlerCall } from './call-history'
import { callsOf } from './current-scope'
import { MocklibTypeError } from './errors'
import type { DefaultBodyType, HttpResponse } from './http-response'
import type { RequestContext } from './request-context'
import type { MaybePromise } from './maybe-promise'
import type { NearMissReason } from './near-miss'
import type { HandlerInfo, HandlerShape, RequestHandlerOptions, ResolverCleanup } from './handler-shape'
import type { RequestExpander } from './request-expander'
import { withHandlerNetwork } from './handler-network'
import { isHandlerUsed } from './handler-state'
import { adoptOverrides, matchByMembers, type MemberArgs } from './handler-members'
import { runHandler, testHandler, type HandlerRunArgs, type HandlerRunResult } from './run-handler'

export type { MaybePromise }

export type { HandlerInfo, RequestHandlerOptions, ResolverCleanup }

/**
 * What a resolver may answer with: a response, or nothing to fall through. A response body
 * type of `undefined` (`ResponseResolver`'s default, as in MSW) means any `Response`.
 */
export type ResponseResolverReturnType<ResponseBody extends DefaultBodyType = DefaultBodyType> =
  ([ResponseBody] extends [undefined] ? Response : HttpResponse<ResponseBody>) | undefined | void

/**
 * What a resolver returns: a response or nothing, or a generator of them, each possibly behind a
 * promise. A promised generator is what a higher-order resolver returns when it awaits something
 * and then calls the resolver it wraps (`async (info) => { await delay(); return resolver(info) }`).
 */
export type AsyncResponseResolverReturnType<ResponseBody extends DefaultBodyType = DefaultBodyType> = MaybePromise<
  | ResponseResolverReturnType<ResponseBody>
  | Generator<
      MaybePromise<ResponseResolverReturnType<ResponseBody>>,
      MaybePromise<ResponseResolverReturnType<ResponseBody>>,
      unknown
    >
  | AsyncGenerator<
      MaybePromise<ResponseResolverReturnType<ResponseBody>>,
      MaybePromise<ResponseResolverReturnType<ResponseBody>>,
      unknown
    >
>

/**
 * Keys every resolver receives, whatever the handler kind. The resolver argument types are
 * type aliases, not interfaces, so that they are assignable to MSW's default extras,
 * `Record<string, unknown>` (an interface has no implicit index signature).
 */
export type ResolverInfoBase = {
  /** The intercepted request. Reading its body does not affect a later passthrough. */
  request: Request
  /** A unique id of this request, the same one lifecycle events carry. */
  requestId: string
}

/** Keys the runtime adds to every resolver's argument, beside its handler's own. */
export type ResolverExtras = {
  /**
   * Registers a cleanup (a timer to clear, a connection to close). Cleanups run last-registered
   * first once the resolver is done: when a plain resolver returns or throws, and when a
   * generator resolver finishes. A failing cleanup is reported; it never fails the request.
   */
  finalize: (cleanup: ResolverCleanup) => void
}

/** A Request whose `json()` is typed with the handler's request body type. */
export interface StrictRequest<BodyType extends DefaultBodyType> extends Request {
  json(): Promise<BodyType>
  clone(): StrictRequest<BodyType>
}

/**
 * A resolver: `ResponseResolver<Args, RequestBody, ResponseBody>`, MSW's three parameters.
 * `Args` is the resolver's argument; when it has no `request` (MSW's style: only the handler
 * kind's extras, such as `HttpRequestResolverExtras<Params>`), `request` and `requestId` are
 * added, the request typed by `RequestBody`.
 */
// NoInfer: the response body type is never guessed from what a resolver returns (a generator
// yielding text and returning JSON would be rejected); it is checked only when given explicitly.
export type ResponseResolver<
  ResolverArgs extends object = Record<string, unknown>,
  RequestBody extends DefaultBodyType = DefaultBodyType,
  ResponseBody extends DefaultBodyType = undefined,
> = (
  info: ResolverArgs & RequestPart<ResolverArgs, RequestBody> & ResolverExtras,
) => AsyncResponseResolverReturnType<NoInfer<ResponseBody>>

/** `request` and `requestId` for resolver arguments that lack them (an index signature counts as lacking). */
type RequestPart<ResolverArgs extends object, RequestBody extends DefaultBodyType> = string extends keyof ResolverArgs
  ? { request: StrictRequest<RequestBody>; requestId: string }
  : 'request' extends keyof ResolverArgs
    ? unknown
    : { request: StrictRequest<RequestBody>; requestId: string }

/**
 * A family of index keys. Handlers that can name the one key a matching request must have
 * (a literal URL, an operation name) are found by that key instead of by a scan.
 */
export interface IndexFamily {
  readonly name: string
  /**
   * The keys a request has in this family. `undefined` means the request can match no handler
   * indexed in this family (for example: not a GraphQL request). A function defers the work
   * (reading the body, say): the index calls it only when resolution reaches the family's
   * first handler in list order, so handlers before it answer without it.
   */
  requestKeys(ctx: RequestContext): MaybePromise<RequestKeys> | (() => Promise<RequestKeys>)
}

/** A request's keys in one index family; `undefined`: it can match none of the family's handlers. */
export type RequestKeys = readonly string[] | undefined

export interface IndexHint {
  readonly family: IndexFamily
  readonly key: string
}

/**
 * A resolver as a handler stores it. Declared method-style, so its argument is compared
 * bivariantly: an `HttpHandler` (whose resolver wants params and cookies) is then still a
 * `RequestHandler`, and setupServer(...handlers) type-checks without `any`.
 */
export type StoredResolver<ResolverArgs extends object, ResponseBody extends DefaultBodyType> = {
  resolve(info: ResolverArgs): AsyncResponseResolverReturnType<ResponseBody>
}['resolve']

/** MSW's constructor argument for a handler class: `super({ info, resolver, options })`. */
export interface RequestHandlerArgs<
  ResolverArgs extends ResolverInfoBase = ResolverInfoBase,
  ResponseBody extends DefaultBodyType = DefaultBodyType,
> {
  info: { header: string } & Record<string, unknown>
  resolver: ResponseResolver<ResolverArgs, DefaultBodyType, ResponseBody>
  options?: RequestHandlerOptions
}

let handlerCounter = 0

/**
 * The base of every handler: a predicate compiled at creation (`match`) and a resolver.
 * Handlers hold no per-request or per-run state; `once` and generator progress live in the
 * runtime's per-scope state, so parallel boundaries never consume each other's handlers.
 */
export abstract class RequestHandler<
  ResolverArgs extends ResolverInfoBase = ResolverInfoBase,
  ResponseBody extends DefaultBodyType = DefaultBodyType,
  /** What its history notes of a call: the resolver's argument, unless the handler notes something else. */
  CallArgs extends object = ResolverArgs,
> implements HandlerShape {
  /** Distinguishes handler kinds at runtime ('http', 'graphql', or a custom kind; MSW's 'request' by default). */
  declare readonly kind: string
  readonly info: HandlerInfo
  readonly options: RequestHandlerOptions
  readonly resolver: StoredResolver<ResolverArgs, ResponseBody>
  /** Stable creation order, for diagnostics. */
  readonly id: number
  /**
   * @internal
   * Set by handler kinds whose requests may stand for several (GraphQL batches): when the
   * request as a whole finds no answer, the pipeline lets the expander split it and runs each
   * part through the same list. Handlers of one kind share one expander.
   */
  readonly expander?: RequestExpander

  /**
   * `(header, resolver, options?)`, or MSW's `({ info, resolver, options })`, where `info` has
   * the `header` and whatever else the handler shows (its keys are kept on `info`).
   */
  constructor(
    header: string,
    resolver: ResponseResolver<ResolverArgs, DefaultBodyType, ResponseBody>,
    options?: RequestHandlerOptions,
  )
  constructor(args: RequestHandlerArgs<ResolverArgs, ResponseBody>)
  constructor(
    headerOrArgs: string | RequestHandlerArgs<ResolverArgs, ResponseBody>,
    resolverArg?: ResponseResolver<ResolverArgs, DefaultBodyType, ResponseBody>,
    optionsArg?: RequestHandlerOptions,
  ) {
    const args = typeof headerOrArgs === 'object' && headerOrArgs !== null ? headerOrArgs : undefined
    const header = args === undefined ? String(headerOrArgs) : String(args.info?.header)
    const resolver = args === undefined ? resolverArg : args.resolver
    if (typeof resolver !== 'function') {
      const where = args === undefined ? 'as its second argument' : 'as `resolver` in its constructor argument'
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        `[mocklib] The handler "${header}" needs a resolver function ${where}, got ${resolver === null ? 'null' : typeof resolver}.`,
      )
    }
    this.info = handlerInfo(header, new Error())
    if (args?.info !== undefined) copyInfo(args.info, this.info)
    this.options = (args === undefined ? optionsArg : args.options) ?? {}
    const { network } = this.options
    this.resolver = network === undefined ? resolver : withHandlerNetwork(resolver, network, header)
    this.id = ++handlerCounter
    adoptOverrides(new.target.prototype, RequestHandler.prototype.run)
  }

  /**
   * Decides whether this handler takes the request and, if so, returns the resolver's argument.
   * `null` means "not mine". A `Response` answers the request at once without running the
   * resolver (and without using `once` or generator state): a protocol-level refusal such as
   * GraphQL's 405 for a mutation sent with GET. It must not consume the request body.
   * mocklib's handler kinds compile it; the default calls MSW's members: `parse()`,
   * `predicate()`, then `extendResolverArgs()` (a subclass of a kind that overrides one of
   * them is matched this way too).
   */
  match(ctx: RequestContext): MaybePromise<ResolverArgs | Response | null> {
    return matchByMembers.call(this, ctx) as Promise<ResolverArgs | null>
  }

  /**
   * MSW's first step: what the request says, for `predicate()` and `extendResolverArgs()`. The
   * default: `{}`. (A WebSocket handler's is given the connection's URL instead, as in MSW.)
   */
  parse(_args: MemberArgs | { url: URL; resolutionContext?: { baseUrl?: string } }): MaybePromise<unknown> {
    return {}
  }

  /** MSW's second step: whether this handler takes the request. The default takes none. */
  predicate(_args: MemberArgs & { parsedResult: never }): MaybePromise<boolean> {
    return false
  }

  /** MSW's third step: the keys the resolver gets beside `request`, `requestId` and `finalize`. The default: none. */
  extendResolverArgs(_args: { request: Request; parsedResult: never }): object {
    return {}
  }

  /**
   * Prints a request this handler answered, in a page (MSW calls it there, never in Node). The
   * default prints nothing: the page's own log line is mocklib's.
   */
  log(_args: { request: Request; response: Response; parsedResult: unknown }): void {}

  /**
   * Whether this handler's resolver has run (a generator: to its end) in any server, boundary
   * or `getResponse()` call. `restoreHandlers()` clears it for `once` handlers. As in MSW.
   */
  get isUsed(): boolean {
    return isHandlerUsed(this)
  }

  /**
   * This handler's calls, oldest first: each time a request reached its resolver, what the
   * resolver received (REST `params`, `cookies`; GraphQL `query`, `variables`, `operationName`),
   * a fresh copy of the request, and the status and headers it answered with. Read in the scope
   * code runs in (a `boundary()`'s own); `resetHandlers()` clears it. See docs/verification.md.
   */
  get calls(): ReadonlyArray<HandlerCall<CallArgs, this>> {
    return callsOf(this) as unknown as ReadonlyArray<HandlerCall<CallArgs, this>>
  }

  /** Whether this handler would take the request, without running its resolver (as in MSW). */
  test(args: HandlerRunArgs): Promise<boolean> {
    return testHandler(this, args)
  }

  /**
   * Runs this handler alone against a request, outside any server (as in MSW): `null` when it
   * does not take the request, otherwise the request and the resolver's response.
   */
  run(args: HandlerRunArgs): Promise<HandlerRunResult<this> | null> {
    return runHandler(this, args)
  }

  /** The index key this handler can be found by, for a base URL; none means "always consider". */
  indexHint(_baseUrl: string | undefined): IndexHint | undefined {
    return undefined
  }

  /**
   * Shapes a resolver's response before it is sent (GraphQL content negotiation uses this).
   * The default returns it unchanged.
   */
  finalizeResponse(response: Response, _ctx: RequestContext): Response {
    return response
  }

  /**
   * For an unhandled request: a one-line hint when this handler almost matched it
   * (same path, other method; a relative path with no base URL; a near operation name).
   * `handlers` is the whole list, for hints that compare this handler with its neighbours
   * (a handler that wraps another should pass it on).
   */
  diagnose(_ctx: RequestContext, _handlers?: readonly RequestHandler[]): MaybePromise<string | undefined> {
    return undefined
  }

  /**
   * @internal How this handler differs from a request it did not take (near-miss.ts): an empty
   * list when it matches by what it declares; undefined when it cannot tell (a custom predicate)
   * or is of another kind than the request.
   */
  compare(_ctx: RequestContext): MaybePromise<readonly NearMissReason[] | undefined> {
    return undefined
  }
}

/**
 * Every handler carries this brand (on the prototype): a registry symbol, the same in the ESM
 * and the CommonJS build, so a handler made by one build is accepted by the other's
 * setupServer (the dual-package hazard), where `instanceof` would refuse it.
 */
const kRequestHandler = Symbol.for('mocklib.RequestHandler')
Object.defineProperty(RequestHandler.prototype, kRequestHandler, { value: true })
Object.defineProperty(RequestHandler.prototype, 'kind', { value: 'request', writable: true, configurable: true })

/** True for handlers of any kind, from either build of mocklib. */
export function isRequestHandler(value: unknown): value is RequestHandler {
  return (
    typeof value === 'object' && value !== null && (value as { [kRequestHandler]?: unknown })[kRequestHandler] === true
  )
}

/** Puts the keys of MSW-style `info` beside the header (a subclass's own `path`, `method`...). */
function copyInfo(source: object, target: HandlerInfo): void {
  for (const [key, value] of Object.entries(source)) {
    if (key !== 'header' && key !== 'callFrame')
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  }
}

/**
 * Handler info whose call frame is read from the creation stack only when asked for:
 * formatting a stack costs more than creating the handler, and most are never printed.
 */
function handlerInfo(header: string, site: Error): HandlerInfo {
  let pending: Error | undefined = site
  let frame: string | undefined
  return {
    header,
    get callFrame() {
      if (pending !== undefined) {
        frame = getCallFrame(pending.stack)
        pending = undefined
      }
      return frame
    },
  }
}

/** A frame of mocklib's own code: its build, or its sources (this repository's tests run them). */
const MOCKLIB_FRAME = /mocklib[\\/](dist|src)[\\/]|node_modules[\\/]mocklib[\\/]/
const SOURCE_FRAME = /[\\/]src[\\/](rest|graphql|runtime|ws|sse|subscriptions)[\\/]/

/** file:line:col of the user code that created a handler, skipping mocklib's own frames. */
function getCallFrame(stack: string | undefined): string | undefined {
  if (stack === undefined) return undefined
  const lines = stack.split('\n')
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]
    if (MOCKLIB_FRAME.test(line) || SOURCE_FRAME.test(line)) continue
    const match = /\(?([^\s()]+:\d+:\d+)\)?$/.exec(line.trim())
    if (match) return match[1]
  }
  return undefined
}
