import { asError } from '../../as-error'
import type { ResponseChannel } from './response-channel'

/**
 * Writes a mocked response into a dispatched request's handler: status and headers, then the
 * body chunk by chunk as the handler reads it (a handler that pauses is waited for), then the
 * end. A body that fails midway fails the request; a client that aborts cancels the body.
 */
export async function writeResponse(response: Response, channel: ResponseChannel, method: string): Promise<void> {
  const body = method === 'HEAD' ? null : response.body
  if (body === null) {
    void response.body?.cancel().catch(() => {})
    channel.respond(response.status, response.statusText, response.headers)
    if (!channel.aborted) channel.end()
    return
  }
  const reader = body.getReader()
  const before = channel.onAbort
  channel.onAbort = (reason) => {
    before?.(reason)
    reader.cancel(reason).catch(() => {})
  }
  try {
    if (!channel.respond(response.status, response.statusText, response.headers)) await channel.resumed()
    for (;;) {
      if (channel.aborted) return
      const { done, value } = await reader.read()
      if (done) break
      if (channel.aborted) return
      if (!channel.data(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) await channel.resumed()
    }
  } catch (error) {
    channel.fail(asError(error))
    return
  }
  if (!channel.aborted) channel.end()
}
