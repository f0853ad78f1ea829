import type { ServerResponse } from 'node:http'
import { PROBLEM_CONTENT_TYPE, type ProblemDetails } from '../control/problem'

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
