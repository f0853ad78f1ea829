import { asError } from '../../runtime/as-error'
import { discardBody, hasResponseBody, takeBody } from '../../runtime/node-fast-path'
import type { ResponseChannel } from './response-channel'

/**
 * Writes a mocked response into a dispatched request's handler: status and headers, then the
 * body chunk by chunk as the handler reads it (a handler that pauses is waited for), then the
 * end. A body that fails midway fails the request; a client that aborts cancels the body.
 */
export async function writeResponse(response: Response, channel: ResponseChannel, method: string): Promise<void> {
  if (method === 'HEAD' || !hasResponseBody(response)) {
    discardBody(response)
    channel.respond(response.status, response.statusText, response.headers)
    if (!channel.aborted) channel.end()
    return
  }
  // Text or bytes the resolver gave go as one chunk, without a stream (runtime/node-fast-path).
  const whole = takeBody(response)
  if (whole !== undefined) return writeWhole(whole, response, channel)
  // eslint-disable-next-line mocklib/no-response-body -- takeBody() found no whole body: the stream is the body
  const body = response.body as ReadableStream<Uint8Array>
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

async function writeWhole(body: string | Uint8Array, response: Response, channel: ResponseChannel): Promise<void> {
  if (!channel.respond(response.status, response.statusText, response.headers)) await channel.resumed()
  if (channel.aborted) return
  // A copy: the client may change the bytes it gets, and a clone of the response shares them.
  const chunk = Buffer.from(body)
  if (chunk.byteLength > 0 && !channel.data(chunk)) await channel.resumed()
  if (!channel.aborted) channel.end()
}
