import type { HandlerCall } from '../runtime/call-history'
import { currentScopes } from '../runtime/current-scope'
import { declaredAt } from '../runtime/messages'
import type { HandlerShape } from '../runtime/handler-shape'
import { reasonsText } from '../runtime/near-miss'

/** How many calls (or other requests) a failure lists: the latest ones. */
export const LISTED = 10

/** "Handler: GET https://api.test/user declared at test/user.test.ts:4:14" */
export function handlerLine(handler: HandlerShape): string {
  return `Handler: ${handler.info.header}${declaredAt(handler.info)}`
}

export function requestCount(count: number): string {
  return count === 1 ? '1 request' : `${count} requests`
}

/** "request 2 of 3: POST https://api.test/users → 201" */
export function callLine(call: HandlerCall, index: number, total: number): string {
  const request = call.request
  const outcome = call.fellThrough ? 'fell through' : call.response === undefined ? 'no answer' : call.response.status
  return `request ${index + 1} of ${total}: ${request.method} ${request.url} → ${outcome}`
}

/** One line per call, the latest `LISTED` of them. */
export function listCalls(calls: readonly HandlerCall[]): string {
  const from = Math.max(0, calls.length - LISTED)
  const lines = calls.slice(from).map((call, offset) => `  ${callLine(call, from + offset, calls.length)}`)
  if (from > 0) lines.unshift(`  (${requestCount(from)} before these not shown)`)
  return lines.join('\n')
}

/**
 * The requests the listening servers resolved lately, with the handler that answered or why
 * none did, and the one that came closest to `handler` (its near miss): what a handler nobody
 * called may have been meant for.
 */
export function recentRequests(handler: HandlerShape): string {
  const histories = currentScopes().flatMap((scope) => (scope.store.history === undefined ? [] : [scope.store.history]))
  const entries = histories.flatMap((history) => history.entries()).sort((a, b) => a.time - b.time)
  if (entries.length === 0) return 'The server resolved no request (since its handlers were last reset).'
  const lines = entries
    .slice(-LISTED)
    .map((entry) => `  ${entry.method} ${entry.url} → ${entry.handler?.info.header ?? entry.reason ?? 'answered'}`)
  const miss = histories.map((history) => history.nearMisses().get(handler)).find((found) => found !== undefined)
  const closest = miss === undefined ? '' : `\nClosest to it: ${miss.method} ${miss.url}: ${reasonsText(miss.reasons)}`
  return `Requests the server resolved (latest last):\n${lines.join('\n')}${closest}`
}
