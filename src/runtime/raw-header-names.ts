import { isHeadersLike } from './headers-like'

/**
 * Header names as written. Node's http interceptor (@mswjs/interceptors' ClientRequest), while
 * applied, wraps the global `Headers`, `Request` and `Response` and records on each `Headers`
 * the pairs written to it, under a symbol of its own: what `IncomingMessage.rawHeaders` then
 * shows an `http.request` client. The symbol is not exported; it is found by its description.
 */
const DESCRIPTION = 'kRawHeaders'

let recordKey: symbol | undefined

/** The interceptor's symbol, if `headers` carries a record under it. */
export function rawHeadersKeyOf(headers: Headers): symbol | undefined {
  if (recordKey !== undefined) return Object.hasOwn(headers, recordKey) ? recordKey : undefined
  recordKey = Object.getOwnPropertySymbols(headers).find((key) => key.description === DESCRIPTION)
  return recordKey
}

/** The pairs recorded on `headers`, if the interceptor recorded any. */
export function recordedRawHeaders(headers: Headers): Array<[string, string]> | undefined {
  const key = rawHeadersKeyOf(headers)
  const recorded = key === undefined ? undefined : (Reflect.get(headers, key) as unknown)
  return Array.isArray(recorded) ? (recorded as Array<[string, string]>) : undefined
}

/**
 * Records on a response's `headers` the pairs its init wrote, as the interceptor's wrapper of
 * `Response` does (the same pairs, a copy: its list of a `Headers` init, an array's pairs, a
 * record's entries), without the second `Headers` the wrapper builds to read them.
 */
export function recordRawHeaders(headers: Headers, key: symbol, given: HeadersInit): void {
  let pairs: Array<[string, string]>
  if (isHeadersLike(given)) {
    // Another implementation's Headers (a polyfill's) has no record: its pairs are what it holds.
    const recorded = Reflect.get(given, key) as Array<[string, string]> | undefined
    pairs = Array.isArray(recorded) ? recorded.map(([name, value]) => [name, value]) : []
    if (!Array.isArray(recorded)) given.forEach((value, name) => pairs.push([name, value]))
  } else if (Array.isArray(given)) {
    pairs = given.map((pair) => [pair[0], pair[1]] as [string, string])
  } else {
    pairs = Object.entries(given)
  }
  Object.defineProperty(headers, key, { value: pairs, enumerable: false, configurable: true })
}
