// One request that reached the mock server (or its middleware) over a real socket: mapped to
// the origin its handlers name, run through the shared pipeline, recorded in the history, and
// answered on the socket. A request no handler answers goes to the upstream when there is one,
// to `next()` in a middleware, or gets a 404 saying so.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { problem, PROBLEM_CONTENT_TYPE } from '../control/problem'
import { headerNames, headerValue } from '../control/protocol'
import type { HistoryReason, RecordedNearMiss } from '../control/resources'
import { withListenerCopy } from '../runtime/listener-copy'
import type { LifeCycleEmitter } from '../runtime/emitter'
import { handleRequest } from '../runtime/handle-request'
import { headOf, requestOf } from '../runtime/request-draft'
import type { HandlerList } from '../runtime/handler-list'
import type { NearMiss } from '../runtime/near-miss'
import { hasResponseBody, isKeptWhole } from '../runtime/node-fast-path'
import type { UnhandledRequestStrategy } from '../runtime/unhandled-request'
import type { HandlerControl } from './handler-control'
import { incomingUrl, toSourceRequest } from './incoming-request'
import { OriginMap } from './origin-map'
import type { RequestHistory } from './request-history'
import type { ScopedLists } from './scoped-lists'
import { writeResponse } from './write-response'
import { wireFault } from './fault-wire'

export interface ResponderOptions {
  emitter: LifeCycleEmitter
  list: () => HandlerList
  /** Per-client scopes (`x-mocklib-scope`); none in a middleware. */
  scopes?: ScopedLists
  history: RequestHistory
  control: HandlerControl
  lifetime: () => AbortSignal
  onUnhandledRequest: () => UnhandledRequestStrategy
  /** Unhandled requests at its origin are sent there, and answered with what comes back. */
  upstream?: () => URL | undefined
  /** Where requests go that no handler's URL claims (default: the server's own origin). */
  origin?: () => string | undefined
  /** Called with each request's outcome (the CLI prints it). */
  onAnswered?: (line: { method: string; url: string; status: number; handler?: string; ms: number }) => void
}

export class RequestResponder {
  readonly #options: ResponderOptions
  readonly #origins = new OriginMap()
  #nextId = 0

  constructor(options: ResponderOptions) {
    this.#options = options
  }

  /** Answers `message`; `next` (a middleware's) takes what no handler answered. */
  async answer(
    message: IncomingMessage,
    target: ServerResponse,
    scheme: 'http' | 'https',
    next?: () => void,
  ): Promise<void> {
    const { history, control, emitter } = this.#options
    const scope = headerValue(message.headers[headerNames.scope])
    const list = this.#options.scopes?.listFor(scope, this.#options.list()) ?? this.#options.list()
    const own = incomingUrl(message, scheme)
    const url = this.#origins.map(own, list.current(), false, this.#options.origin?.())
    const { request: source, signal } = toSourceRequest(message, target, url)
    const request = headOf(source)
    const started = performance.now()
    const entry = history.start(source, scope, message.rawHeaders)
    const requestId = `serve-${++this.#nextId}`
    const options = {
      emitter,
      onUnhandledRequest: this.#options.onUnhandledRequest(),
      lifetime: this.#options.lifetime,
    }
    // The closest handler to a request none took: for the history and the 404's words.
    let nearMiss: NearMiss | undefined
    const onNearMisses = (misses: readonly NearMiss[]) => (nearMiss = misses[0])
    const result = await handleRequest(
      source,
      requestId,
      list,
      { ...options, baseUrl: own.origin, onNearMisses },
      signal,
    )
    let response: Response
    let handler: string | undefined
    let reason: HistoryReason | undefined
    if (result.type === 'mocked') {
      response = result.response
      if (result.handler !== undefined) {
        control.answered(result.handler)
        handler = result.handler.info.header
      }
      if (response.type === 'error') reason = 'network-error'
    } else if (result.type === 'error') {
      reason = 'exception'
      response = problemResponse(
        500,
        `${request.method} ${request.url} failed: ${String((result.error as Error)?.message ?? result.error)}`,
      )
    } else if (next !== undefined) {
      history.finish(entry, { status: 0, reason: 'next' })
      next()
      return
    } else {
      ;[response, reason] = await this.#unhandled(requestOf(source), own, nearMiss)
    }
    const status = response.type === 'error' ? 0 : response.status
    // A streamed body is read by the history from a copy; a kept one is handed over once written.
    // eslint-disable-next-line mocklib/no-response-body -- a copy of a streamed body, for the history
    const copy = history.keeps && hasResponseBody(response) && !isKeptWhole(response) ? response.clone().body : null
    const missed = reason === 'unhandled' ? recordedNearMiss(nearMiss) : undefined
    history.finish(entry, {
      status,
      handler,
      reason,
      headers: response.headers,
      body: copy ?? undefined,
      nearMiss: missed,
    })
    if (result.type === 'mocked' && emitter.has('response:mocked') && response.type !== 'error') {
      let forEvent: Response
      ;[response, forEvent] = withListenerCopy(response)
      emitter.emit('response:mocked', { response: forEvent, request: requestOf(source), requestId })
    }
    wireFault(response, target, signal)
    const written = await writeResponse(target, response, request.method === 'HEAD')
    if (written !== undefined) history.wholeBody(entry, written)
    // A body no handler read: drained, so the connection can carry the next request.
    if (!message.complete) message.resume()
    this.#options.onAnswered?.({
      method: request.method,
      url: request.url,
      status,
      handler,
      ms: performance.now() - started,
    })
  }

  async #unhandled(request: Request, own: URL, nearMiss: NearMiss | undefined): Promise<[Response, HistoryReason]> {
    const url = new URL(request.url)
    const upstream = this.#options.upstream?.()
    // Requests no handler claims are resolved at the upstream's origin (see OriginMap), so
    // what reaches here at that origin goes there, streamed both ways.
    if (upstream !== undefined && url.origin === upstream.origin) {
      try {
        return [await forward(request, url), 'proxied']
      } catch (error) {
        const detail = `The upstream ${upstream.origin} did not answer ${request.method} ${url.href}: ${(error as Error).message}`
        return [problemResponse(502, detail), 'proxied']
      }
    }
    const where = url.origin === own.origin ? own.origin : `${own.origin} (resolved as ${url.origin})`
    const detail =
      `No handler answers ${request.method} ${url.pathname} on ${where}. Add a handler for it, ` +
      'or start the server with an upstream (--upstream <origin>) to send such requests on.'
    return [problemResponse(404, nearMiss === undefined ? detail : `${detail} ${nearMiss.message}`), 'unhandled']
  }
}

/** A near miss as the control API lists it: the handler named by its header. */
function recordedNearMiss(miss: NearMiss | undefined): RecordedNearMiss | undefined {
  if (miss === undefined) return undefined
  return { handler: miss.handler.info.header, reasons: [...miss.reasons], message: miss.message }
}

/** Sends a request on to another server, body streamed; the answer keeps its encoding out (fetch decoded it). */
async function forward(request: Request, url: URL): Promise<Response> {
  const headers = new Headers(request.headers)
  headers.delete('host')
  headers.delete('connection')
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    redirect: 'manual',
    signal: request.signal,
  }
  if (request.body !== null) {
    init.body = request.body
    init.duplex = 'half'
  }
  const answer = await fetch(url, init)
  const out = new Headers(answer.headers)
  // fetch has decoded the body: its length and encoding no longer describe it.
  out.delete('content-encoding')
  out.delete('content-length')
  // eslint-disable-next-line mocklib/no-response-body -- the network's answer, passed on as it streams
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out })
}

export function problemResponse(status: number, detail: string): Response {
  return new Response(JSON.stringify(problem(status, detail)), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE },
  })
}
