import { copyInstanceFields } from '../clone-response'

/**
 * The same response, its body handed out as one chunk. For XMLHttpRequest: the interceptor
 * appends every chunk of a mocked body to a copy of all the chunks before it, so a body streamed
 * in many small chunks costs time quadratic in its size (minutes for 50 MB in 64 KB chunks).
 * It also reads the whole body before the page sees any of it, so one chunk changes nothing
 * the page can observe: only the cost. An error of the source still fails the body.
 */
export function withWholeBody(response: Response): Response {
  const source = response.body
  if (source === null || response.type === 'error') return response
  const reader = source.getReader()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunks: Uint8Array[] = []
      let size = 0
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        chunks.push(value)
        size += value.byteLength
      }
      if (chunks.length === 1) controller.enqueue(chunks[0])
      else if (size > 0) {
        const whole = new Uint8Array(size)
        let offset = 0
        for (const chunk of chunks) {
          whole.set(chunk, offset)
          offset += chunk.byteLength
        }
        controller.enqueue(whole)
      }
      controller.close()
    },
    cancel(reason) {
      return reader.cancel(reason)
    },
  })
  const constructible = response.status >= 200 && response.status <= 599
  const whole = new Response(body, {
    status: constructible ? response.status : 200,
    statusText: response.statusText,
    headers: response.headers,
  })
  copyInstanceFields(response, whole)
  return whole
}
