import { messages } from './messages'
import type { RequestHandler, ResolverCleanup } from './request-handler'

/**
 * Runs finalize() cleanups in order (last registered first); failures are reported together.
 * The list is emptied first, so whichever comes first (the resolver settling, the generator
 * ending, the client aborting) runs each cleanup once.
 */
export async function runCleanups(handler: RequestHandler, cleanups: ResolverCleanup[] | undefined): Promise<void> {
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
 * Calls `onAbort` if the client aborts the request while a resolver that registered cleanups
 * is still running (a pending `delay('infinite')`, a stream): the cleanups must not wait for
 * a resolver that may never settle. Returns the function that stops watching.
 */
export function watchAbort(signal: AbortSignal | undefined, onAbort: () => void): () => void {
  if (signal === undefined || signal === null) return () => {}
  if (signal.aborted) {
    queueMicrotask(onAbort)
    return () => {}
  }
  signal.addEventListener('abort', onAbort, { once: true })
  return () => signal.removeEventListener('abort', onAbort)
}
