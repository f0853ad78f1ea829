/**
 * An abort signal made on first use, for a client that may give up on a request. Most requests
 * end before anyone asks for the signal, and an AbortController, more so aborting one (a
 * DOMException with its stack), is a real part of a mocked request's cost. `abort()` before
 * the signal exists is remembered: the signal is then made already aborted, with the first reason.
 */
export class LazyAbort {
  #controller: AbortController | undefined
  #aborted = false
  #reason: unknown

  abort(reason?: unknown): void {
    if (this.#aborted) return
    this.#aborted = true
    this.#reason = reason
    this.#controller?.abort(reason)
  }

  /** The signal (a function, as the pipeline accepts a client signal made on first use). */
  readonly signal = (): AbortSignal => {
    if (this.#controller === undefined) {
      this.#controller = new AbortController()
      if (this.#aborted) this.#controller.abort(this.#reason)
    }
    return this.#controller.signal
  }
}
