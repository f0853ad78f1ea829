import { MocklibTypeError } from '../runtime/errors'
import { compilePattern, execPattern, splitHandlerPath } from '../rest/path-pattern'
import type { RequestContext } from '../runtime/request-context'
import { graphqlMessages } from './messages'

/** A graphql.link() endpoint, compiled once: an absolute URL, a relative path, a wildcard or a RegExp. */
export interface CompiledEndpoint {
  readonly source: string
  /** Equal for endpoints that match the same requests (the same string, or the same RegExp). */
  readonly key: string
  /** A relative endpoint needs a document base URL (a page) to match anything. */
  readonly relative: boolean
  matches(ctx: RequestContext): boolean
}

export function compileEndpoint(endpoint: unknown): CompiledEndpoint {
  if (endpoint instanceof RegExp) {
    const regexp = new RegExp(endpoint.source, endpoint.flags.replace(/[gy]/g, ''))
    return {
      source: String(endpoint),
      key: `regexp ${String(regexp)}`,
      relative: false,
      matches: (ctx) => regexp.test(ctx.cleanUrl),
    }
  }
  if (typeof endpoint !== 'string' || endpoint.trim() === '')
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', graphqlMessages.badEndpoint(endpoint))
  // Query parameters never take part (GET requests carry the operation in them).
  const pattern = compilePattern(splitHandlerPath(endpoint).path)
  return {
    source: endpoint,
    key: `path ${endpoint}`,
    relative: pattern.relative,
    matches(ctx) {
      const resolved = pattern.resolve(ctx.baseUrl)
      return resolved !== undefined && execPattern(resolved, ctx.cleanUrl) !== undefined
    },
  }
}
