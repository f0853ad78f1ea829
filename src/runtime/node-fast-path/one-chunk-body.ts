import { takeBody } from './kept-body'

/**
 * A mocked response for the http interceptor, its kept text or bytes (kept-body.ts) handed over
 * as one chunk. Its socket reads a mocked body with `response.body.getReader()` and `read()`
 * and nothing else (MockHttpSocket in the bundled @mswjs/interceptors), and the response goes
 * nowhere after it: the client gets the bytes the socket parsed. So the instance gets a `body`
 * of its own, a reader of one chunk, and no web stream is made. Any other response is
 * returned as it is.
 */
export function withOneChunkBody(response: Response): Response {
  const body = takeBody(response)
  if (body === undefined) return response
  const chunk = typeof body === 'string' ? Buffer.from(body) : body
  let sent = chunk.byteLength === 0
  const reader = {
    read: async () => (sent ? { done: true, value: undefined } : ((sent = true), { done: false, value: chunk })),
    cancel: async () => {},
    releaseLock() {},
  }
  Object.defineProperty(response, 'body', { configurable: true, value: { getReader: () => reader } })
  return response
}
