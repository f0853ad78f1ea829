import { BatchInterceptor, type HttpRequestEventMap } from '@mswjs/interceptors'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest'
import type { LifeCycleEmitter } from '../emitter'
import { handleRequest, type PipelineOptions } from '../handle-request'
import type { HandlerList } from '../handler-list'
import { closeHttpParsers } from './close-http-parsers'
import { WebSocketSource } from './websocket-source'
import { withWholeBody } from './whole-body-response'

type RequestListener = (args: HttpRequestEventMap['request'][0]) => Promise<void>
type ResponseListener = (args: HttpRequestEventMap['response'][0]) => void

/**
 * The Node source: @mswjs/interceptors patches global fetch, http/https, XMLHttpRequest and
 * WebSocket (connections go through the connection pipeline, see websocket-source.ts);
 * each intercepted request goes through the shared pipeline once, and the answer goes back
 * through the interceptor's controller. Interceptors are created once per server and
 * re-applied on every listen(), so listen/close cycles stay cheap.
 */
export class InterceptorSource {
  readonly #xhr = new XMLHttpRequestInterceptor()
  // Requests are listened for per interceptor: XMLHttpRequest answers need one adjustment.
  readonly #interceptors = [closeHttpParsers(new ClientRequestInterceptor()), this.#xhr, new FetchInterceptor()] as const
  readonly #interceptor = new BatchInterceptor({ name: 'mocklib-node', interceptors: [...this.#interceptors] })
  readonly #websocket: WebSocketSource
  #applied = false
  #responseListener: ResponseListener | undefined

  constructor(
    private readonly getList: () => HandlerList,
    private readonly options: () => PipelineOptions,
    private readonly emitter: LifeCycleEmitter,
  ) {
    emitter.onListenersChange(() => this.#syncResponseListener())
    this.#websocket = new WebSocketSource(getList, options)
  }

  get applied(): boolean {
    return this.#applied
  }

  apply(): void {
    this.#interceptor.apply()
    for (const interceptor of this.#interceptors) {
      interceptor.on('request', interceptor === this.#xhr ? this.#onXhrRequest : this.#onRequest)
    }
    this.#websocket.apply()
    this.#applied = true
    this.#syncResponseListener()
  }

  dispose(): void {
    this.#applied = false
    this.#responseListener = undefined
    this.#interceptor.dispose()
    this.#websocket.dispose()
  }

  readonly #onRequest: RequestListener = (args) => this.#answer(args, false)
  readonly #onXhrRequest: RequestListener = (args) => this.#answer(args, true)

  async #answer({ request, requestId, controller }: Parameters<RequestListener>[0], forXhr: boolean): Promise<void> {
    const result = await handleRequest(request, requestId, this.getList(), this.options())
    if (result.type === 'passthrough') return
    if (result.type === 'error') {
      controller.errorWith(result.error instanceof Error ? result.error : new Error(String(result.error)))
      return
    }
    const { response } = result
    const { emitter } = this
    const observed = emitter.has('response:mocked') && response.type !== 'error'
    // Listeners get a clone, so reading it never takes the body from the client.
    const clone = observed ? response.clone() : undefined
    let answer = response
    if (forXhr) {
      try {
        answer = await withWholeBody(response)
      } catch (error) {
        // The mocked body failed midway: for the page, the network failed.
        controller.errorWith(error instanceof Error ? error : new Error(String(error)))
        return
      }
    }
    try {
      controller.respondWith(answer)
    } catch (error) {
      // The pipeline vets responses, but a source must never leave a client waiting.
      controller.errorWith(error instanceof Error ? error : new Error(String(error)))
      return
    }
    if (clone !== undefined) emitter.emit('response:mocked', { response: clone, request, requestId })
  }

  /** Real responses are observed only while someone listens for them: it costs a clone. */
  #syncResponseListener(): void {
    if (!this.#applied) return
    const wanted = this.emitter.has('response:bypass')
    if (wanted && this.#responseListener === undefined) {
      this.#responseListener = ({ response, request, requestId, isMockedResponse }) => {
        if (!isMockedResponse) this.emitter.emit('response:bypass', { response, request, requestId })
      }
      this.#interceptor.on('response', this.#responseListener)
    } else if (!wanted && this.#responseListener !== undefined) {
      this.#interceptor.off('response', this.#responseListener)
      this.#responseListener = undefined
    }
  }
}
