// The text/event-stream wire format, reading side, as the HTML Living Standard's "Parsing an
// event stream" and "Interpreting an event stream" sections define it. Used to forward a real
// stream after server.connect(), and by the Service Worker source to learn the ids a mocked
// stream carried (sources/browser/event-stream-ids.ts); it is also what tests read streams with.

/** One dispatched event, as an EventSource would see it. */
export interface ParsedEvent {
  /** The event type ('message' when the stream named none). */
  type: string
  data: string
  /** The id field of this event, if it had one ('' resets the last event ID). */
  id: string | undefined
  /** The stream's last event ID when this event was dispatched. */
  lastEventId: string
}

export interface EventStreamSink {
  event(event: ParsedEvent): void
  /** A valid `retry:` field (ASCII digits only), in milliseconds. */
  retry?(milliseconds: number): void
  comment?(text: string): void
}

/**
 * Feeds decoded text in chunks of any size (a CRLF may be split between two chunks) and calls
 * the sink for each complete event. An event not closed by a blank line when the stream ends
 * is discarded, as clients do.
 */
export class EventStreamParser {
  readonly #sink: EventStreamSink
  readonly #decoder = new TextDecoder()
  #pending = ''
  /** The previous chunk ended with CR: a LF at the start of the next one belongs to it. */
  #skipLeadingLf = false
  #data: string[] = []
  #type = ''
  #id: string | undefined
  #lastEventId = ''

  /** `lastEventId`: the stream's last event ID before its first event (a reconnection's `Last-Event-ID`). */
  constructor(sink: EventStreamSink, lastEventId = '') {
    this.#sink = sink
    this.#lastEventId = lastEventId
  }

  /** The last event ID as the client holds it: set at each blank line, even one ending an event without data. */
  get lastEventId(): string {
    return this.#lastEventId
  }

  /** Feeds bytes; UTF-8 sequences split between chunks are decoded correctly. */
  pushBytes(chunk: Uint8Array): void {
    this.push(this.#decoder.decode(chunk, { stream: true }))
  }

  /** Feeds text. */
  push(text: string): void {
    if (this.#skipLeadingLf && text.startsWith('\n')) text = text.slice(1)
    this.#skipLeadingLf = false
    let buffer = this.#pending + text
    let start = 0
    for (;;) {
      const cr = buffer.indexOf('\r', start)
      const lf = buffer.indexOf('\n', start)
      if (cr === -1 && lf === -1) break
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf)
      this.#line(buffer.slice(start, end))
      if (buffer[end] === '\r') {
        if (end + 1 === buffer.length) {
          this.#skipLeadingLf = true
          start = end + 1
          break
        }
        start = buffer[end + 1] === '\n' ? end + 2 : end + 1
      } else {
        start = end + 1
      }
    }
    buffer = buffer.slice(start)
    this.#pending = buffer
  }

  /** The stream ended: flushes the decoder; a half-written event is dropped. */
  end(): void {
    const rest = this.#decoder.decode()
    if (rest !== '') this.push(rest)
    this.#pending = ''
    this.#data = []
    this.#type = ''
    this.#id = undefined
  }

  #line(line: string): void {
    if (line === '') return this.#dispatch()
    if (line.startsWith(':')) {
      this.#sink.comment?.(line.slice(1).replace(/^ /, ''))
      return
    }
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    switch (field) {
      case 'event':
        this.#type = value
        break
      case 'data':
        this.#data.push(value)
        break
      case 'id':
        if (!value.includes('\u0000')) this.#id = value
        break
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.#sink.retry?.(Number(value))
        break
      default:
      // Unknown fields are ignored.
    }
  }

  #dispatch(): void {
    if (this.#id !== undefined) this.#lastEventId = this.#id
    const id = this.#id
    const data = this.#data
    const type = this.#type
    this.#data = []
    this.#type = ''
    this.#id = undefined
    if (data.length === 0) return
    this.#sink.event({
      type: type === '' ? 'message' : type,
      data: data.join('\n'),
      id,
      lastEventId: this.#lastEventId,
    })
  }
}
