import { MocklibTypeError } from '../runtime/errors'
import { HttpHandler, type HttpPredicate, type HttpResolverInfo, type PathParams } from '../rest/http-handler'
import { acceptsMediaType } from '../runtime/media-ranges'
import { runCleanups } from '../runtime/resolver-cleanups'
import { onAbort } from '../runtime/on-abort'
import { messages } from '../runtime/messages'
import { RequestContext } from '../runtime/request-context'
import type { NearMissReason } from '../runtime/near-miss'
import type { MaybePromise, RequestHandlerOptions, ResolverCleanup, ResolverExtras } from '../runtime/request-handler'
import { breakable } from '../runtime/fault'
import { eventStreamResponse, EventStreamWriter } from './event-stream-writer'
import { ServerSentEventClient, type ServerSentEventMap } from './sse-client'
import { sseMessages } from './messages'
import { ServerSentEventServer } from './sse-server'

/** What an event stream resolver receives: the HTTP resolver's keys plus the stream's two ends. */
export type ServerSentEventResolverInfo<
  EventMap extends ServerSentEventMap = { message: unknown },
  Params extends PathParams = PathParams,
> = HttpResolverInfo<Params> & {
  /** The intercepted client: send events to it, close or break the stream. */
  client: ServerSentEventClient<EventMap>
  /** The real server: `server.connect()` opens the real stream and forwards it. */
  server: ServerSentEventServer
  /** The Last-Event-ID header a reconnecting client sent, if any. */
  lastEventId: string | undefined
}

/**
 * Writes to `client`. May return a Response instead of streaming (a 204 tells an EventSource
 * to stop reconnecting), as long as it has sent nothing yet. `finalize()` cleanups run when
 * the stream ends, not when the resolver returns.
 */
export type ServerSentEventResolver<
  EventMap extends ServerSentEventMap = { message: unknown },
  Params extends PathParams = PathParams,
> = (info: ServerSentEventResolverInfo<EventMap, Params> & ResolverExtras) => MaybePromise<Response | undefined | void>

export interface ServerSentEventHandlerOptions extends RequestHandlerOptions {
  /** The request method the stream is opened with. Default 'GET'; 'POST' for LLM-style APIs. */
  method?: string
  /**
   * Which requests qualify by their Accept header: 'event-stream' (the default) takes those
   * that list text/event-stream, as EventSource sends; 'any' takes every request to the path,
   * for clients that read a stream without asking for one (several LLM SDKs send
   * `Accept: application/json`).
   */
  accept?: 'event-stream' | 'any'
}

const EVENT_STREAM = new Set(['text/event-stream'])

/**
 * True when an Accept header lists text/event-stream, in any case, with a quality above 0
 * (`text/event-stream;q=0` refuses a stream); wildcards do not ask for one.
 */
export function acceptsEventStream(accept: string | null): boolean {
  return acceptsMediaType(accept, EVENT_STREAM)
}

/** The resolver argument's request context, for the stream (the unread request, the lifetime). */
const contexts = new WeakMap<object, RequestContext>()

/**
 * An HTTP handler for requests that ask for an event stream: the method it was given (GET by
 * default), the path, and an Accept header that lists text/event-stream. Its answer is a
 * streaming text/event-stream response the resolver writes to through `client`.
 */
export class ServerSentEventHandler<
  EventMap extends ServerSentEventMap = { message: unknown },
  Params extends PathParams = PathParams,
> extends HttpHandler<Params> {
  readonly #anyAccept: boolean

  constructor(
    predicate: HttpPredicate<Params>,
    resolver: ServerSentEventResolver<EventMap, Params>,
    options: ServerSentEventHandlerOptions = {},
  ) {
    const { method = 'GET', accept = 'event-stream', ...rest } = options ?? {}
    if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method))
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', sseMessages.badMethod(method))
    if (accept !== 'event-stream' && accept !== 'any')
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', sseMessages.badAccept(accept))
    if (typeof resolver !== 'function') {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        sseMessages.resolverMissing(`${method.toUpperCase()} ${String(predicate)}`, resolver),
      )
    }
    let self: ServerSentEventHandler<EventMap, Params> | undefined
    super(method, predicate, (info) => streamEvents(self!, resolver, info), rest)
    self = this
    this.#anyAccept = accept === 'any'
  }

  #accepts(ctx: RequestContext): boolean {
    return this.#anyAccept || acceptsEventStream(ctx.head.headers.get('accept'))
  }

  override match(ctx: RequestContext): MaybePromise<HttpResolverInfo<Params> | null> {
    if (!this.#accepts(ctx)) return null
    const args = super.match(ctx)
    const remember = (info: HttpResolverInfo<Params> | null) => {
      if (info !== null) contexts.set(info, ctx)
      return info
    }
    return args instanceof Promise ? args.then(remember) : remember(args)
  }

  /** @internal A request that does not ask for a stream is the Accept hint's (diagnose), not a near miss. */
  override compare(ctx: RequestContext): NearMissReason[] | undefined {
    return this.#accepts(ctx) ? super.compare(ctx) : undefined
  }

  override diagnose(ctx: RequestContext): string | undefined {
    if (this.#accepts(ctx)) return super.diagnose(ctx)
    // Would it match if it asked for an event stream? (Custom predicates are not run twice.)
    if (typeof this.info.path === 'function') return undefined
    const probe = new Request(ctx.head.url, { method: ctx.head.method, headers: { accept: 'text/event-stream' } })
    if (super.match(new RequestContext(probe, ctx.requestId, ctx.baseUrl)) === null) return undefined
    return (
      `The event stream handler "${this.info.header}" matches this URL, but the request's Accept header does not list text/event-stream. ` +
      "If the client reads the stream without asking for one, pass { accept: 'any' } to sse()."
    )
  }
}

/**
 * Runs one stream: builds the client and server ends, runs the resolver, and answers with the
 * stream as soon as the resolver returns or first writes, whichever comes first (so events sent
 * after an `await` reach the client as they are sent, not all at once when it returns).
 */
async function streamEvents<EventMap extends ServerSentEventMap, Params extends PathParams>(
  handler: ServerSentEventHandler<EventMap, Params>,
  resolver: ServerSentEventResolver<EventMap, Params>,
  info: HttpResolverInfo<Params> & ResolverExtras,
): Promise<Response | undefined> {
  const ctx = contexts.get(info)
  const header = handler.info.header
  const writer = new EventStreamWriter()
  writer.onWrite = ctx?.streamFrames()
  const client = new ServerSentEventClient<EventMap>(writer, header)
  const cleanups: ResolverCleanup[] = []
  // The server or worker stopped: end the stream quietly (later sends are ignored, not errors).
  // One listener on the lifetime signal for all open streams (on-abort.ts).
  const stopWatchingLifetime = ctx?.lifetime === undefined ? undefined : onAbort(ctx.lifetime, () => writer.close())
  writer.signal.addEventListener(
    'abort',
    () => {
      stopWatchingLifetime?.()
      void runCleanups(handler, cleanups)
    },
    { once: true },
  )
  const request = ctx?.request ?? info.request
  // A client that aborts its request has left, even if nobody cancels the body it was reading.
  // (ctx.clientSignal also covers http.request, whose Request signal never aborts.)
  const gone = ctx?.clientSignal ?? request.signal
  const leave = () => writer.abandon(gone.reason)
  if (gone.aborted) leave()
  else gone.addEventListener('abort', leave, { once: true, signal: writer.signal })
  const lastEventId = request.headers.get('last-event-id') ?? undefined
  Object.defineProperties(info, {
    client: { value: client, enumerable: true },
    server: {
      value: new ServerSentEventServer(request, client as ServerSentEventClient<never>, header),
      enumerable: true,
    },
    lastEventId: { value: lastEventId, enumerable: true },
    finalize: {
      value: (cleanup: ResolverCleanup) => {
        if (typeof cleanup !== 'function')
          throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', messages.finalizeNeedsFunction(header, cleanup))
        if (writer.state === 'open') cleanups.unshift(cleanup)
        else void runCleanups(handler, [cleanup])
      },
    },
  })

  const outcome = Promise.resolve().then(() =>
    resolver(info as ServerSentEventResolverInfo<EventMap, Params> & ResolverExtras),
  )
  return answer(outcome, writer, header, request)
}

/**
 * The response for a running resolver: the stream once it writes or returns, unless it settles
 * without writing anything and throws (the pipeline's 500) or returns a Response of its own.
 * A failure after streaming began breaks the stream off; a Response returned then is ignored.
 */
async function answer(
  outcome: Promise<unknown>,
  writer: EventStreamWriter,
  header: string,
  request: Request,
): Promise<Response> {
  const first = await Promise.race([
    outcome.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    writer.activity.then(() => undefined),
  ])
  if (first !== undefined && !writer.active) {
    if ('error' in first) {
      writer.close()
      throw first.error
    }
    if (first.value instanceof Response) {
      writer.close()
      return first.value
    }
  } else {
    void outcome.then(
      (value) => {
        if (value instanceof Response) console.warn(sseMessages.responseIgnored(header, request))
      },
      (error: unknown) => {
        console.error(sseMessages.resolverFailedAfterStart(header, request), error)
        writer.error(error)
      },
    )
  }
  // A stream its handler breaks off (client.error()) fails the client as a reset connection does.
  return breakable(eventStreamResponse(writer), () => writer.signal.reason === 'errored')
}
