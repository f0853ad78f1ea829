import { fromHeaderRecord, toHeaderRecord } from './raw-headers'
import { ResponseChannel, type ResponseObserver } from './response-channel'
import type { ControllerHandler, DispatchController } from './types'

/** A request whose handler speaks undici's v7 API (`onRequestStart`, `onResponseStart`...). */
export class ControllerChannel extends ResponseChannel {
  #paused = false
  /** What the handler holds: it pauses, resumes and aborts this request, wherever it is answered. */
  readonly controller: DispatchController

  constructor(private readonly handler: ControllerHandler) {
    super()
    const channel = this
    this.controller = {
      abort: (reason) => channel.abortFromClient(reason),
      pause() {
        channel.#paused = true
        channel.#networkController()?.pause()
        channel.pause()
      },
      resume() {
        channel.#paused = false
        channel.#networkController()?.resume()
        channel.resume()
      },
      get aborted() {
        return channel.aborted
      },
      get paused() {
        return channel.#paused
      },
      get reason() {
        return channel.reason ?? null
      },
    }
  }

  #networkController(): DispatchController | undefined {
    const network = this.network
    return typeof network === 'object' ? network : undefined
  }

  start(): void {
    this.handler.onRequestStart?.(this.controller, {})
  }

  respond(status: number, statusText: string, headers: Headers): boolean {
    this.handler.onResponseStart?.(this.controller, status, toHeaderRecord(headers), statusText)
    return !this.#paused
  }

  data(chunk: Buffer): boolean {
    this.handler.onResponseData?.(this.controller, chunk)
    return !this.#paused
  }

  protected complete(): void {
    this.handler.onResponseEnd?.(this.controller, {})
  }

  protected upgraded(status: number, headers: Headers, socket: unknown): void {
    this.handler.onRequestUpgrade?.(this.controller, status, toHeaderRecord(headers), socket)
  }

  protected error(error: Error): void {
    this.handler.onResponseError?.(this.controller, error)
  }

  forwarder(observer: ResponseObserver | undefined): ControllerHandler {
    const { handler, controller } = this
    return {
      onRequestStart: (network) => {
        this.link(network)
        if (this.#paused) network.pause()
      },
      onRequestUpgrade: (_, status, headers, socket) => handler.onRequestUpgrade?.(controller, status, headers, socket),
      onResponseStart: (_, status, headers, statusMessage) => {
        observer?.start(status, statusMessage ?? '', fromHeaderRecord(headers))
        handler.onResponseStart?.(controller, status, headers, statusMessage)
      },
      onResponseData: (_, chunk) => {
        observer?.data(chunk)
        handler.onResponseData?.(controller, chunk)
      },
      onResponseEnd: (_, trailers) => {
        this.settle()
        observer?.end()
        handler.onResponseEnd?.(controller, trailers)
      },
      onResponseError: (_, error) => {
        this.settle()
        observer?.error(error)
        handler.onResponseError?.(controller, error)
      },
    }
  }
}
