import type { CallHistory, HandlerCall } from './call-history'
import type { HandlerShape } from './handler-shape'
import { sharedAcrossBuilds } from './shared-across-builds'

/**
 * What this file reads of a scope's handler list (handler-list.ts's `HandlerList`), by shape:
 * `handler.calls` reads it, and the list's module imports the handler class.
 */
export interface TrackedScope {
  current(): readonly HandlerShape[]
  readonly store: { readonly history: CallHistory | undefined }
}

/** Finds the handler list that code running now uses, for one server or worker. */
type ScopeFinder = () => TrackedScope

// Both builds' servers, so either build's executor finds a scope (see shared-across-builds.ts).
const finders = sharedAcrossBuilds('scopeFinders.v1', () => new Set<ScopeFinder>())

/**
 * Registers a listening server or started worker: `find` returns the list it would use for
 * code running now (in Node, the innermost `boundary()`'s). Returns the function that removes it.
 */
export function trackScope(find: ScopeFinder): () => void {
  finders.add(find)
  return () => finders.delete(find)
}

/**
 * The handler lists of every listening server and started worker, as code running now sees
 * them. Work that outlives a request (a subscription) notes them when it starts, so calls made
 * later from a test reach only the work of that test's boundary.
 */
export function currentScopes(): TrackedScope[] {
  return [...finders].map((find) => find())
}

/**
 * Whether work that started while `started` were the current scopes is seen by code for which
 * `now` are: they share one (the same boundary's list, or the same server's), or either side has
 * none (no server or worker was listening), so nothing is hidden outside a scoped set-up.
 */
export function seenFrom(started: readonly object[], now: readonly object[]): boolean {
  return now.length === 0 || started.length === 0 || started.some((scope) => now.includes(scope))
}

/**
 * `handler.calls`: the handler's calls in the history of every scope code running now sees (in
 * Node, the innermost boundary's), oldest first; none when no server keeps a history.
 */
export function callsOf(handler: HandlerShape): HandlerCall[] {
  const calls: HandlerCall[] = []
  for (const scope of currentScopes()) {
    const found = scope.store.history?.callsOf(handler)
    if (found !== undefined) calls.push(...found)
  }
  return calls
}
