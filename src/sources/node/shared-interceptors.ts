import { getRawRequest, type HttpRequestEventMap, type Interceptor } from '@mswjs/interceptors'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest'
import { watchClientAborts } from './http-client-aborts'
import { closeHttpParsers } from './close-http-parsers'
import { rememberFaultSockets } from './fault-answers'
import { safeClientDestroy } from './client-destroy'
import { passThroughConnect } from './connect-passthrough'
import { platformWebSocket } from './platform-websocket'
import { answerWebSocketUpgrades } from './ws-package-upgrades'
import type { ConnectionOutcome } from '../../ws/handle-connection'
import { connectToNetwork } from '../../ws/handle-connection'
import { patchWebSocket, type WebSocketPatch } from '../../ws/patch-websocket'
import type { WebSocketConnection } from '../../ws/websocket-connection'
import { FetchSource, type Fetch } from './fetch-source'
import { HttpSource } from './http-source'
import { toNetwork } from '../node-shared/network-scope'
import type { InterceptedRequest, InterceptedResponse, RequestSink, RequestVia } from './source-contract'
import { sharedAcrossBuilds } from '../../runtime/shared-across-builds'

/** Where a server's source joins to receive requests: the shared set, or interceptors of its own. */
export interface InterceptorSet {
  join(sink: RequestSink): void
  leave(sink: RequestSink): void
  /** Re-reads the sinks' `wantsResponses`. */
  syncResponses(): void
  /**
   * The platform's WebSocket, for the real connection behind a client mocklib speaks frames with
   * (platform-websocket.ts).
   */
  realWebSocket(): typeof WebSocket
}

/**
 * The one set of interceptors of a global scope, shared by every server in it.
 *
 * Interceptors patch process-wide globals (fetch, http, XMLHttpRequest, WebSocket), so two servers
 * each applying their own would undo each other's patches when closed out of order. Here
 * servers only join and leave: the globals are patched when the first server starts
 * listening and restored when the last one stops, whatever the order. The server that
 * started listening last answers; when it stops, the one before it takes over again.
 * A server that has left never receives another request.
 */
export class SharedInterceptors implements InterceptorSet {
  readonly #xhr = new XMLHttpRequestInterceptor()
  readonly #fetch = new FetchInterceptor()
  // Requests are listened for per interceptor: the source is told which one caught each.
  // A `ws`-package handshake a handler takes is answered before the http interceptor (ws-package-upgrades.ts).
  readonly #http = answerWebSocketUpgrades(
    passThroughConnect(
      closeHttpParsers(safeClientDestroy(rememberFaultSockets(watchClientAborts(new ClientRequestInterceptor())))),
    ),
    (url, protocols) => (this.#sinks.at(-1)?.takesConnection(url, protocols) === true ? this.#onConnection : undefined),
    () => this.realWebSocket(),
  )
  /** The interceptors applied while servers listen, each with its request listener. */
  readonly #applied: Array<Interceptor<HttpRequestEventMap>> = []
  /**
   * The global WebSocket (Node 22+, Node 20 with --experimental-websocket, jsdom) replaced by
   * mocklib's class (ws/patch-websocket.ts) while a server listens; undefined where there is none.
   */
  #websocket: WebSocketPatch | undefined
  /** The platform's WebSocket, captured before the global is patched (once per apply). */
  #real: typeof WebSocket | undefined
  readonly #sinks: RequestSink[] = []
  /** The lean path for the global fetch, wrapped around the fetch interceptor's (fetch-source.ts). */
  readonly #leanFetch = new FetchSource(
    () => this.#sinks.at(-1),
    () => this.#interceptFetch(),
  )
  /** The lean path for http/https clients, under the ClientRequest interceptor (http-source.ts). */
  readonly #leanHttp = new HttpSource(() => this.#sinks.at(-1))
  /**
   * Which server a request went to, while responses are observed, so that the real response
   * reaches that server alone (by id: the response event carries a copy of the request).
   */
  readonly #owners = new Map<string, RequestSink>()
  #observing = false
  /** The fetch interceptor's patched `fetch`, once applied. */
  #interceptorFetch: Fetch | undefined

  join(sink: RequestSink): void {
    if (this.#sinks.includes(sink)) return
    if (this.#sinks.length === 0) this.#apply()
    this.#sinks.push(sink)
    this.syncResponses()
  }

  leave(sink: RequestSink): void {
    const index = this.#sinks.indexOf(sink)
    if (index === -1) return
    this.#sinks.splice(index, 1)
    for (const [requestId, owner] of this.#owners) if (owner === sink) this.#owners.delete(requestId)
    if (this.#sinks.length === 0) this.#dispose()
    else this.syncResponses()
  }

  /** Real responses are observed only while a server wants them: it costs a clone. */
  syncResponses(): void {
    const wanted = this.#sinks.some((sink) => sink.wantsResponses)
    if (wanted === this.#observing) return
    this.#observing = wanted
    for (const interceptor of this.#applied) {
      if (wanted) interceptor.on('response', this.#onResponse)
      else interceptor.off('response', this.#onResponse)
    }
    if (!wanted) this.#owners.clear()
  }

  realWebSocket(): typeof WebSocket {
    return (this.#real ??= platformWebSocket(globalThis.WebSocket))
  }

  /**
   * Patches what a listening server needs now: http/https always; XMLHttpRequest where the
   * global exists (the interceptor patches nothing otherwise); the global fetch through the lean
   * source, whose interceptor is applied on first use (#interceptFetch).
   */
  #apply(): void {
    const pureFetch = globalThis.fetch
    this.#real = platformWebSocket(globalThis.WebSocket)
    // Before the http interceptor patches Node's functions: it patches the lean entries.
    this.#leanHttp.install()
    this.#listen(this.#http, this.#onRequest)
    if (globalThis.XMLHttpRequest !== undefined) this.#listen(this.#xhr, this.#onXhrRequest)
    if (!this.#leanFetch.install(pureFetch)) this.#interceptFetch()
    this.#websocket = patchWebSocket(globalThis as never, this.#onConnection, toNetwork)
  }

  #listen(interceptor: Interceptor<HttpRequestEventMap>, onRequest: (args: InterceptedRequest) => void): void {
    interceptor.apply()
    interceptor.on('request', onRequest)
    if (this.#observing) interceptor.on('response', this.#onResponse)
    this.#applied.push(interceptor)
  }

  /**
   * The fetch interceptor's `fetch`, for the calls and answers the lean source leaves to it (and
   * every call where there is no lean source). Applied when first needed: it patches the global
   * it finds, so it is shown the platform's fetch for that moment.
   */
  #interceptFetch(): Fetch {
    this.#interceptorFetch ??= this.#leanFetch.underneath(() => {
      this.#listen(this.#fetch, this.#onFetchRequest)
      return globalThis.fetch
    })
    return this.#interceptorFetch
  }

  #dispose(): void {
    this.#observing = false
    this.#owners.clear()
    this.#leanFetch.uninstall()
    this.#interceptorFetch = undefined
    // dispose() removes every listener; #listen() adds them again on the next join.
    for (const interceptor of this.#applied.splice(0)) interceptor.dispose()
    this.#leanHttp.uninstall()
    this.#websocket?.restore()
    this.#websocket = undefined
  }

  readonly #onRequest = (args: InterceptedRequest) => this.#dispatch(args, 'http')
  readonly #onXhrRequest = (args: InterceptedRequest) => this.#dispatch(args, 'xhr')
  readonly #onFetchRequest = (args: InterceptedRequest) => this.#dispatch(args, 'fetch')

  async #dispatch(args: InterceptedRequest, via: RequestVia): Promise<void> {
    // A fetch the lean path answered and handed over for the interceptor's redirect or decoding.
    const decided = this.#leanFetch.takeHandoff(getRawRequest(args.request))
    if (decided !== undefined) return args.controller.respondWith(decided)
    const sink = this.#sinks.at(-1)
    if (sink === undefined) return
    if (this.#observing) this.#owners.set(args.requestId, sink)
    await sink.answer(args, via)
  }

  readonly #onConnection = async (connection: WebSocketConnection): Promise<ConnectionOutcome> => {
    const sink = this.#sinks.at(-1)
    if (sink !== undefined) return sink.connect(connection)
    // Every server closed between the socket's creation and this turn: it is a real one.
    await connectToNetwork(connection)
    return { type: 'passthrough' }
  }

  readonly #onResponse = (args: InterceptedResponse): void => {
    const sink = this.#owners.get(args.requestId)
    this.#owners.delete(args.requestId)
    if (sink !== undefined) sink.observeResponse(args)
  }
}

/**
 * Keyed on the global scope, not on this module: the ESM and CommonJS builds of mocklib are
 * two copies of this file (and of the interceptors), and must still share one set.
 * The key carries a version of this interface; change it when RequestSink changes.
 */
export function sharedInterceptors(): SharedInterceptors {
  return sharedAcrossBuilds('node.sharedInterceptors.v6', () => new SharedInterceptors())
}
