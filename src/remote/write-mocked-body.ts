import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { takeBody } from '../runtime/node-fast-path'
import { pipeBody, resetConnection } from '../server/write-response'

/**
 * Writes the remote's answer to a mocked response: a whole body (text or bytes the resolver gave
 * at once) in one write with its length, so the app can take it whole; any other body streamed as
 * the resolver produces it (the head first, so an event stream's client sees it open at once). A
 * body that fails, or a scope that ends, cuts the answer off, so the app's client sees a failed
 * body rather than a short one. `headWritten` runs once the head is out.
 */
export async function writeMockedBody(
  response: Response,
  answer: ServerResponse,
  head: OutgoingHttpHeaders,
  ended: AbortSignal,
  headWritten: () => void,
): Promise<void> {
  const whole = takeBody(response)
  if (whole !== undefined) {
    const bytes = typeof whole === 'string' ? Buffer.from(whole) : whole
    answer.writeHead(200, { ...head, 'content-length': bytes.byteLength })
    headWritten()
    answer.end(bytes)
    return
  }
  answer.writeHead(200, head)
  headWritten()
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
