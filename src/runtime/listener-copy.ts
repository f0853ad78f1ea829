import { withBody } from './clone-response'
import { mediaRanges } from './media-ranges'

/**
 * The response a `response:mocked` listener gets, beside the one the client reads.
 *
 * Most bodies: the platform's clone, as MSW gives. An event stream is different: it may never
 * end, and a clone (a tee) would keep its source running after the client left as long as the
 * listener's copy is unread (the resolver never learns the client went away), and buffer every
 * event meanwhile. So the client's body passes through a reader that hands each chunk, as the
 * client reads it, to the listener's copy too: a listener reading slowly or never does not hold
 * the client back, a listener reading never takes a chunk from it, and when the client leaves
 * (cancels, aborts) the source is cancelled and the listener's copy ends with what the client got.
 */
export function withListenerCopy(response: Response): [client: Response, listener: Response] {
  const contentType = response.headers.get('content-type')
  const isEventStream = contentType !== null && mediaRanges(contentType)[0]?.type === 'text/event-stream'
  // eslint-disable-next-line mocklib/no-response-body -- an event stream is passed on chunk by chunk
  const source = isEventStream ? response.body : null
  if (source === null || source.locked) return [response, response.clone()]
  const { client, listener } = followingBodies(source)
  return [withBody(response, client), withBody(response, listener)]
}

/** The client's body, read from `source` as the client pulls, and a copy that follows it. */
function followingBodies(source: ReadableStream<Uint8Array>): {
  client: ReadableStream<Uint8Array>
  listener: ReadableStream<Uint8Array>
} {
  let copy!: ReadableStreamDefaultController<Uint8Array>
  let copyOpen = true
  const endCopy = (error?: unknown) => {
    if (!copyOpen) return
    copyOpen = false
    if (error === undefined) copy.close()
    else copy.error(error)
  }
  const listener = new ReadableStream<Uint8Array>({
    start: (controller) => void (copy = controller),
    cancel: () => void (copyOpen = false),
  })
  const reader = source.getReader()
  const client = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let step: ReadableStreamReadResult<Uint8Array>
        try {
          step = await reader.read()
        } catch (error) {
          controller.error(error)
          endCopy(error)
          return
        }
        if (step.done) {
          controller.close()
          endCopy()
          return
        }
        controller.enqueue(step.value)
        if (copyOpen) copy.enqueue(step.value.slice())
      },
      cancel(reason) {
        endCopy()
        return reader.cancel(reason)
      },
    },
    { highWaterMark: 0 },
  )
  return { client, listener }
}
