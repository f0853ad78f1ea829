import { iterateUntil } from '../../runtime/iterate-until'

/**
 * The events of one schema-backed subscription, as graphql-js `subscribe` reads them (an async
 * iterator of root values): values pushed by `executor.publish()` and, when the schema's
 * `Subscription` field has its own `subscribe` resolver, the values of the iterable it returned.
 * The producer side ends it (`end()`: queued events are still read, then it is done); the
 * consumer side closes it (`return()`: the subscription is over, queued events are dropped).
 * Either way `onClose` runs once and a followed source is closed.
 */
export class EventChannel implements AsyncIterableIterator<unknown> {
  readonly #queue: unknown[] = []
  #waiting: ((result: IteratorResult<unknown>) => void) | undefined
  #failWaiting: ((error: unknown) => void) | undefined
  #failure: { error: unknown } | undefined
  #ended = false
  /** Aborted when the channel ends: a followed source is then closed (its cleanup's errors are ignored). */
  readonly #closed = new AbortController()
  readonly #onClose: () => void

  constructor(onClose: () => void) {
    this.#onClose = onClose
  }

  get ended(): boolean {
    return this.#ended
  }

  /** Queues one event; false once the channel has ended. */
  push(value: unknown): boolean {
    if (this.#ended) return false
    const waiting = this.#waiting
    if (waiting === undefined) this.#queue.push(value)
    else {
      this.#clearWaiting()
      waiting({ value, done: false })
    }
    return true
  }

  /** The producer is done: events already queued are read, then the iterator is done. */
  end(): void {
    if (!this.#close()) return
    const waiting = this.#waiting
    this.#clearWaiting()
    waiting?.({ value: undefined, done: true })
  }

  /** The producer failed: events already queued are read, then `next()` rejects with `error`. */
  fail(error: unknown): void {
    if (!this.#close()) return
    const failWaiting = this.#failWaiting
    this.#clearWaiting()
    if (failWaiting !== undefined) failWaiting(error)
    else this.#failure = { error }
  }

  /**
   * Reads every value of `source` into the channel, then ends it (or fails it with what `source`
   * threw). The channel ending first closes the source, even while it waits for a value.
   */
  follow(source: AsyncIterable<unknown>): void {
    iterateUntil(source, this.#closed.signal, (value) => void this.push(value)).then(
      (end) => end === 'done' && this.end(),
      (error: unknown) => this.fail(error),
    )
  }

  next(): Promise<IteratorResult<unknown>> {
    if (this.#queue.length > 0) return Promise.resolve({ value: this.#queue.shift(), done: false })
    const failure = this.#failure
    if (failure !== undefined) {
      this.#failure = undefined
      return Promise.reject(failure.error)
    }
    if (this.#ended) return Promise.resolve({ value: undefined, done: true })
    return new Promise((resolve, reject) => {
      this.#waiting = resolve
      this.#failWaiting = reject
    })
  }

  /** The consumer is done (the subscription ended on the client's side, or graphql-js stopped reading). */
  return(): Promise<IteratorResult<unknown>> {
    this.#queue.length = 0
    this.#failure = undefined
    this.end()
    return Promise.resolve({ value: undefined, done: true })
  }

  [Symbol.asyncIterator](): this {
    return this
  }

  /** Marks the channel ended; false when it already was. */
  #close(): boolean {
    if (this.#ended) return false
    this.#ended = true
    this.#onClose()
    this.#closed.abort()
    return true
  }

  #clearWaiting(): void {
    this.#waiting = undefined
    this.#failWaiting = undefined
  }
}
