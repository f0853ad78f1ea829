import type { HandlerShape } from './handler-shape'
import type { MaybePromise } from './maybe-promise'
import type { RequestContext } from './request-context'

/**
 * One way a handler differs from a request: what the handler takes (`expected`) and what the
 * request has (`received`). A path segment is counted from 1; a missing one is undefined.
 */
export type NearMissReason =
  | { readonly kind: 'method'; readonly expected: string; readonly received: string }
  | { readonly kind: 'origin'; readonly expected: string; readonly received: string }
  | {
      readonly kind: 'path'
      readonly segment: number
      readonly expected: string | undefined
      readonly received: string | undefined
    }
  | { readonly kind: 'query'; readonly name: string }
  | { readonly kind: 'operation-name'; readonly expected: string; readonly received: string; readonly distance: number }
  | { readonly kind: 'operation-type'; readonly expected: string; readonly received: string }
  | { readonly kind: 'endpoint'; readonly expected: string; readonly received: string }
  /** A WebSocket connection that did not ask for the subprotocol (of these, joined by "or") the handler takes. */
  | { readonly kind: 'protocol'; readonly expected: string; readonly received: string | undefined }
  | { readonly kind: 'once' }

/** The handler that came closest to a request no handler took, and why it did not take it. */
export interface NearMiss<Handler = HandlerShape> {
  readonly handler: Handler
  /** The request's method and URL. */
  readonly method: string
  readonly url: string
  /** What differs, most telling first. */
  readonly reasons: readonly NearMissReason[]
  /** One sentence naming the handler, where it was declared, and the reasons. */
  readonly message: string
}

/** A handler that can say how it differs from a request (`RequestHandler.compare`). */
interface Comparable extends HandlerShape {
  compare?(ctx: RequestContext): MaybePromise<readonly NearMissReason[] | undefined>
}

/** What the explanation reads of a scope's handler state (`HandlerStateStore`): whether a `once` handler is spent. */
interface SpentState {
  peek(handler: HandlerShape): { readonly used: boolean } | undefined
}

/** At most this many reasons make a near miss: a handler that differs in more is not close. */
const MAX_REASONS = 2

/**
 * The one explanation of a near miss, for the unhandled-request message, the `onUnhandledRequest`
 * callback, the history entry and (through the entry) the unused-handler report: the handlers
 * closest to the request, closest first (at most three), each with why it did not match. A
 * handler that would match but is a spent `once` handler is the closest of all.
 */
export async function explainNearMisses(
  ctx: RequestContext,
  handlers: readonly HandlerShape[],
  store: SpentState | undefined,
): Promise<NearMiss[]> {
  const found: Array<{ miss: NearMiss; score: number }> = []
  for (const handler of handlers as readonly Comparable[]) {
    let reasons: readonly NearMissReason[] | undefined
    try {
      reasons = await handler.compare?.(ctx)
    } catch {
      continue // best effort: an explanation never changes the outcome
    }
    if (reasons === undefined || reasons.length > MAX_REASONS) continue
    if (reasons.length === 0) {
      // Matches by what it declares, yet did not take the request: spent, or a predicate said no.
      if (handler.options.once !== true || store?.peek(handler)?.used !== true) continue
      reasons = [{ kind: 'once' }]
    }
    found.push({ miss: nearMiss(handler, ctx, reasons), score: score(reasons) })
  }
  // Stable: of equally close handlers, the first in the list comes first.
  return found
    .sort((a, b) => a.score - b.score)
    .slice(0, 3)
    .map((entry) => entry.miss)
}

function nearMiss(handler: HandlerShape, ctx: RequestContext, reasons: readonly NearMissReason[]): NearMiss {
  const at = handler.info.callFrame === undefined ? '' : ` (declared at ${handler.info.callFrame})`
  return {
    handler,
    method: ctx.request.method,
    url: ctx.request.url,
    reasons,
    message: `The closest handler, "${handler.info.header}"${at}, did not match: ${reasonsText(reasons)}.`,
  }
}

/**
 * Fewer differences is closer; a spent `once` handler closest. An operation name a few edits from
 * the request's (a typo, the likeliest miss) counts half a difference, the fewer edits the closer:
 * it beats a handler for any operation on another endpoint.
 */
function score(reasons: readonly NearMissReason[]): number {
  let total = 0
  for (const reason of reasons) {
    if (reason.kind === 'once') continue
    total += reason.kind === 'operation-name' ? 0.5 + reason.distance / 100 : 1
  }
  return total
}

/** The reasons as one clause, from the request's side ("here" is the request). */
export function reasonsText(reasons: readonly NearMissReason[]): string {
  return reasons.map(reasonText).join('; ')
}

function reasonText(reason: NearMissReason): string {
  switch (reason.kind) {
    case 'method':
      return `it takes ${reason.expected} requests, this is ${reason.received}`
    case 'origin':
      return `its origin is ${reason.expected}, this is ${reason.received}`
    case 'path':
      if (reason.received === undefined)
        return `the path ends before segment ${reason.segment} ("${reason.expected}" in the handler)`
      if (reason.expected === undefined)
        return `the path has a segment ${reason.segment} ("${reason.received}") too many`
      return `path segment ${reason.segment} differs: "${reason.received}" here, "${reason.expected}" in the handler`
    case 'query':
      return `the query parameter "${reason.name}" its path names is missing (query parameters never decide a match)`
    case 'operation-name': {
      const edits = reason.distance === 1 ? '1 edit' : `${reason.distance} edits`
      return `it handles the operation "${reason.expected}", this is "${reason.received}" (${edits} apart)`
    }
    case 'operation-type':
      return `it handles ${reason.expected} operations, this is a ${reason.received}: use graphql.${reason.received}()`
    case 'endpoint':
      return `its graphql.link() endpoint ${reason.expected} does not accept ${reason.received}`
    case 'protocol': {
      const asked = reason.received === undefined ? 'none' : `"${reason.received}"`
      return `it takes connections that ask for the subprotocol ${reason.expected}, this one asks for ${asked}`
    }
    case 'once':
      return 'it is a { once: true } handler already spent (restoreHandlers() lets it answer again)'
  }
}

/** Levenshtein distance between two strings, for operation names a letter or two apart. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]
}
