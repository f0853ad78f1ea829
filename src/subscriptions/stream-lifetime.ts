import { onAbort } from '../runtime/on-abort'
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
 * source provides where a Request's never aborts) and the server stopping (`ctx.lifetime`,
 * shared by every open stream, hence onAbort) both end the stream; `ended` (aborted when the
 * stream has ended) cancels both.
 */
export function followRequest(ctx: RequestContext, ended: AbortSignal, ends: StreamEnds): void {
  if (ended.aborted) return
  const gone = ctx.clientSignal
  if (gone.aborted) return ends.left(gone.reason)
  const cancels = [onAbort(gone, () => ends.left(gone.reason))]
  if (ctx.lifetime !== undefined) cancels.push(onAbort(ctx.lifetime, () => ends.stopped()))
  ended.addEventListener('abort', () => cancels.forEach((cancel) => cancel()), { once: true })
}
