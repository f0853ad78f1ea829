/**
 * When the items queued towards the application may be delivered, on a connection whose messages
 * are delayed (chaos' `latency`): each message is due a drawn time after it was sent, and the
 * queue is delivered in order, so a message never overtakes the one ahead of it (a connection
 * keeps its order) and a close arrives right behind the messages sent before it.
 */
export class DeliveryDelay {
  /** The due time of each queued item, in queue order. */
  readonly #due: number[]
  #timer: ReturnType<typeof setTimeout> | undefined
  #timerAt = Number.POSITIVE_INFINITY

  constructor(
    /** The delay of one message, in ms. */
    private readonly draw: () => number,
    /** Items already queued when the delay began: they are due now. */
    queued: number,
  ) {
    this.#due = Array.from({ length: queued }, () => Date.now())
  }

  /** An item was queued at `position`: a message waits a drawn delay, a close waits for no more than the queue. */
  queued(position: number, isMessage: boolean): void {
    this.#due.splice(position, 0, Date.now() + (isMessage ? this.draw() : 0))
  }

  /**
   * How many items at the head of the queue are due now (they leave the queue); `flush` runs
   * again when the next one is due.
   */
  takeDue(flush: () => void): number {
    const now = Date.now()
    let count = 0
    while (count < this.#due.length && this.#due[count] <= now) count++
    this.#due.splice(0, count)
    if (this.#due.length > 0) this.#wakeAt(this.#due[0], now, flush)
    return count
  }

  /** The connection closed: nothing more is delivered. */
  clear(): void {
    this.#due.length = 0
    clearTimeout(this.#timer)
    this.#timer = undefined
    this.#timerAt = Number.POSITIVE_INFINITY
  }

  #wakeAt(at: number, now: number, flush: () => void): void {
    if (this.#timer !== undefined && this.#timerAt <= at) return
    clearTimeout(this.#timer)
    this.#timerAt = at
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      this.#timerAt = Number.POSITIVE_INFINITY
      flush()
    }, at - now)
  }
}
