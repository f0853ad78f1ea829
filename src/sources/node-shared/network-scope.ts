import { AsyncLocalStorage } from 'node:async_hooks'
import { sharedAcrossBuilds } from '../../runtime/shared-across-builds'

/**
 * Marks requests another source already ran through the pipeline and sent to the network, so
 * that a dispatcher source sends them on untouched and nothing is answered twice: the fetch
 * interceptor performs a passthrough with Node's own fetch, which is undici and so reaches the
 * global dispatcher. Everything started inside `toNetwork(perform)` (the fetch, its redirects)
 * carries the mark; no header is added, so nothing reaches the server.
 *
 * Keyed on the global scope: the ESM and CommonJS builds of mocklib must share one mark.
 */
function scope(): AsyncLocalStorage<true> {
  return sharedAcrossBuilds('node.networkScope.v1', () => new AsyncLocalStorage<true>())
}

/** Runs `perform` (a passthrough) so that dispatcher sources let what it sends go to the network. */
export function toNetwork<T>(perform: () => T): T {
  return scope().run(true, perform)
}

/** True inside `toNetwork()`: the request was already dealt with by another source. */
export function isBoundForNetwork(): boolean {
  return scope().getStore() === true
}
