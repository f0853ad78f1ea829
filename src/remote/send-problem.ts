import type { ServerResponse } from 'node:http'
import { headerNames } from '../control/protocol'
import { PROBLEM_CONTENT_TYPE, problem, type ProblemDetails } from '../control/problem'

/**
 * Answers with a problem document. `status` overrides the HTTP status where the protocol carries
 * the problem inside a successful exchange (the resolve route's `error` outcome).
 */
export function sendProblem(
  answer: ServerResponse,
  details: ProblemDetails,
  options: { status?: number; headers?: Record<string, string> } = {},
): void {
  const body = JSON.stringify(details)
  answer.writeHead(options.status ?? details.status, {
    ...options.headers,
    'content-type': PROBLEM_CONTENT_TYPE,
    'content-length': String(Buffer.byteLength(body)),
  })
  answer.end(body)
}

/**
 * The resolve route's `error` outcome: a problem document inside a 200, or, when the answer's
 * head is already out, a cut connection (the app's client then sees a failed body).
 */
export function sendResolveError(answer: ServerResponse, detail: string): void {
  if (answer.headersSent) {
    answer.destroy()
    return
  }
  sendProblem(answer, problem(409, detail), { status: 200, headers: { [headerNames.outcome]: 'error' } })
}
