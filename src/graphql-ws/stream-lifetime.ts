import type { RequestContext } from '../runtime/request-context'

/** What a streamed subscription response does when its request's life ends. */
export interface StreamEnds {
  /** The client left (aborted its request): break the stream off with `reason`. */
  left(reason: unknown): void
  /** The server or worker stopped: end the stream normally. */
  stopped(): void
}

/**
 * Ties a streamed response to its request: the client leaving (its signal, or the one the
 * source provides where a Request's never aborts) and the server stopping (`ctx.lifetime`)
 * both end the stream; `ended` (aborted when the stream has ended) removes the listeners.
 */
export function followRequest(ctx: RequestContext, ended: AbortSignal, ends: StreamEnds): void {
  if (ended.aborted) return
  ctx.lifetime?.addEventListener('abort', () => ends.stopped(), { once: true, signal: ended })
  const gone = ctx.clientSignal
  if (gone.aborted) return ends.left(gone.reason)
  gone.addEventListener('abort', () => ends.left(gone.reason), { once: true, signal: ended })
}
