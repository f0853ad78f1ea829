// Which origin a request to the mock server stands for. Handlers written for tests name
// absolute URLs (https://api.example.com/user); a client of the server asks for
// http://127.0.0.1:9090/user. The first handler in list order whose URL pattern takes the
// request's path decides: a relative pattern (/user) keeps the server's own origin, an absolute
// one lends its origin (the request is resolved as https://api.example.com/user). Handlers that
// match any URL (graphql.query() without a link) or a RegExp decide nothing. docs/serve.md.
import { matchRequestUrl } from '../rest/match-request-url'
import { BoundedCache } from '../runtime/bounded-cache'
import { innermost } from '../runtime/delegating-handler'
import type { RequestHandler } from '../runtime/request-handler'

const ABSOLUTE = /^([a-z][a-z\d+\-.]*:)\/\/([^/?#]*)/i
/** A relative pattern took the path: the server's own origin, whatever the fallback. */
const OWN = ''

export class OriginMap {
  #list: readonly RequestHandler[] | undefined
  #patterns: string[] = []
  // Per list: a path's origin is found once, however many requests ask for it.
  #byPath = new BoundedCache<string, string | null>(2000)

  /**
   * The URL to resolve: `url` itself, or the same path and query at a handler's origin. A path
   * no pattern takes is resolved at `fallback` when given (the upstream's or a recording's origin).
   */
  map(url: URL, handlers: readonly RequestHandler[], upgrade: boolean, fallback?: string): URL {
    if (handlers !== this.#list) {
      this.#list = handlers
      this.#patterns = handlers.map(urlPatternOf).filter((pattern): pattern is string => pattern !== undefined)
      this.#byPath = new BoundedCache(2000)
    }
    let origin: string | null | undefined = null
    if (this.#patterns.length > 0) {
      const key = `${upgrade ? 'ws' : 'http'} ${url.pathname}`
      origin = this.#byPath.get(key)
      if (origin === undefined) {
        origin = this.#find(url, upgrade)
        this.#byPath.set(key, origin)
      }
    }
    if (origin === OWN) return url
    origin ??= fallback ?? null
    return origin === null ? url : new URL(url.pathname + url.search, origin)
  }

  /** The origin of the first pattern that takes the path; OWN for a relative one; null for none. */
  #find(url: URL, upgrade: boolean): string | null {
    for (const pattern of this.#patterns) {
      const absolute = ABSOLUTE.exec(pattern)
      if (absolute === null) {
        if (matchRequestUrl(url, pattern, url.origin).matches) return OWN
        continue
      }
      const scheme = absolute[1].toLowerCase()
      if ((scheme === 'ws:' || scheme === 'wss:') !== upgrade) continue
      const origin = originOf(scheme, absolute[2])
      if (origin === undefined) continue
      const candidate = new URL(url.pathname + url.search, origin)
      if (matchRequestUrl(candidate, pattern).matches) return origin
    }
    return null
  }
}

/** A literal origin (no params or wildcards in the host). */
function originOf(scheme: string, authority: string): string | undefined {
  if (/[*(){}]|:[A-Za-z_]/.test(authority)) return undefined
  try {
    return new URL(`${scheme}//${authority}`).origin
  } catch {
    return undefined
  }
}

/** The URL pattern a handler matches requests by, when it has a string one. */
export function urlPatternOf(handler: RequestHandler): string | undefined {
  const inner = innermost(handler) as RequestHandler & { endpoint?: { source?: unknown }; url?: unknown }
  const path = (inner.info as { path?: unknown }).path
  if (typeof path === 'string') return path
  if (typeof inner.endpoint?.source === 'string') return inner.endpoint.source
  return typeof inner.url === 'string' ? inner.url : undefined
}
