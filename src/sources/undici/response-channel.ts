import type { AbortRequest, DispatchController, DispatchHandler } from './types'

/** Sees a real response as it passes to the client (for `response:bypass`). */
export interface ResponseObserver {
  start(status: number, statusText: string, headers: Headers): void
  data(chunk: Uint8Array): void
  end(): void
  error(error: unknown): void
}

/**
 * One dispatched request, as the dispatcher source talks to its handler, whichever handler
 * generation undici passed (v6 callbacks or v7 controller; see callback-channel.ts and
 * controller-channel.ts). The source starts it at once, so that the client can abort while the
 * resolver runs; then it either writes a mocked response into it, fails it, or hands the request
 * to the network with `forwarder()`, which links the network's abort, pause and resume to it.
 */
export abstract class ResponseChannel {
  #aborted = false
  #reason: Error | undefined
  #settled = false
  #paused = false
  #wake: (() => void) | undefined
  /** The network's own abort, once a passed-through request reached it. */
  #network: AbortRequest | DispatchController | undefined
  /** Called once when the client aborts a request the source still owns. */
  onAbort: ((reason: Error) => void) | undefined

  get aborted(): boolean {
    return this.#aborted
  }

  get reason(): Error | undefined {
    return this.#reason
  }

  /** Gives the handler the means to abort (`onConnect` / `onRequestStart`). */
  abstract start(): void
  /** Sends the status line and headers; false when the handler asked to pause. */
  abstract respond(status: number, statusText: string, headers: Headers): boolean
  /** Sends a chunk of the body; false when the handler asked to pause. */
  abstract data(chunk: Buffer): boolean
  /** Hands the handler an upgraded connection (a WebSocket handshake's 101 and the socket). */
  protected abstract upgraded(status: number, headers: Headers, socket: unknown): void
  /** The handler for the network dispatcher, in the handler's own generation. */
  abstract forwarder(observer: ResponseObserver | undefined): DispatchHandler
  protected abstract complete(): void
  protected abstract error(error: Error): void

  /** Ends the response. Does nothing once the request ended or failed. */
  end(): void {
    if (this.settle()) this.complete()
  }

  /** Answers an upgrade: the request is over, the connection now belongs to `socket`. */
  upgrade(status: number, headers: Headers, socket: unknown): void {
    if (this.settle()) this.upgraded(status, headers, socket)
  }

  /** Fails the request (the client sees the error). Does nothing once it ended or failed. */
  fail(error: Error): void {
    if (this.settle()) this.error(error)
  }

  /** Resolves when the handler resumes a paused response, or when the client aborts. */
  resumed(): Promise<void> {
    if (!this.#paused || this.#aborted) return Promise.resolve()
    return new Promise((resolve) => (this.#wake = resolve))
  }

  protected pause(): void {
    this.#paused = true
  }

  protected resume(): void {
    this.#paused = false
    const wake = this.#wake
    this.#wake = undefined
    wake?.()
  }

  /** True the first time: the request has now ended or failed. */
  protected settle(): boolean {
    if (this.#settled) return false
    this.#settled = true
    // Aborts are ignored from now on. undici keeps its abort callback (and so this channel) on
    // the response body until a later turn of the event loop: let go of the request meanwhile.
    this.onAbort = undefined
    return true
  }

  /** The client gave up: the network, if the request went there, or the source, deals with it. */
  protected abortFromClient(reason: unknown): void {
    if (this.#aborted || this.#settled) return
    this.#aborted = true
    const error = reason instanceof Error ? reason : new Error(String(reason ?? 'The request was aborted.'))
    this.#reason = error
    const network = this.#network
    if (network !== undefined) {
      if (typeof network === 'function') network(error)
      else network.abort(error)
      return
    }
    this.onAbort?.(error)
    this.resume()
    // undici reports an abort to the handler as an error, after the abort call returns.
    queueMicrotask(() => this.fail(error))
  }

  /** The network took the request over: the client's aborts now go to it. */
  protected link(network: AbortRequest | DispatchController): void {
    this.#network = network
    if (this.#aborted && this.#reason !== undefined) {
      if (typeof network === 'function') network(this.#reason)
      else network.abort(this.#reason)
    }
  }

  protected get network(): AbortRequest | DispatchController | undefined {
    return this.#network
  }
}
