import { BatchInterceptor } from '@mswjs/interceptors'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest'
import type { LifeCycleEventsMap } from '../../runtime/emitter'
import type { PipelineOptions } from '../../runtime/handle-request'
import { messages } from '../../runtime/messages'
import type { RequestHandler } from '../../runtime/request-handler'
import { SetupApi, withBoundMethods, type HandlerListApi } from '../../runtime/setup-api'
import type { UnhandledRequestStrategy } from '../../runtime/unhandled-request'
import { unhandledStrategy, type UnhandledFrameHandle } from '../../runtime/unhandled-frame'
import { FallbackSource } from '../browser/fallback-source'
import type { PageRuntime } from '../browser/resolve-in-page'

export interface NativeListenOptions {
  /** What to do with requests no handler matches. Default: 'warn'. */
  onUnhandledRequest?: UnhandledRequestStrategy
  /** MSW 3's name for `onUnhandledRequest`; a callback gets `{ frame, defaults }`. */
  onUnhandledFrame?: UnhandledFrameHandle
}

/** What `setupServer()` of mocklib/native returns: `setupServer`'s API without `boundary()`. */
export interface SetupServerCommon extends HandlerListApi {
  /** Starts intercepting fetch and XMLHttpRequest. */
  listen(options?: NativeListenOptions): void
  /** Stops intercepting, ends mocked event streams still open, and restores fetch and XMLHttpRequest. */
  close(): void
}

/**
 * React Native's setup. The app's JavaScript realm has no Node modules and no Service Worker:
 * fetch and XMLHttpRequest are patched in place, as a page without a worker does (the page's
 * fallback source serves both), and nothing is logged per request, as in Node.
 */
class NativeSetupServer extends SetupApi<LifeCycleEventsMap> implements SetupServerCommon {
  #pipeline: PipelineOptions = { emitter: this.emitter, onUnhandledRequest: 'warn' }
  // Aborted by close(): mocked responses still streaming (event streams) end with it.
  #lifetime = new AbortController()
  #listening = false
  readonly #source: FallbackSource

  constructor(handlers: RequestHandler[]) {
    super(...handlers)
    const runtime: PageRuntime = {
      emitter: this.emitter,
      list: () => this.activeList(),
      pipeline: () => this.#pipeline,
      quiet: () => true,
      active: () => this.#listening,
    }
    this.#source = new FallbackSource(runtime)
  }

  listen(options: NativeListenOptions = {}): void {
    if (this.#listening) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- listen() twice: a state error, not an argument
      throw new Error(messages.alreadyListening())
    }
    this.#lifetime = new AbortController()
    this.#pipeline = {
      emitter: this.emitter,
      onUnhandledRequest: unhandledStrategy(options, 'server.listen()'),
      lifetime: this.#lifetime.signal,
    }
    this.#source.apply(
      new BatchInterceptor({
        name: 'mocklib-native',
        interceptors: [new FetchInterceptor(), new XMLHttpRequestInterceptor()],
      }),
    )
    this.#listening = true
  }

  close(): void {
    // A second close() is harmless, as in Node.
    if (!this.#listening) return
    this.#listening = false
    this.#source.dispose()
    this.#lifetime.abort()
  }
}

/**
 * Sets up request interception in React Native with the given initial handlers: the app's
 * fetch and XMLHttpRequest are answered from them once `listen()` is called.
 */
export function setupServer(...handlers: RequestHandler[]): SetupServerCommon {
  return withBoundMethods(new NativeSetupServer(handlers), ['listen', 'close'])
}
