// matchRequestUrl(): the path matching of HTTP handlers, for code that matches URLs itself
// (custom handlers, middleware), with MSW 2's signature.
import { getDocumentBaseUrl } from '../runtime/environment'
import { compilePattern, execPattern, getCleanUrl, splitHandlerPath, type PathParams } from './path-pattern'
import { regexpParamNames, regexpParams } from './regexp-params'

/** What an HTTP handler matches URLs against: a path pattern or a RegExp. */
export type Path = string | RegExp

/** The outcome of `matchRequestUrl()`: whether the URL matched, and the params it captured. */
export interface Match {
  matches: boolean
  params?: PathParams
}

/**
 * Matches a URL against a path as an HTTP handler would: the query and hash of the URL are
 * ignored; a relative path resolves against `baseUrl` (default: the document's location, in a
 * browser); a RegExp is tested against the URL without its query and hash.
 */
export function matchRequestUrl(url: URL, path: Path, baseUrl: string | undefined = getDocumentBaseUrl()): Match {
  const clean = getCleanUrl(url)
  if (path instanceof RegExp) {
    const regexp = new RegExp(path.source, path.flags.replace(/[gy]/g, ''))
    const params = regexpParams(regexp, regexpParamNames(regexp.source), clean)
    return params === undefined ? { matches: false, params: {} } : { matches: true, params }
  }
  const resolved = compilePattern(splitHandlerPath(path).path).resolve(baseUrl)
  const result = resolved === undefined ? undefined : execPattern(resolved, clean)
  return result === undefined ? { matches: false, params: {} } : { matches: true, params: result.params }
}
