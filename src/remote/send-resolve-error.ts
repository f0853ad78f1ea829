import type { ServerResponse } from 'node:http'
import { headerNames } from '../control/protocol'
import { problem } from '../control/problem'
import { sendProblem } from '../server/control-json'

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
