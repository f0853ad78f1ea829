// The text/event-stream wire format, writing side (HTML Living Standard, "Server-sent events",
// section "Parsing an event stream"). Pure functions: the SSE handler, and later GraphQL over
// SSE, turn their messages into text with them; event-stream-writer.ts puts the text on a stream.

/** One message's fields as they go on the wire; `data` is already text. */
export interface EventStreamFields {
  /** Sets the client's last event ID (sent back as Last-Event-ID on reconnect). '' resets it. */
  id?: string
  /** The event type; the client dispatches 'message' when it is absent. */
  event?: string
  /** The payload. Each of its lines (split at CRLF, LF or CR) becomes one `data:` line. */
  data?: string
  /** The client's reconnection time in milliseconds. */
  retry?: number
}

/** Thrown when a message cannot be written without changing its meaning on the wire. */
export class EventStreamFormatError extends TypeError {
  override name = 'EventStreamFormatError'
}

const LINE_BREAK = /\r\n|\r|\n/

/**
 * Encodes one message. It always ends with the blank line that makes the client dispatch it.
 * A message that has neither `event` nor `data` but an `id` or `retry` writes no data line,
 * so the client updates its last event ID or reconnection time without dispatching an event;
 * any other message is dispatched, with data '' when it has none.
 */
export function encodeEventStreamFields(fields: EventStreamFields): string {
  let text = ''
  if (fields.id !== undefined) text += field('id', checkSingleLine('id', fields.id, true))
  if (fields.event !== undefined) text += field('event', checkSingleLine('event', fields.event, false))
  if (fields.retry !== undefined) text += field('retry', checkRetry(fields.retry))
  const dispatches =
    fields.data !== undefined || fields.event !== undefined || (fields.id === undefined && fields.retry === undefined)
  if (dispatches) {
    for (const line of (fields.data ?? '').split(LINE_BREAK)) text += field('data', line)
  }
  return text + '\n'
}

/**
 * One `name:value` line. Clients drop one space after the colon, so a value that starts with
 * a space is written after an extra one (`data:  x` keeps ' x'); others are written as MSW does.
 */
function field(name: string, value: string): string {
  return value.startsWith(' ') ? `${name}: ${value}\n` : `${name}:${value}\n`
}

/**
 * Encodes a comment: lines the client ignores (keep-alive pings, notes for a human reading
 * the stream). A multi-line comment becomes one comment line per line.
 */
export function encodeEventStreamComment(comment: string): string {
  if (typeof comment !== 'string') {
    throw new EventStreamFormatError(`An event stream comment must be a string, got ${typeof comment}.`)
  }
  let text = ''
  for (const line of comment.split(LINE_BREAK)) text += line === '' ? ':\n' : ': ' + line + '\n'
  return text
}

/**
 * The text of a payload: a string as it is, anything else as JSON (objects, arrays, numbers,
 * booleans, null). `undefined` means no payload.
 */
export function encodeEventStreamData(data: unknown): string | undefined {
  if (data === undefined || typeof data === 'string') return data
  let json: string | undefined
  try {
    json = JSON.stringify(data)
  } catch (error) {
    throw new EventStreamFormatError(`The event data cannot be encoded as JSON: ${(error as Error).message}`)
  }
  if (json === undefined) {
    throw new EventStreamFormatError(`The event data must be a string or a JSON value, got ${typeof data}.`)
  }
  return json
}

function checkSingleLine(field: 'id' | 'event', value: unknown, allowEmpty: boolean): string {
  const text = typeof value === 'number' && field === 'id' ? String(value) : value
  if (typeof text !== 'string') {
    throw new EventStreamFormatError(`The event ${field} must be a string, got ${typeof value}.`)
  }
  if (LINE_BREAK.test(text)) {
    throw new EventStreamFormatError(
      `The event ${field} ${JSON.stringify(text)} contains a line break, which would end the field early on the wire. Remove it.`,
    )
  }
  // A client ignores an id field that contains NULL, keeping the previous last event ID.
  if (field === 'id' && text.includes('\u0000')) {
    throw new EventStreamFormatError(
      `The event id ${JSON.stringify(text)} contains U+0000 NULL; clients ignore such an id. Remove it.`,
    )
  }
  if (!allowEmpty && text === '') {
    throw new EventStreamFormatError(
      `The event type is empty; clients would dispatch it as 'message'. Leave 'event' out instead.`,
    )
  }
  return text
}

function checkRetry(retry: unknown): string {
  // Clients accept only ASCII digits here and silently ignore anything else (1.5, -1, 1e3).
  if (typeof retry !== 'number' || !Number.isSafeInteger(retry) || retry < 0) {
    throw new EventStreamFormatError(
      `The retry time must be a whole number of milliseconds (0 or more), got ${String(retry)}; clients ignore anything else.`,
    )
  }
  return String(retry)
}
