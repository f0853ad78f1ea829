/**
 * Jest's jsdom environment runs each test file in a window-like global scope that lacks
 * fetch, Request, Response, TextEncoder and the web streams, although the Node process
 * underneath has them all. mocklib (and the interceptors it ships) are built on these
 * classes, and the code under test calls fetch; so under Node, when the global scope lacks
 * them, mocklib installs Node's own. A scope that has them (Node, browsers, vitest, Jest's
 * node environment) is left exactly as it is.
 */

/** Installed together: a Response's `headers` must be an instance of the global Headers. */
const FETCH_API = ['fetch', 'Request', 'Response', 'Headers'] as const
/** Installed one by one, only where missing. */
const SUPPORT = ['TextEncoder', 'TextDecoder', 'ReadableStream', 'WritableStream', 'TransformStream'] as const

type GlobalScope = Record<string, unknown>

export function ensureFetchGlobals(): void {
  const scope = globalThis as unknown as GlobalScope
  const fetchMissing = typeof scope.Request !== 'function' || typeof scope.Response !== 'function'
  const supportMissing = SUPPORT.some((name) => scope[name] === undefined)
  if (!fetchMissing && !supportMissing) return

  const node = nodeRealmGlobals()
  if (node === undefined) return
  if (fetchMissing) for (const name of FETCH_API) install(scope, name, node[name])
  for (const name of SUPPORT) if (scope[name] === undefined) install(scope, name, node[name])
}

/**
 * The Node process's own global object. A test environment's global scope is a separate
 * realm; `vm.runInThisContext` evaluates in the process's main one. `getBuiltinModule`
 * (Node 20.16+) reaches `node:vm` without an import, so this file stays browser-safe.
 */
function nodeRealmGlobals(): GlobalScope | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  if (typeof proc?.getBuiltinModule !== 'function') return undefined
  const vm = proc.getBuiltinModule('node:vm') as { runInThisContext(code: string): unknown } | undefined
  const main = vm?.runInThisContext('globalThis') as GlobalScope | undefined
  return main === (globalThis as unknown) ? undefined : main
}

function install(scope: GlobalScope, name: string, value: unknown): void {
  if (value === undefined) return
  // Writable and configurable, as the platform's own are: interceptors patch `fetch`.
  Object.defineProperty(scope, name, { value, writable: true, configurable: true, enumerable: false })
}

ensureFetchGlobals()
