/**
 * State both builds of mocklib must share. The ESM and CommonJS builds are two copies of every
 * module, and an application may hold handlers from one and a server from the other: what one
 * copy records about a handler (used, listed in a running server's scope) must be what the
 * other reads. Kept on the global scope under a registry symbol; `key` names the value and the
 * version of its shape (change it when the shape changes).
 */
export function sharedAcrossBuilds<T>(key: string, make: () => T): T {
  const scope = globalThis as unknown as Record<symbol, T | undefined>
  const symbol = Symbol.for(`mocklib.${key}`)
  return (scope[symbol] ??= make())
}
