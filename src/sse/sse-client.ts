import { MocklibTypeError } from '../runtime/errors'
import { encodeEventStreamData, EventStreamFormatError, type EventStreamFields } from './event-stream-encoder'
import type { EventStreamWriter } from './event-stream-writer'
import { sseMessages } from './messages'

/**
 * The events a stream carries, by type, and their data types: `{ message: string; tick: { n: number } }`.
 * A type whose data may be `undefined` can be sent without data.
 */
export type ServerSentEventMap = {
  message?: unknown
  [type: string]: unknown
}

type Flatten<T> = { [K in keyof T]: T[K] } & unknown

type EventMessage<EventMap, Type extends keyof EventMap & string> = Flatten<
  {
    /** Sets the client's last event ID; it comes back as `Last-Event-ID` when the client reconnects. */
    id?: string
    /** The client's reconnection time in milliseconds, sent with this message. */
    retry?: number
  } & (Type extends 'message' ? { event?: Type } : { event: Type }) &
    (undefined extends EventMap[Type] ? { data?: EventMap[Type] } : { data: EventMap[Type] })
>

/** A message `client.send()` takes: one event of the map, or a bare `{ retry }`. */
export type ServerSentEventMessage<EventMap extends ServerSentEventMap = { message: unknown }> =
  | {
      [Type in keyof (EventMap & { message: unknown }) & string]: EventMessage<EventMap & { message: unknown }, Type>
    }[keyof (EventMap & { message: unknown }) & string]
  | { retry: number; id?: never; event?: never; data?: never }

/** The id field of events read from a real stream, so forwarding keeps each event's own id. */
const forwardedIds = new WeakMap<Event, string | undefined>()

/** Records the id field an event had on the wire (see server.connect()). */
export function rememberEventId(event: Event, id: string | undefined): void {
  forwardedIds.set(event, id)
}

/**
 * The intercepted client's end of one event stream: what the resolver writes to.
 * It never throws when the client has gone away (check `signal`), nor when the handler writes
 * after ending the stream itself (that is printed, as MSW does, and nothing is sent); it does
 * when the handler writes something the wire cannot carry.
 */
export class ServerSentEventClient<EventMap extends ServerSentEventMap = { message: unknown }> {
  readonly #writer: EventStreamWriter
  readonly #header: string
  #endedBy: 'close' | 'error' | undefined

  constructor(writer: EventStreamWriter, handlerHeader: string) {
    this.#writer = writer
    this.#header = handlerHeader
  }

  /**
   * Aborted when the stream ends: the handler closed it, the client disconnected, or the
   * server or worker stopped. `signal.reason` is 'closed', 'errored' or 'cancelled'.
   */
  get signal(): AbortSignal {
    return this.#writer.signal
  }

  /**
   * Sends one event. `data` goes as it is when it is a string and as JSON otherwise; a
   * multi-line string becomes several `data:` lines, which the client joins back with LF.
   */
  send(message: ServerSentEventMessage<EventMap>): void {
    if (typeof message !== 'object' || message === null)
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', sseMessages.notAMessage(this.#header, message))
    const { id, event, data, retry } = message as { id?: string; event?: string; data?: unknown; retry?: number }
    this.#write('send', () => ({ id, event, retry, data: encodeEventStreamData(data) }))
  }

  /** Sends a comment line, which clients ignore: a keep-alive ping, for instance. */
  comment(text: string): void {
    if (this.#ended('comment')) return
    try {
      this.#writer.comment(text)
    } catch (error) {
      throw this.#formatError('comment', error)
    }
  }

  /**
   * Sends an event as it is: a MessageEvent goes to the client (its type and data unchanged);
   * an 'error' event errors the stream and a 'close' event closes it. This is how events of
   * the real stream are forwarded after `server.connect()`.
   */
  dispatchEvent(event: Event): void {
    if (event instanceof MessageEvent) {
      const id = forwardedIds.has(event) ? forwardedIds.get(event) : event.lastEventId || undefined
      const data: unknown = event.data
      this.#write('dispatchEvent', () => ({
        id,
        event: event.type === 'message' ? undefined : event.type,
        data: typeof data === 'string' ? data : encodeEventStreamData(data),
      }))
      return
    }
    if (event.type === 'error') return this.error()
    if (event.type === 'close') return this.close()
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', sseMessages.badDispatch(this.#header, event.type))
  }

  /** Ends the stream normally. An EventSource then reconnects after its retry time. */
  close(): void {
    if (this.#writer.close()) this.#endedBy = 'close'
  }

  /** Breaks the stream off: the client sees a network error (an EventSource fires 'error'). */
  error(): void {
    if (this.#writer.error()) this.#endedBy = 'error'
  }

  #write(method: string, fields: () => EventStreamFields): void {
    if (this.#ended(method)) return
    try {
      this.#writer.send(fields())
    } catch (error) {
      throw this.#formatError(method, error)
    }
  }

  /**
   * Whether the handler ended the stream itself: then a write is printed and dropped. A timer a
   * handler written for MSW did not clear would otherwise throw where MSW only logs.
   */
  #ended(method: string): boolean {
    if (this.#endedBy === undefined) return false
    console.error(sseMessages.sendAfterEnd(this.#header, method, this.#endedBy))
    return true
  }

  #formatError(method: string, error: unknown): unknown {
    if (!(error instanceof EventStreamFormatError)) return error
    return new TypeError(sseMessages.badMessage(this.#header, method, error.message), { cause: error })
  }
}
