import { BatchInterceptor, type HttpRequestEventMap, type Interceptor } from '@mswjs/interceptors'
import { platformWebSocket } from './platform-websocket'
import type { InterceptedRequest, InterceptedResponse, RequestSink, RequestVia } from './source-contract'
import type { InterceptorSet } from './shared-interceptors'

// The symbols @mswjs/interceptors gives its XMLHttpRequest and fetch interceptor classes (compared
// by value: the user's copy of the package may not be the one mocklib/node bundles).
const XHR_INTERCEPTOR = Symbol.for('xhr-interceptor')
const FETCH_INTERCEPTOR = Symbol.for('fetch-interceptor')

/**
 * An interceptor of @mswjs/interceptors (`ClientRequestInterceptor`, `FetchInterceptor`,
 * `XMLHttpRequestInterceptor`), described by the part mocklib's declarations name, so that they
 * do not carry the interceptors' types along.
 */
export interface CustomInterceptor {
  apply(): void
  dispose(): void
}

/**
 * Interceptors a user chose for one server (`new SetupServerApi(handlers, interceptors)`):
 * applied while that server listens, for it alone. Unlike the shared set, nothing coordinates
 * them with other servers: using the same kind of interceptor twice is the user's choice.
 */
export class CustomInterceptors implements InterceptorSet {
  readonly #interceptors: ReadonlyArray<Interceptor<HttpRequestEventMap>>
  readonly #batch: BatchInterceptor<Array<Interceptor<HttpRequestEventMap>>, HttpRequestEventMap>
  #sink: RequestSink | undefined
  #observing = false

  constructor(interceptors: readonly CustomInterceptor[]) {
    // The constructor's caller passes interceptors of the package; their event map is this one.
    this.#interceptors = interceptors as ReadonlyArray<Interceptor<HttpRequestEventMap>>
    this.#batch = new BatchInterceptor({ name: 'mocklib-custom', interceptors: [...this.#interceptors] })
  }

  join(sink: RequestSink): void {
    if (this.#sink !== undefined) return
    this.#sink = sink
    this.#batch.apply()
    // An XMLHttpRequest interceptor gets whole-body answers, as in the shared set.
    for (const interceptor of this.#interceptors) {
      const symbol = (interceptor.constructor as { symbol?: symbol }).symbol
      const via: RequestVia = symbol === XHR_INTERCEPTOR ? 'xhr' : symbol === FETCH_INTERCEPTOR ? 'fetch' : 'http'
      interceptor.on('request', (args: InterceptedRequest) => sink.answer(args, via))
    }
    this.syncResponses()
  }

  leave(sink: RequestSink): void {
    if (this.#sink !== sink) return
    this.#sink = undefined
    this.#observing = false
    this.#batch.dispose()
  }

  syncResponses(): void {
    const wanted = this.#sink?.wantsResponses ?? false
    if (wanted === this.#observing) return
    this.#observing = wanted
    if (wanted) this.#batch.on('response', this.#onResponse)
    else this.#batch.off('response', this.#onResponse)
  }

  /**
   * These interceptors leave the global WebSocket alone: it is the platform's (unless a server of the shared set
   * patched it).
   */
  realWebSocket(): typeof WebSocket {
    return platformWebSocket(globalThis.WebSocket)
  }

  readonly #onResponse = (args: InterceptedResponse): void => {
    this.#sink?.observeResponse(args)
  }
}
