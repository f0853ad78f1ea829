import { problem, PROBLEM_CONTENT_TYPE } from '../control/problem'
import { HttpResponse } from '../runtime/http-response'
import { format } from '../runtime/messages'
import { openApiMessages } from './messages'
import type { Operation } from './operations'
import type { RequestViolation } from './violations'

/** What a generated handler does with a request that breaks its operation. */
export type ValidateRequests = 'error' | 'warn' | false

/**
 * `'error'`: a 400 problem document (RFC 9457) whose `detail` names the request, the operation and
 * the handler, with each violation under `errors`. `'warn'`: the same text printed, and no answer
 * here (the handler answers as for a request that fits).
 */
export function refuseRequest(
  mode: 'error' | 'warn',
  header: string,
  operation: Operation,
  request: Request,
  violations: readonly RequestViolation[],
): Response | undefined {
  const detail = openApiMessages.requestMismatch(header, operation.label, request, violations, mode)
  if (mode === 'warn') {
    console.warn(format(detail))
    return undefined
  }
  const body = { ...problem(400, detail), operation: operation.id, handler: header, errors: violations }
  return HttpResponse.json(body, { status: 400, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE } })
}
