import type { ServerResponse } from 'node:http'
import { takeBody } from '../runtime/node-fast-path'
import { pipeBody, resetConnection } from '../server/write-response'

/**
 * Writes a mocked body to the remote's answer as the resolver produces it (the head first, so an
 * event stream's client sees it open at once). A body that fails, or a scope that ends, cuts the
 * answer off, so the app's client sees a failed body rather than a short one.
 */
export async function writeMockedBody(response: Response, answer: ServerResponse, ended: AbortSignal): Promise<void> {
  const whole = takeBody(response)
  if (whole !== undefined) {
    answer.end(whole)
    return
  }
  answer.flushHeaders()
  const stop = () => resetConnection(answer)
  ended.addEventListener('abort', stop, { once: true })
  try {
    // eslint-disable-next-line mocklib/no-response-body -- takeBody() found no whole body: the stream is the body
    await pipeBody(answer, response.body)
  } finally {
    ended.removeEventListener('abort', stop)
  }
}
