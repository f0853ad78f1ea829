import { getRawRequest } from '@mswjs/interceptors'
import { LazyAbort } from '../../runtime/lazy-abort-signal'
import { recordClientAbort } from './http-client-aborts'

type GiveUp = 'timeout' | 'abort'

/** The parts of the page's XMLHttpRequest (jsdom's, happy-dom's) this reads and drives. */
interface PageXhr {
  timeout: number
  dispatchEvent(event: Event): boolean
}

/**
 * An intercepted XMLHttpRequest waiting for a mocked answer was never sent by the page's own
 * XMLHttpRequest (the interceptor calls its send() only to pass a request through), so that
 * one neither times out nor reports `abort()`: a slow resolver or `fault.hang()` left the page
 * waiting forever. While the answer is pending this does what a request in flight does: at
 * `timeout` ms, or on `abort()`, the request ends (readyState 4, `readystatechange`, then
 * `timeout` or `abort`, then `loadend`; after an abort readyState is 0), and the pipeline's
 * client signal aborts, so the resolver's `finalize` runs. The later answer is dropped.
 */
export class XhrGiveUp {
  readonly #xhr: PageXhr
  readonly #abort = new LazyAbort()
  #timer: ReturnType<typeof setTimeout> | undefined
  #ended: GiveUp | undefined
  #handedOver = false

  /** Watches the page's request behind `request`, or returns undefined when there is none. */
  static watch(request: Request): XhrGiveUp | undefined {
    const xhr = getRawRequest(request) as PageXhr | undefined
    if (xhr === undefined || typeof xhr.dispatchEvent !== 'function') return undefined
    const watcher = new XhrGiveUp(xhr)
    recordClientAbort(request, watcher.#abort)
    return watcher
  }

  private constructor(xhr: PageXhr) {
    this.#xhr = xhr
    if (xhr.timeout > 0) this.#timer = setTimeout(() => this.#end('timeout'), xhr.timeout)
    Object.defineProperty(xhr, 'abort', { configurable: true, value: () => this.#end('abort') })
  }

  /** True once the page gave up: the answer must not reach it. */
  get ended(): boolean {
    return this.#ended !== undefined
  }

  /**
   * The answer goes to the interceptor (or the network): the page's XMLHttpRequest takes over.
   * False when the page gave up first: the answer must be dropped.
   */
  handOver(): boolean {
    if (this.#ended !== undefined) return false
    if (!this.#handedOver) {
      this.#handedOver = true
      clearTimeout(this.#timer)
      delete (this.#xhr as { abort?: unknown }).abort
    }
    return true
  }

  #end(kind: GiveUp): void {
    if (this.#ended !== undefined || this.#handedOver) return
    this.#ended = kind
    clearTimeout(this.#timer)
    this.#readyState(4)
    this.#fire('readystatechange', false)
    this.#fire(kind, true)
    this.#fire('loadend', true)
    // The standard's abort() leaves an ended request unsent, with no event for it.
    if (kind === 'abort') this.#readyState(0)
    const name = kind === 'timeout' ? 'TimeoutError' : 'AbortError'
    this.#abort.abort(new DOMException(`The page's XMLHttpRequest ended (${kind}).`, name))
  }

  #readyState(state: number): void {
    Object.defineProperty(this.#xhr, 'readyState', { configurable: true, get: () => state })
  }

  /** An event made by the page's own classes (jsdom refuses events of another realm). */
  #fire(type: string, progress: boolean): void {
    const { ProgressEvent: Progress, Event: Plain } = globalThis
    const event = progress && Progress !== undefined ? new Progress(type, { loaded: 0, total: 0 }) : new Plain(type)
    this.#xhr.dispatchEvent(event)
  }
}
