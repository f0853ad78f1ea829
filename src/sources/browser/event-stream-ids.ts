import { EventStreamParser } from '../../runtime/event-stream-parser'
import { isSoleMediaType } from '../../runtime/media-ranges'

/**
 * Gives an EventSource's reconnection its `Last-Event-ID` back, through the Service Worker.
 *
 * Chromium leaves the `Last-Event-ID` header out of the reconnection request of an
 * `EventSource` as a Service Worker's fetch event sees it, so a handler (or a real server
 * behind the worker) could not resume. The page produced the stream, so it knows the ids it
 * carried: for each mocked event stream the handler ended (or that failed), the last event ID
 * the client holds is remembered per URL, and the next request to that URL shaped like an
 * EventSource's (GET, `Accept: text/event-stream`, cache mode `no-store`) without the header
 * gets it, within the reconnection delay the stream set (`retry:`, Chromium's 3 s by default)
 * plus a margin. A stream the client cancelled (`source.close()`) leaves nothing behind.
 */
export class EventStreamIds {
  /** Ids waiting for a reconnection, by URL, oldest first. */
  readonly #waiting = new Map<string, Array<{ id: string; until: number }>>()

  /** The request with the remembered Last-Event-ID, when it is a reconnection that lacks one. */
  restore(request: Request): Request {
    if (!isEventSourceRequest(request) || request.headers.has('last-event-id')) return request
    const entries = this.#waiting.get(request.url)
    if (entries === undefined) return request
    const now = Date.now()
    let entry = entries.shift()
    while (entry !== undefined && entry.until < now) entry = entries.shift()
    if (entries.length === 0) this.#waiting.delete(request.url)
    if (entry === undefined) return request
    const headers = new Headers(request.headers)
    headers.set('last-event-id', entry.id)
    return new Request(request, { headers })
  }

  /** The response to deliver: a mocked event stream is read through, to learn the ids it carries. */
  watch(request: Request, response: Response): Response {
    const type = response.headers.get('content-type') ?? ''
    if (!isEventSourceRequest(request) || !/^text\/event-stream\b/i.test(type)) return response
    // eslint-disable-next-line mocklib/no-response-body -- a mocked event stream in the page, read as it streams
    const stream = response.body
    if (stream === null) return response
    let retry = DEFAULT_RETRY_MS
    const parser = new EventStreamParser(
      { event: () => {}, retry: (milliseconds) => (retry = milliseconds) },
      request.headers.get('last-event-id') ?? '',
    )
    const remember = () => {
      if (parser.lastEventId === '') return
      const entries = this.#waiting.get(request.url) ?? []
      entries.push({ id: parser.lastEventId, until: Date.now() + retry + RECONNECT_MARGIN_MS })
      this.#waiting.set(request.url, entries)
    }
    const reader = stream.getReader()
    // A cancel settles a pending read as done: that end is the client's, not the stream's.
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let step: ReadableStreamReadResult<Uint8Array>
        try {
          step = await reader.read()
        } catch (error) {
          if (cancelled) return
          remember()
          controller.error(error)
          return
        }
        if (cancelled) return
        if (step.done) {
          remember()
          controller.close()
        } else {
          parser.pushBytes(step.value)
          controller.enqueue(step.value)
        }
      },
      cancel(reason) {
        cancelled = true
        return reader.cancel(reason)
      },
    })
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}

/** How much later than the stream's reconnection delay a reconnection may still come. */
const RECONNECT_MARGIN_MS = 2000
/** Chromium's reconnection delay when the stream sets none. */
const DEFAULT_RETRY_MS = 3000

function isEventSourceRequest(request: Request): boolean {
  return (
    request.method === 'GET' &&
    request.cache === 'no-store' &&
    isSoleMediaType(request.headers.get('accept'), 'text/event-stream')
  )
}
