/**
 * undici keeps the state of a `Request` and a `Response` under a `Symbol('state')` on Node 20
 * and 22; Node 24's undici keeps it in a private field. Found on first use (not when the module
 * loads, which may be before fetch-globals.ts installs the Fetch API); null where there is none.
 */
let kState: symbol | null | undefined

function stateSymbol(): symbol | null {
  if (kState === undefined) {
    const PlatformResponse = globalThis.Response.prototype.constructor as typeof Response
    kState =
      Object.getOwnPropertySymbols(new PlatformResponse()).find((symbol) => symbol.description === 'state') ?? null
  }
  return kState
}

/** Whether undici's state of requests and responses can be reached here. */
export function hasPlatformState(): boolean {
  return stateSymbol() !== null
}

/** undici's state of a platform `Request` or `Response`; undefined where it cannot be reached. */
export function platformState<State>(object: object): State | undefined {
  const symbol = stateSymbol()
  return symbol === null ? undefined : (object as Record<symbol, State | undefined>)[symbol]
}

/**
 * The platform's own `Request` class. While the http interceptor is applied, the global
 * `Request` is a proxy that records raw header names for `http.request` clients; a request
 * the fetch and undici sources build never reaches them, so it skips that work. (A proxy's `prototype`
 * is its target's, whose `constructor` is the class itself.)
 */
export function platformRequest(): typeof Request {
  return globalThis.Request.prototype.constructor as typeof Request
}
