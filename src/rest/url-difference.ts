import type { NearMissReason } from '../runtime/near-miss'
import type { RequestContext } from '../runtime/request-context'
import { execPattern, safeDecode, type CompiledPattern } from './path-pattern'

/** "scheme://authority" at the start of a URL. */
const ORIGIN = /^[a-z][a-z\d+\-.]*:\/\/[^/]*/i
/** Pattern syntax: a segment that has it stands for more than one text. */
const SYNTAX = /[:*(){}\\]/
/** A segment that takes the rest of the path (`*`, `:path*`, `:path+`). */
const REST = /^(\*+|:[A-Za-z0-9_]+[*+])$/

/**
 * How a request's URL differs from a handler's path pattern, for near misses: its origin, and the
 * one path segment that differs. `[]` when the pattern matches; undefined when more than one segment
 * differs or the pattern cannot be compared segment by segment (relative with no base URL, an
 * optional group).
 */
export function urlDifferences(pattern: CompiledPattern, ctx: RequestContext): NearMissReason[] | undefined {
  const resolved = pattern.resolve(ctx.baseUrl)
  if (resolved === undefined) return undefined
  if (execPattern(resolved, ctx.cleanUrl) !== undefined) return []
  const absolute =
    pattern.relative && ctx.baseUrl !== undefined ? againstBase(pattern.source, ctx.baseUrl) : pattern.source
  const origin = ORIGIN.exec(absolute)?.[0]
  if (origin === undefined) return undefined // a pattern that starts with a wildcard
  const reasons: NearMissReason[] = []
  const received = ctx.url.origin
  if (!SYNTAX.test(origin.slice(origin.indexOf('//') + 2).replace(/:\d+$/, ''))) {
    if (new URL(origin).origin !== received) reasons.push({ kind: 'origin', expected: origin, received })
    // Same path at the handler's origin: the origin is all that differs.
    if (reasons.length > 0 && execPattern(resolved, origin + ctx.url.pathname) !== undefined) return reasons
  }
  const segment = differingSegment(absolute.slice(origin.length), ctx.url.pathname)
  if (segment === undefined) return undefined
  if (segment !== null) reasons.push(segment)
  return reasons
}

/** A relative pattern as the base URL resolves it, its syntax untouched (the URL parser would encode it). */
function againstBase(source: string, baseUrl: string): string {
  const base = new URL(baseUrl)
  if (source.startsWith('/')) return base.origin + source
  return base.origin + base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1) + source
}

/**
 * The one path segment in which the request differs from the pattern: null when none does,
 * undefined when more than one does or the pattern has optional groups.
 */
function differingSegment(patternPath: string, requestPath: string): NearMissReason | null | undefined {
  if (patternPath.includes('{')) return undefined
  const expected = patternPath.split('/').slice(1)
  const received = requestPath.split('/').slice(1)
  // A trailing slash on the request is optional.
  if (received.length > 1 && received[received.length - 1] === '') received.pop()
  let found: NearMissReason | null = null
  for (let index = 0; index < Math.max(expected.length, received.length); index++) {
    const want = expected[index]
    const got = received[index]
    if (want !== undefined && REST.test(want)) break
    if (want !== undefined && got === undefined && want.startsWith(':') && want.endsWith('?')) continue
    if (want !== undefined && got !== undefined && (SYNTAX.test(want) ? got !== '' : sameSegment(want, got))) continue
    if (found !== null) return undefined
    found = {
      kind: 'path',
      segment: index + 1,
      expected: want,
      received: got === undefined ? undefined : safeDecode(got),
    }
  }
  return found
}

function sameSegment(pattern: string, segment: string): boolean {
  return safeDecode(pattern).toLowerCase() === safeDecode(segment).toLowerCase()
}
