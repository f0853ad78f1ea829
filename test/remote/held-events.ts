// A mocked event stream whose second event waits for the test: it shows that a body reaches the
// app's client part by part, as the resolver produces it, and is not gathered on the way.
import { HttpResponse, http, type RequestHandler } from 'mocklib'
import { expect } from 'vitest'
import { deferred } from '../helpers/deferred'

export interface HeldEvents {
  /** Answers GET `url` with 'data: one', then 'data: two' once the reader has the first. */
  handler: RequestHandler
  /** Reads `response`: the first event must arrive while the second is held back, then the rest. */
  expectPartByPart(response: Response): Promise<void>
}

export function heldEvents(url: string): HeldEvents {
  const release = deferred()
  const encoder = new TextEncoder()
  const handler = http.get(url, () => {
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('data: one\n\n'))
        await release.promise
        controller.enqueue(encoder.encode('data: two\n\n'))
        controller.close()
      },
    })
    return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } })
  })
  async function expectPartByPart(response: Response): Promise<void> {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    expect((await reader.read()).value).toBe('data: one\n\n')
    release.resolve()
    let tail = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) tail += chunk.value
    expect(tail).toBe('data: two\n\n')
  }
  return { handler, expectPartByPart }
}
