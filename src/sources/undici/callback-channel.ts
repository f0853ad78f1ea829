import { fromRawHeaders, toRawHeaders } from './raw-headers'
import { ResponseChannel, type ResponseObserver } from './response-channel'
import type { CallbackHandler } from './types'

/** A request whose handler speaks undici's v6 callbacks (`onConnect`, `onHeaders`, `onData`...). */
export class CallbackChannel extends ResponseChannel {
  readonly #resume = () => this.resume()

  constructor(private readonly handler: CallbackHandler) {
    super()
  }

  start(): void {
    this.handler.onConnect?.((reason) => this.abortFromClient(reason), {})
  }

  respond(status: number, statusText: string, headers: Headers): boolean {
    this.handler.onResponseStarted?.()
    return this.#flow(this.handler.onHeaders?.(status, toRawHeaders(headers), this.#resume, statusText))
  }

  data(chunk: Buffer): boolean {
    return this.#flow(this.handler.onData?.(chunk))
  }

  protected complete(): void {
    this.handler.onComplete?.([])
  }

  protected upgraded(status: number, headers: Headers, socket: unknown): void {
    this.handler.onUpgrade?.(status, toRawHeaders(headers), socket)
  }

  protected error(error: Error): void {
    this.handler.onError?.(error)
  }

  #flow(result: boolean | void): boolean {
    if (result !== false) return true
    this.pause()
    return false
  }

  forwarder(observer: ResponseObserver | undefined): CallbackHandler {
    const { handler } = this
    return {
      onConnect: (abort) => this.link(abort),
      onResponseStarted: () => handler.onResponseStarted?.(),
      onHeaders: (status, raw, resume, statusText) => {
        observer?.start(status, statusText, fromRawHeaders(raw))
        return handler.onHeaders?.(status, raw, resume, statusText)
      },
      onData: (chunk) => {
        observer?.data(chunk)
        return handler.onData?.(chunk)
      },
      onComplete: (trailers) => {
        this.settle()
        observer?.end()
        handler.onComplete?.(trailers)
      },
      onError: (error) => {
        this.settle()
        observer?.error(error)
        if (handler.onError === undefined) throw error
        handler.onError(error)
      },
      onUpgrade: (status, raw, socket) => handler.onUpgrade?.(status, raw, socket),
      onBodySent: (chunk) => handler.onBodySent?.(chunk),
      onRequestSent: () => handler.onRequestSent?.(),
    }
  }
}
