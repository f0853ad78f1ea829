/** The callbacks waiting on each signal, behind its one real listener. */
const waiting = new WeakMap<AbortSignal, Set<() => void>>()

/**
 * Calls `callback` once when `signal` aborts; returns the function that cancels it. However many
 * callers wait on one signal (a server's lifetime, with a thousand open streams), the signal has
 * one listener, so Node never warns about a listener leak (MaxListenersExceededWarning at 11).
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = waiting.get(signal)
  if (callbacks === undefined) {
    const created = new Set<() => void>()
    waiting.set(signal, created)
    signal.addEventListener(
      'abort',
      () => {
        waiting.delete(signal)
        for (const waiter of created) waiter()
      },
      { once: true },
    )
    callbacks = created
  }
  const own = callbacks
  own.add(callback)
  return () => own.delete(callback)
}
