import type { RequestDraft } from '../../runtime/request-draft'
import { draftOf } from '../node-shared/request-draft-of'

/** The init keys a draft reads; a call with any other is made into a `Request` at once. */
const DRAFT_KEYS = new Set(['method', 'headers', 'body', 'signal', 'credentials', 'redirect', 'mode'])
const MODES = new Set<unknown>([undefined, 'cors', 'same-origin'])

/**
 * A draft of the `Request` the lean fetch source would make for `fetch(input, init)`
 * (node-shared/request-draft-of.ts), for a plain init with the usual members; undefined for any
 * other call. The init and its headers are copied now, keeping the names' case as written.
 */
export function draftFetchRequest(
  RequestClass: typeof Request,
  input: string | URL,
  init: RequestInit | undefined,
): RequestDraft | undefined {
  const options: RequestInit = init ?? {}
  for (const key in options) if (!DRAFT_KEYS.has(key)) return undefined
  if (!MODES.has(options.mode)) return undefined
  let headers: HeadersInit | undefined
  try {
    headers = copyOfHeaders(options.headers)
  } catch {
    return undefined
  }
  return headers === undefined ? undefined : draftOf(RequestClass, String(input), { ...options, headers })
}

/**
 * A copy of the headers keeping the names' case and order as written (what the request sends),
 * for a plain object, an array of pairs or a `Headers` (whose copy keeps them too); undefined
 * for anything else (a custom iterable may give its entries once).
 */
function copyOfHeaders(headers: unknown): HeadersInit | undefined {
  if (headers === undefined) return []
  if (headers instanceof Headers) return new Headers(headers)
  if (Array.isArray(headers)) {
    const pairs: Array<[string, string]> = []
    for (const pair of headers) {
      if (!Array.isArray(pair) || pair.length !== 2) return undefined
      pairs.push([pair[0], pair[1]])
    }
    return pairs
  }
  if (typeof headers !== 'object' || headers === null) return undefined
  const proto = Object.getPrototypeOf(headers)
  if ((proto !== Object.prototype && proto !== null) || Object.getOwnPropertySymbols(headers).length > 0)
    return undefined
  return Object.entries(headers as Record<string, string>)
}
