import { encodeEventStreamComment, encodeEventStreamFields, type EventStreamFields } from './event-stream-encoder'

/** Why an event stream ended: the producer closed or failed it, or the consumer went away. */
export type EventStreamEnd = 'closed' | 'errored' | 'cancelled'

const encoder = new TextEncoder()

/** The headers every event stream response carries. */
export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
}

/**
 * A text/event-stream body being written: messages go in with `send()`, bytes come out of
 * `readable`. It never throws on a write after the end (a client may leave at any moment);
 * `write()` tells whether the text went out, and `signal` aborts once the stream has ended,
 * whoever ended it, with the `EventStreamEnd` as its reason.
 */
export class EventStreamWriter {
  readonly readable: ReadableStream<Uint8Array>
  /** Settles at the first write, close or error: the moment the response must be on its way. */
  readonly activity: Promise<void>
  readonly #ended = new AbortController()
  #controller!: ReadableStreamDefaultController<Uint8Array>
  #markActive!: () => void
  #active = false
  /** error() was called while events were still queued: it takes effect once they are read. */
  #pendingError: { reason: unknown } | undefined
  /**
   * Text written in this turn of the event loop, enqueued as one chunk at its end: a handler
   * that sends a burst of events costs one chunk (and one read) instead of one per event.
   */
  #batch = ''
  /** Told each text written while the stream is open (the history's frames). */
  onWrite: ((text: string) => void) | undefined

  constructor() {
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller
      },
      pull: (controller) => {
        // Called once the queue has room again; if it is now empty, a deferred error may land.
        if (this.#pendingError !== undefined && controller.desiredSize === 1)
          controller.error(this.#pendingError.reason)
      },
      cancel: () => {
        this.#batch = ''
        this.#end('cancelled')
      },
    })
    this.activity = new Promise<void>((resolve) => {
      this.#markActive = () => {
        this.#active = true
        resolve()
      }
    })
  }

  /** Aborted once the stream has ended; `signal.reason` is the `EventStreamEnd`. */
  get signal(): AbortSignal {
    return this.#ended.signal
  }

  /** True once anything was written, or the stream was ended by its producer. */
  get active(): boolean {
    return this.#active
  }

  /** 'open' while events can still be written, else why it ended. */
  get state(): 'open' | EventStreamEnd {
    return this.#ended.signal.aborted ? (this.#ended.signal.reason as EventStreamEnd) : 'open'
  }

  /** Writes one message; see `encodeEventStreamFields` for the rules (it throws on bad fields). */
  send(fields: EventStreamFields): boolean {
    return this.write(encodeEventStreamFields(fields))
  }

  /** Writes a comment line (a keep-alive ping, say); clients ignore it. */
  comment(text: string): boolean {
    return this.write(encodeEventStreamComment(text))
  }

  /** Writes raw event-stream text. False when the stream has already ended. */
  write(text: string): boolean {
    this.#markActive()
    if (this.state !== 'open') return false
    this.onWrite?.(text)
    if (this.#batch === '') queueMicrotask(this.#flush)
    this.#batch += text
    return true
  }

  readonly #flush = (): void => {
    if (this.#batch === '') return
    const text = this.#batch
    this.#batch = ''
    this.#controller.enqueue(encoder.encode(text))
  }

  /** Ends the stream normally: an EventSource reconnects after its retry time. */
  close(): boolean {
    this.#markActive()
    if (!this.#end('closed')) return false
    this.#flush()
    this.#controller.close()
    return true
  }

  /**
   * Ends the stream with a failure: for the client, the connection breaks off. Events already
   * written are delivered first (a stream error would otherwise drop what is still queued).
   */
  error(reason: unknown = new Error('The event stream was ended with an error.')): boolean {
    this.#markActive()
    if (!this.#end('errored')) return false
    this.#flush()
    // desiredSize is the high-water mark (1) exactly when nothing is queued.
    if (this.#controller.desiredSize === 1) this.#controller.error(reason)
    else this.#pendingError = { reason }
    return true
  }

  /**
   * The consumer went away without reading to the end (its request was aborted): the stream
   * ends as 'cancelled', and a read still pending fails with `reason`, as a real fetch's would.
   */
  abandon(reason: unknown): void {
    if (!this.#end('cancelled')) return
    this.#batch = ''
    this.#controller.error(reason)
  }

  #end(how: EventStreamEnd): boolean {
    if (this.#ended.signal.aborted) return false
    this.#ended.abort(how)
    return true
  }
}

/** The streaming response around a writer (status 200 unless `init` says otherwise). */
export function eventStreamResponse(writer: EventStreamWriter, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers)
  for (const [name, value] of Object.entries(EVENT_STREAM_HEADERS)) if (!headers.has(name)) headers.set(name, value)
  return new Response(writer.readable, { ...init, headers })
}
