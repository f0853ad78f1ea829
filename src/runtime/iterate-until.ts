/**
 * The one loop that reads an iterator on behalf of a consumer who may leave: the later payloads
 * of a `@defer`/`@stream` response into its multipart body (graphql/incremental-delivery.ts) and
 * the results of `subscription.from()` into a subscription (subscriptions/subscription-handle.ts).
 */

/** Why reading ended: the source was exhausted, or the consumer left (`stop` aborted). */
export type IterationEnd = 'done' | 'stopped'

const STOPPED: unique symbol = Symbol('stopped')

/**
 * Hands each value of `source` to `each`, asking for the next one once `each` has settled, until
 * the source ends ('done') or `stop` aborts ('stopped'). An abort stops the waiting at once —
 * for the source's next value as for `each` — and calls the source's `return()` (not awaited),
 * so an iterator parked on a pending `next()` (a pub/sub channel, `events.on()`, the stream an
 * executor reads) lets go of its listeners and timers. A native async generator that is inside
 * an `await` runs its `finally` once that await settles: the language queues its `return()`.
 * Rejects with what the source threw; when `each` throws, the source is closed first.
 */
export async function iterateUntil<T>(
  source: AsyncIterable<T> | Iterable<T>,
  stop: AbortSignal,
  each: (value: T) => unknown,
): Promise<IterationEnd> {
  const iterator =
    Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : (source as Iterable<T>)[Symbol.iterator]()
  for (;;) {
    const step = await raceAbort(iterator.next(), stop)
    if (step === STOPPED) break
    if (step.done === true) return 'done'
    // A source that always has a value ready would win every race: look at the signal too.
    if (stop.aborted) break
    try {
      if ((await raceAbort(each(step.value), stop)) === STOPPED || stop.aborted) break
    } catch (error) {
      closeIterator(iterator)
      throw error
    }
  }
  closeIterator(iterator)
  return 'stopped'
}

/**
 * `value`, or STOPPED once `stop` aborts, whichever comes first. The abort listener goes once
 * either settles: racing every value against one promise of the abort would keep each value (the
 * race's result, held by that promise's reactions) until the abort, a whole subscription's events.
 */
function raceAbort<V>(value: V | PromiseLike<V>, stop: AbortSignal): Promise<V | typeof STOPPED> {
  if (stop.aborted) return Promise.resolve(STOPPED)
  return new Promise((resolve, reject) => {
    const onStop = () => resolve(STOPPED)
    stop.addEventListener('abort', onStop, { once: true })
    const settled = () => stop.removeEventListener('abort', onStop)
    Promise.resolve(value).then(
      (result) => {
        settled()
        resolve(result)
      },
      (error: unknown) => {
        settled()
        reject(error)
      },
    )
  })
}

/** Ends an abandoned iterator, so that its cleanup runs; what that throws or rejects is ignored. */
export function closeIterator(
  iterator: Iterator<unknown, unknown, unknown> | AsyncIterator<unknown, unknown, unknown> | undefined,
): void {
  if (typeof iterator?.return !== 'function') return
  try {
    void Promise.resolve(iterator.return()).catch(() => {})
  } catch {
    // A generator still running refuses; it ends on its own.
  }
}
