import { onAbort as whenAborted } from './on-abort'
import { messages } from './messages'
import type { HandlerShape, ResolverCleanup } from './handler-shape'

/**
 * Runs finalize() cleanups in order (last registered first); failures are reported together.
 * The list is emptied first, so whichever comes first (the resolver settling, the generator
 * ending, the client aborting) runs each cleanup once.
 */
export async function runCleanups(handler: HandlerShape, cleanups: ResolverCleanup[] | undefined): Promise<void> {
  if (cleanups === undefined || cleanups.length === 0) return
  const errors: unknown[] = []
  for (const cleanup of cleanups.splice(0)) {
    try {
      await cleanup()
    } catch (error) {
      errors.push(error)
    }
  }
  if (errors.length > 0) {
    const message = messages.cleanupFailed(handler.info.header)
    console.error(message, new AggregateError(errors, message))
  }
}

/**
 * Calls `onAbort` once, if any of the signals aborts while a resolver that registered cleanups
 * is still running (the client gives up on a pending `delay('infinite')`, the server stops):
 * the cleanups must not wait for a resolver that may never settle. Returns the function that
 * stops watching.
 */
export function watchAbort(signals: ReadonlyArray<AbortSignal | undefined>, onAbort: () => void): () => void {
  const watched = signals.filter((signal): signal is AbortSignal => signal !== undefined && signal !== null)
  if (watched.some((signal) => signal.aborted)) {
    queueMicrotask(onAbort)
    return () => {}
  }
  // Through on-abort.ts: the server's lifetime signal is watched by every pending resolver.
  const cancels = watched.map((signal) =>
    whenAborted(signal, () => {
      stop()
      onAbort()
    }),
  )
  const stop = () => {
    for (const cancel of cancels) cancel()
  }
  return stop
}
