import type { BatchInterceptor, HttpRequestEventMap, Interceptor } from '@mswjs/interceptors'
import { resolveInPage, type PageRuntime } from './resolve-in-page'

type RequestEvent = HttpRequestEventMap['request'][0]
type ResponseEvent = HttpRequestEventMap['response'][0]
type Batch = BatchInterceptor<Array<Interceptor<HttpRequestEventMap>>, HttpRequestEventMap>

/**
 * The source for pages without Service Workers (non-secure origins, file: pages), and for React
 * Native (mocklib/native): fetch and XMLHttpRequest are patched inside the JavaScript realm.
 * A page loads the interceptors only here (`start()`), so pages that use the worker never
 * download them; React Native, whose `listen()` is synchronous, hands them to `apply()`.
 */
export class FallbackSource {
  #interceptor: Batch | undefined

  constructor(private readonly runtime: PageRuntime) {}

  async start(): Promise<void> {
    const [{ BatchInterceptor }, { FetchInterceptor }, { XMLHttpRequestInterceptor }] = await Promise.all([
      import('@mswjs/interceptors'),
      import('@mswjs/interceptors/fetch'),
      import('@mswjs/interceptors/XMLHttpRequest'),
    ])
    this.apply(
      new BatchInterceptor({
        name: 'mocklib-fallback',
        interceptors: [new FetchInterceptor(), new XMLHttpRequestInterceptor()],
      }),
    )
  }

  /** Patches what `interceptor` covers and answers its requests from the handlers. */
  apply(interceptor: Batch): void {
    interceptor.apply()
    interceptor.on('request', this.#onRequest)
    interceptor.on('response', this.#onResponse)
    this.#interceptor = interceptor
  }

  async stop(): Promise<void> {
    this.dispose()
  }

  /** Restores what `apply()` patched. */
  dispose(): void {
    this.#interceptor?.dispose()
    this.#interceptor = undefined
  }

  readonly #onRequest = async ({ request, requestId, controller }: RequestEvent): Promise<void> => {
    const answer = await resolveInPage(request, requestId, this.runtime)
    if (answer.type === 'passthrough') return
    if (answer.type === 'network-error') {
      controller.respondWith(Response.error())
    } else {
      controller.respondWith(answer.response)
    }
    answer.delivered()
  }

  readonly #onResponse = ({ response, request, requestId, isMockedResponse }: ResponseEvent): void => {
    if (!isMockedResponse) this.runtime.emitter.emit('response:bypass', { response, request, requestId })
  }
}
