import { asError } from '../../runtime/as-error'
import { withListenerCopy } from '../../runtime/listener-copy'
import { handleConnection, takesConnection, type ConnectionOutcome } from '../../ws/handle-connection'
import type { WebSocketConnection } from '../../ws/websocket-connection'
import type { LifeCycleEmitter } from '../../runtime/emitter'
import { handleRequest, type PipelineOptions, type PipelineResult } from '../../runtime/handle-request'
import type { HandlerList } from '../../runtime/handler-list'
import { clientSignal } from './http-client-aborts'
import { isRequestDraft, requestOf, type SourceRequest } from '../../runtime/request-draft'
import { answerHandshakeRequest } from './handshake-requests'
import type { UpgradeRoute } from './ws-package-upgrades'
import type {
  FetchSourceKind,
  HttpSourceKind,
  InterceptedResponse,
  RequestSink,
  RequestVia,
  SinkRequest,
} from './source-contract'
import { sharedInterceptors, type InterceptorSet } from './shared-interceptors'
import { toNetwork } from '../node-shared/network-scope'
import { withOneChunkBody, withWholeBody } from '../../runtime/node-fast-path'
import { faultOf } from '../../runtime/fault'
import { readyFault } from './fault-answers'
import { XhrGiveUp } from './xhr-give-up'

/**
 * The Node source of one server: while it listens, it takes the requests that the shared
 * interceptors (fetch, http/https, XMLHttpRequest; see shared-interceptors.ts) and the lean
 * fetch source (fetch-source.ts) route to it,
 * runs each through the shared pipeline once, and answers through the interceptor's controller.
 * WebSocket connections go through the connection pipeline (ws/handle-connection.ts).
 */
export class InterceptorSource implements RequestSink {
  #applied = false
  fetchSource: FetchSourceKind = 'lean'
  httpSource: HttpSourceKind = 'interceptor'

  constructor(
    private readonly getList: () => HandlerList,
    private readonly options: () => PipelineOptions,
    private readonly emitter: LifeCycleEmitter,
    private readonly interceptors: () => InterceptorSet = sharedInterceptors,
  ) {
    emitter.onListenersChange(() => {
      if (this.#applied) this.interceptors().syncResponses()
    })
  }

  get applied(): boolean {
    return this.#applied
  }

  get wantsResponses(): boolean {
    return this.emitter.has('response:bypass')
  }

  apply(fetchSource: FetchSourceKind = 'lean', httpSource: HttpSourceKind = 'interceptor'): void {
    this.fetchSource = fetchSource
    this.httpSource = httpSource
    this.#applied = true
    this.interceptors().join(this)
  }

  dispose(): void {
    this.#applied = false
    this.interceptors().leave(this)
  }

  async answer(args: SinkRequest, via: RequestVia): Promise<void> {
    const giveUp = via === 'xhr' ? XhrGiveUp.watch(requestOf(args.request)) : undefined
    await this.#deliver(args, via, giveUp)
    // A page that gave up waits for nothing more; settling would make the interceptor send it.
    if (giveUp?.ended === true) return new Promise<never>(() => {})
  }

  /** Answers through the controller, unless the page's XMLHttpRequest gave up first (`giveUp`). */
  async #deliver({ request, requestId, controller }: SinkRequest, via: RequestVia, giveUp?: XhrGiveUp): Promise<void> {
    const result = await this.#resolve(request, requestId)
    if (giveUp !== undefined && result.type !== 'mocked' && !giveUp.handOver()) return
    if (result.type === 'passthrough') {
      // Node's fetch performs it through undici's global dispatcher: marked, so that a
      // dispatcher source (undici/) sends it on instead of answering it a second time.
      // Started, not awaited: the interceptor races this listener against the client's abort
      // and answers an abort itself, and the fetch's own outcome (an AbortError included)
      // reaches the client through the interceptor. What can reject here is only the
      // controller refusing a request the abort already answered.
      if (via === 'fetch') toNetwork(() => controller.passthrough()).catch(() => undefined)
      return
    }
    if (result.type === 'error') {
      controller.errorWith(asError(result.error))
      return
    }
    const { response } = result
    const faulted = faultOf(response)
    if (faulted !== undefined) {
      const made = requestOf(request)
      const signal = clientSignal(made)
      const error = readyFault(faulted, made, via, typeof signal === 'function' ? signal() : signal)
      if (error !== undefined) return giveUp?.handOver() === false ? undefined : controller.errorWith(error)
    }
    const { emitter } = this
    const observed = emitter.has('response:mocked') && response.type !== 'error'
    // Listeners get a copy, so reading it never takes the body from the client (listener-copy.ts).
    const [delivered, clone] = observed ? withListenerCopy(response) : [response, undefined]
    let answer = via === 'http' ? withOneChunkBody(delivered) : delivered
    if (via === 'xhr') {
      try {
        answer = await withWholeBody(delivered)
      } catch (error) {
        // The mocked body failed midway: for the page, the network failed.
        if (giveUp?.handOver() !== false) controller.errorWith(asError(error))
        return
      }
      if (giveUp?.handOver() === false) return
    }
    try {
      controller.respondWith(answer)
    } catch (error) {
      // The pipeline vets responses, but a source must never leave a client waiting.
      controller.errorWith(asError(error))
      return
    }
    if (clone !== undefined)
      emitter.emit('response:mocked', { response: clone, request: requestOf(request), requestId })
  }

  /** The pipeline's outcome, or the 101 of a WebSocket handshake a `ws` handler takes (handshake-requests.ts). */
  #resolve(request: SourceRequest, requestId: string): Promise<PipelineResult> {
    const handshake = answerHandshakeRequest(request, this.#route, this.#realWebSocket)
    if (handshake === undefined) {
      // A draft's signal is its request's (the pipeline makes it if asked); http's come from the socket.
      const signal = isRequestDraft(request) ? undefined : clientSignal(request)
      return handleRequest(request, requestId, this.getList(), this.options(), signal)
    }
    return handshake.then(
      (response): PipelineResult => ({ type: 'mocked', response, handler: undefined }),
      (error: unknown): PipelineResult => ({ type: 'error', error }),
    )
  }

  // Made once: every request passes them to answerHandshakeRequest, which rarely calls them.
  readonly #route: UpgradeRoute = (url, protocols) =>
    this.takesConnection(url, protocols) ? (connection) => this.connect(connection) : undefined
  readonly #realWebSocket = (): typeof WebSocket => this.interceptors().realWebSocket()

  takesConnection(url: URL, protocols: string[] | undefined): boolean {
    return takesConnection(this.getList(), url, protocols)
  }

  connect(connection: WebSocketConnection): Promise<ConnectionOutcome> {
    return handleConnection(connection, this.getList(), this.options())
  }

  observeResponse({ response, request, requestId, isMockedResponse }: InterceptedResponse): void {
    if (!isMockedResponse && this.#applied) this.emitter.emit('response:bypass', { response, request, requestId })
  }
}
