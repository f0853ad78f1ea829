import type { PathParams } from '../rest/path-pattern'
import { asError } from '../runtime/as-error'
import type { LifeCycleEmitter } from '../runtime/emitter'
import { getDocumentBaseUrl } from '../runtime/environment'
import { handleRequest, type PipelineOptions } from '../runtime/handle-request'
import { companionsOf } from '../runtime/companion-handlers'
import type { HandlerList } from '../runtime/handler-list'
import { format } from '../runtime/messages'
import { explainNearMisses, type NearMiss } from '../runtime/near-miss'
import { RequestContext } from '../runtime/request-context'
import type { RequestHandler } from '../runtime/request-handler'
import { onUnhandledRequest } from '../runtime/unhandled-request'
import { WebSocketConnectionEvent } from './connection-event'
import { ConnectionNotes } from './connection-history'
import { MockedConnection } from './mocked-connection'
import type { WebSocketConnection } from './websocket-connection'
import {
  isWebSocketHandler,
  toWebSocketScheme,
  type ConnectionPipeline,
  type WebSocketHandler,
} from './websocket-handler'

/**
 * The connection pipeline, shared by every source that intercepts WebSockets (Node, the page):
 * the `connection` event, the handlers of the current list that match (all of them, in list
 * order, as in MSW), or the unhandled strategy and a passthrough to the real server.
 * Resolves once the client may open: the source holds the client's `open` event until then.
 */
/** What became of a connection: handlers mocked it (these ones), it went to the network, or it failed. */
export type ConnectionOutcome =
  { type: 'mocked'; handlers: readonly WebSocketHandler[] } | { type: 'passthrough' } | { type: 'failed' }

/** The pipeline's options, with the step an app process's remote adds (remote/remote-delegate.ts). */
export interface ConnectionOptions extends PipelineOptions {
  /** Offered each connection before the list: an outcome settles it; undefined lets the list have it. */
  connectionDelegate?: (raw: WebSocketConnection) => Promise<ConnectionOutcome | undefined>
}

export async function handleConnection(
  raw: WebSocketConnection,
  list: HandlerList,
  options: ConnectionOptions,
): Promise<ConnectionOutcome> {
  const { emitter } = options
  const { url, id, protocols } = raw
  let request: Request | undefined
  const handshake = () => (request ??= handshakeRequest(raw))
  for (const event of ['connection', 'websocket:connection'] as const) {
    if (emitter.has(event)) emitter.emit(event, { url, protocols, request: handshake(), requestId: id })
  }
  reportClientErrors(raw, emitter, handshake)
  if (options.connectionDelegate !== undefined) {
    const delegated = await options.connectionDelegate(raw)
    if (delegated !== undefined) return delegated
  }

  const history = list.store.history
  if (history === undefined) return connectInList(raw, list, options, handshake, undefined)
  const notes = new ConnectionNotes(raw, handshake(), history)
  const outcome = await connectInList(raw, list, options, handshake, notes)
  notes.settle(outcome)
  return outcome
}

/** The handlers of the list that take the connection get it; with none, the unhandled strategy decides. */
async function connectInList(
  raw: WebSocketConnection,
  list: HandlerList,
  options: ConnectionOptions,
  handshake: () => Request,
  notes: ConnectionNotes | undefined,
): Promise<ConnectionOutcome> {
  const { emitter } = options
  const { url, id, protocols } = raw
  const baseUrl = options.baseUrl ?? getDocumentBaseUrl()
  const matches = matchingHandlers(list, url, protocols, baseUrl)
  if (matches.length === 0) {
    let misses: Promise<NearMiss[]> | undefined
    const nearMisses = () => (misses ??= connectionNearMisses(list, raw, handshake(), baseUrl))
    if (notes !== undefined) notes.missed(await nearMisses())
    return unhandled(raw, handshake(), options, nearMisses, notes)
  }

  const connection = new MockedConnection(raw, (error, _owner, header) => {
    if (emitter.has('unhandledException')) {
      emitter.emit('unhandledException', { error: asError(error), request: handshake(), requestId: id })
    } else {
      // Two calls: which handler threw and what became of the connection, then the error on its
      // own, as MSW prints it (so `expect(console.error).toHaveBeenCalledWith(error)` holds for both).
      console.error(
        format(
          `The handler "${header}" threw while handling the WebSocket connection to ${url.href} (the error follows). ` +
            'mocklib closed the connection with code 1011 and sent the client an "error" event. Fix the listener, or close the client yourself with client.close(code, reason).',
        ),
      )
      console.error(error)
    }
  })
  const chaos = list.store.chaos?.connection(url)
  if (chaos?.dropAfter !== undefined) raw.dropAfter(chaos.dropAfter)
  if (chaos?.delayMessage !== undefined) raw.delayMessages(chaos.delayMessage)
  const pipeline: ConnectionPipeline = Object.assign(
    (request: Request, requestId: string) => handleRequest(request, requestId, list, options),
    { emitter, history: list.store.history },
  )
  for (const { handler, listed, params } of matches) {
    const state = list.store.get(handler)
    if (handler.options.once === true && handler.onceSpentOnConnect) state.used = true
    // A connection is what reaches a ws handler (pendingHandlers()); a subscription handler is reached by a subscription.
    const isCall = listed === handler && handler.callsAreConnections
    if (isCall) state.reached = true
    notes?.took(listed, isCall, params, protocols)
    try {
      const { client, server, api } = connection.viewsWith(handler, handler.info.header, handler.extensions)
      const whenRemoved = list.store.whenRemoved(listed)
      const event = new WebSocketConnectionEvent(
        { client, server, params, info: { protocols }, requestId: id },
        handshake,
      ) as WebSocketConnectionEvent
      // What the link's protocol adds (Socket.IO's rooms) is on the event, as MSW 3 puts it.
      if (api !== undefined) Object.assign(event, api)
      handler.connect(event, connection.closed, pipeline, whenRemoved, state)
    } catch (error) {
      connection.fail(error, handler, handler.info.header)
    }
    if (connection.failed) return { type: 'failed' }
  }
  connection.openProtocol()
  return { type: 'mocked', handlers: matches.map((match) => match.handler) }
}

/**
 * 'websocket:error' (MSW 3) for every `error` event the application's socket gets, until it
 * closes: a listener that threw, a connection the unhandled strategy refused, a real server that
 * failed. `cause` is set on the events mocklib makes for a known error.
 */
function reportClientErrors(raw: WebSocketConnection, emitter: LifeCycleEmitter, handshake: () => Request): void {
  const onError = (event: Event) => {
    if (!emitter.has('websocket:error')) return
    const error = (event as Event & { cause?: unknown }).cause
    emitter.emit('websocket:error', {
      url: raw.url,
      protocols: raw.protocols,
      request: handshake(),
      requestId: raw.id,
      error,
    })
  }
  raw.socket.addEventListener('error', onError)
  void raw.closed.then(() => raw.socket.removeEventListener('error', onError))
}

interface HandlerMatch {
  readonly handler: WebSocketHandler
  /** The handler in the list: the WebSocket handler itself, or the handler that carries it. */
  readonly listed: RequestHandler
  readonly params: PathParams
}

/** The handlers of the current list that take a connection to `url`, in list order. */
function matchingHandlers(
  list: HandlerList,
  url: URL,
  protocols: string | string[] | undefined,
  baseUrl: string | undefined,
): HandlerMatch[] {
  const matches: HandlerMatch[] = []
  for (const listed of list.current()) {
    for (const handler of connectionHandlers(listed)) {
      if (handler.options.once === true && list.store.peek(handler)?.used) continue
      const params = handler.parse(url, protocols, baseUrl)
      if (params !== undefined) matches.push({ handler, listed, params })
    }
  }
  return matches
}

/** Whether a handler of the current list would take a connection to `url` (nothing runs). */
export function takesConnection(
  list: HandlerList,
  url: URL,
  protocols: string | string[] | undefined,
  baseUrl: string | undefined = getDocumentBaseUrl(),
): boolean {
  return connectionTaker(list, url, protocols, baseUrl) !== undefined
}

/** The first listed handler that would take a connection to `url` (nothing runs); undefined: none. */
export function connectionTaker(
  list: HandlerList,
  url: URL,
  protocols: string | string[] | undefined,
  baseUrl: string | undefined = getDocumentBaseUrl(),
): RequestHandler | undefined {
  return matchingHandlers(list, url, protocols, baseUrl)[0]?.listed
}

/** The WebSocket handlers a listed handler stands for: itself, or those it carries (companion-handlers.ts). */
function connectionHandlers(handler: RequestHandler): readonly WebSocketHandler[] {
  return isWebSocketHandler(handler) ? [handler] : companionsOf(handler).filter(isWebSocketHandler)
}

/**
 * The WebSocket handlers of the list closest to a connection none took, closest first, with why
 * (near-miss.ts, as for HTTP requests); relative links resolve against the base URL in ws(s).
 */
function connectionNearMisses(
  list: HandlerList,
  raw: WebSocketConnection,
  request: Request,
  baseUrl: string | undefined,
): Promise<NearMiss[]> {
  const ctx = new RequestContext(request, raw.id, baseUrl === undefined ? undefined : toWebSocketScheme(baseUrl))
  const handlers = list.current().flatMap((listed) => (isWebSocketHandler(listed) ? [listed] : []))
  return explainNearMisses(ctx, handlers, list.store).catch(() => [])
}

/** No handler: the unhandled strategy decides, then the connection goes to the real server. */
async function unhandled(
  raw: WebSocketConnection,
  request: Request,
  options: PipelineOptions,
  nearMisses: () => Promise<NearMiss[]>,
  notes: ConnectionNotes | undefined,
): Promise<ConnectionOutcome> {
  try {
    await onUnhandledRequest(
      request,
      options.onUnhandledRequest,
      async () => [`To mock it: ws.link('${raw.url.href}').addEventListener('connection', ({ client }) => …)`],
      async () => (await nearMisses())[0] as NearMiss<RequestHandler> | undefined,
    )
  } catch (error) {
    // 'error' (or a throwing callback): the connection fails as a refused one does. Noted first:
    // a test reads the history once its client has closed.
    notes?.settle({ type: 'failed' })
    raw.failClient(error, 1006, '')
    return { type: 'failed' }
  }
  notes?.settle({ type: 'passthrough' })
  await connectToNetwork(raw)
  return { type: 'passthrough' }
}

/**
 * Opens the real connection and waits for its handshake, so the client opens when the real
 * server accepts (with the subprotocol it chose), or fails when it refuses.
 */
export function connectToNetwork(raw: WebSocketConnection): Promise<void> {
  raw.connectServer()
  const real = raw.realSocket as WebSocket
  return new Promise((resolve) => {
    real.addEventListener('open', () => resolve(), { once: true })
    real.addEventListener('close', () => resolve(), { once: true })
    real.addEventListener(
      'error',
      () => {
        if (real.readyState === real.OPEN) return
        resolve()
        // Node 20 and 22 report a refused connection with `error` alone (no `close`); a browser,
        // and Node 24, follow it with close 1006. The client gets that close everywhere.
        raw.closeClient(1006, '', false)
      },
      { once: true },
    )
  })
}

/** The handshake as a Request: what onUnhandledRequest callbacks and lifecycle listeners see. */
function handshakeRequest(raw: WebSocketConnection): Request {
  const headers = new Headers({ connection: 'upgrade', upgrade: 'websocket' })
  const { protocols } = raw
  if (protocols !== undefined && protocols.length > 0) {
    headers.set('sec-websocket-protocol', Array.isArray(protocols) ? protocols.join(', ') : protocols)
  }
  return new Request(raw.url, { headers })
}
