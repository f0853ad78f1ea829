// What the mock server answered: the last requests with the handler that answered each (or why
// none did), their headers, the beginning of their bodies and the frames of streams. The
// control API lists it, the dashboard shows it live, and it downloads as HAR.
import { headerPairs } from '../control/protocol'
import type {
  BodyText as ControlBodyText,
  HistoryFrame,
  HistoryReason,
  RecordedNearMiss,
  RequestDetails,
  RequestRecord,
} from '../control/resources'
import { scanOperations } from '../graphql/scan-operations'
import { encodeBody } from '../record/body-text'
import type { Har, HarEntry, HarNameValue } from '../record/har'
import { harContent, harPostData, harQueryString } from '../record/har-message'
import { FRAME_LIMIT, historyFrame, type FrameData } from '../runtime/history-frame'
import { captureStream } from './body-capture'
import { headOf, isRequestDraft, type SourceRequest } from '../runtime/request-draft'

export type HistoryListener = (type: 'request' | 'response' | 'frame', data: unknown) => void

interface Entry {
  record: RequestRecord
  started: number
  /** Kept as they came (Headers, or a message's raw name/value list) and made pairs when read. */
  requestHeaders: Headers | readonly string[]
  responseHeaders: Headers | undefined
  requestBody?: { bytes: Uint8Array; truncated: boolean; type: string }
  responseBody?: { bytes: Uint8Array; truncated: boolean; type: string }
  /** A body sent whole, encoded to bytes when read. */
  wholeBody?: string | Uint8Array
  frames?: HistoryFrame[]
}

export interface HistoryOptions {
  /** Requests kept (oldest out first). Default 500; 0 keeps none and reads nothing. */
  capacity?: number
  /** Bytes of each body kept. Default 256 KiB; 0 reads no request body (a middleware's next() gets it). */
  bodyLimit?: number
  /** Frames kept per stream or socket. Default 200. */
  frameLimit?: number
}

export class RequestHistory {
  readonly #entries = new Map<string, Entry>()
  readonly #listeners = new Set<HistoryListener>()
  #capacity = 500
  #bodyLimit = 256 * 1024
  #frameLimit = FRAME_LIMIT
  #counter = 0

  constructor(options: HistoryOptions = {}) {
    this.configure(options)
  }

  /** Sets the limits given (the others stay); entries beyond a smaller capacity go, oldest first. */
  configure(options: HistoryOptions): void {
    this.#capacity = options.capacity ?? this.#capacity
    this.#bodyLimit = options.bodyLimit ?? this.#bodyLimit
    this.#frameLimit = options.frameLimit ?? this.#frameLimit
    for (const id of this.#entries.keys()) {
      if (this.#entries.size <= this.#capacity) break
      this.#entries.delete(id)
    }
  }

  /** Whether requests are kept at all (a middleware's history keeps none: nobody can read it). */
  get keeps(): boolean {
    return this.#capacity > 0
  }

  subscribe(listener: HistoryListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /**
   * A request arrived; its body is read from a branch of its own (a draft has none). `raw`: its
   * headers as a message's raw list, when the source has one. Returns the entry's id.
   */
  start(source: SourceRequest, scope?: string, raw?: readonly string[]): string {
    if (!this.keeps) return ''
    const request = headOf(source)
    const id = String(++this.#counter)
    const record: RequestRecord = {
      id,
      method: request.method,
      url: request.url,
      status: 0,
      durationMs: 0,
      startedAt: new Date().toISOString(),
    }
    if (scope !== undefined) record.scope = scope
    if (request.url.includes('operationName=')) {
      const fromQuery = new URL(request.url).searchParams.get('operationName')
      if (fromQuery) record.operationName = fromQuery
    }
    const entry: Entry = {
      record,
      started: performance.now(),
      // A draft's headers are its own until its Request is made; a Request's a resolver may edit.
      requestHeaders: raw ?? (isRequestDraft(source) ? source.headers : new Headers(request.headers)),
      responseHeaders: undefined,
    }
    this.#entries.set(id, entry)
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value!)
    if (this.#bodyLimit > 0 && !isRequestDraft(source) && source.body !== null) {
      void this.#captureRequest(entry, source.clone())
    }
    this.#emit('request', record)
    return id
  }

  async #captureRequest(entry: Entry, copy: Request): Promise<void> {
    const type = copy.headers.get('content-type') ?? ''
    const captured = await captureStream(copy.body!, this.#bodyLimit)
    entry.requestBody = { ...captured, type }
    if (entry.record.operationName === undefined && /json/i.test(type)) {
      const name = operationNameOf(captured.bytes)
      if (name !== undefined) entry.record.operationName = name
    }
  }

  /**
   * The request was answered (or not). `headers` are the answer's; `body` a copy of a streamed
   * body, read here (an event stream's chunks become frames as they come).
   */
  finish(
    id: string,
    outcome: {
      status: number
      handler?: string
      reason?: HistoryReason
      headers?: Headers
      body?: ReadableStream<Uint8Array>
      nearMiss?: RecordedNearMiss
    },
  ): void {
    const entry = this.#entries.get(id)
    if (entry === undefined) return
    const { record } = entry
    record.status = outcome.status
    record.durationMs = Math.round((performance.now() - entry.started) * 100) / 100
    if (outcome.handler !== undefined) record.handler = outcome.handler
    if (outcome.reason !== undefined) record.reason = outcome.reason
    if (outcome.nearMiss !== undefined) record.nearMiss = outcome.nearMiss
    entry.responseHeaders = outcome.headers
    if (outcome.body !== undefined) void this.#captureResponse(entry, outcome.body)
    this.#emit('response', record)
  }

  /** A body sent whole (kept text or bytes): recorded without a stream. */
  wholeBody(id: string, body: string | Uint8Array): void {
    const entry = this.#entries.get(id)
    if (entry !== undefined) entry.wholeBody = body
  }

  #responseBody(entry: Entry): Entry['responseBody'] {
    const whole = entry.wholeBody
    if (whole === undefined) return entry.responseBody
    const bytes = typeof whole === 'string' ? new TextEncoder().encode(whole) : whole
    const truncated = bytes.byteLength > this.#bodyLimit
    return {
      bytes: truncated ? bytes.subarray(0, this.#bodyLimit) : bytes,
      truncated,
      type: this.#type(entry),
    }
  }

  #type(entry: Entry): string {
    return entry.responseHeaders?.get('content-type') ?? ''
  }

  async #captureResponse(entry: Entry, body: ReadableStream<Uint8Array>): Promise<void> {
    const type = this.#type(entry)
    const streamed = /^text\/event-stream|^multipart\/mixed/i.test(type)
    const decoder = new TextDecoder()
    const onChunk = streamed
      ? (chunk: Uint8Array) => this.frame(entry.record.id, 'out', decoder.decode(chunk, { stream: true }))
      : undefined
    const captured = await captureStream(body, this.#bodyLimit, onChunk)
    entry.responseBody = { ...captured, type }
  }

  /** A WebSocket message (binary ones kept in base64) or a chunk of a stream. */
  frame(id: string, direction: 'in' | 'out', data: FrameData): void {
    const entry = this.#entries.get(id)
    if (entry === undefined || (entry.frames?.length ?? 0) >= this.#frameLimit) return
    const frame = historyFrame(direction, data)
    ;(entry.frames ??= []).push(frame)
    this.#emit('frame', { id, ...frame })
  }

  list(): RequestRecord[] {
    return [...this.#entries.values()].map((entry) => entry.record)
  }

  details(id: string): RequestDetails | undefined {
    const entry = this.#entries.get(id)
    if (entry === undefined) return undefined
    const details: RequestDetails = {
      ...entry.record,
      requestHeaders: requestHeaderPairs(entry),
      responseHeaders: responseHeaderPairs(entry),
    }
    const responseBody = this.#responseBody(entry)
    if (entry.requestBody !== undefined) details.requestBody = bodyText(entry.requestBody)
    if (responseBody !== undefined) details.responseBody = bodyText(responseBody)
    if (entry.frames !== undefined) details.frames = entry.frames
    return details
  }

  clear(): void {
    this.#entries.clear()
  }

  har(version: string): Har {
    const entries = [...this.#entries.values()]
      .filter((entry) => entry.record.status > 0)
      .map((entry) => harEntry(entry, this.#responseBody(entry)))
    return { log: { version: '1.2', creator: { name: 'mocklib', version }, entries } }
  }

  #emit(type: 'request' | 'response' | 'frame', data: unknown): void {
    for (const listener of this.#listeners) listener(type, data)
  }
}

function bodyText(body: { bytes: Uint8Array; truncated: boolean; type: string }): ControlBodyText {
  const encoded = encodeBody(body.bytes, body.type)
  const text: ControlBodyText = { text: encoded.text }
  if (encoded.base64) text.encoding = 'base64'
  if (body.truncated) text.truncated = true
  return text
}

function operationNameOf(bytes: Uint8Array): string | undefined {
  try {
    const body = JSON.parse(new TextDecoder().decode(bytes)) as { operationName?: unknown; query?: unknown }
    if (typeof body.operationName === 'string') return body.operationName
    // The document's own reader: comments, strings and selections are not operations.
    return typeof body.query === 'string'
      ? scanOperations(body.query).find((operation) => operation.name)?.name
      : undefined
  } catch {
    return undefined
  }
}

const nameValues = (pairs: Array<[string, string]>): HarNameValue[] => pairs.map(([name, value]) => ({ name, value }))

/** Raw lists as sent, names in lower case as Headers gives them; HTTP/2 pseudo-headers left out. */
function requestHeaderPairs(entry: Entry): Array<[string, string]> {
  const headers = entry.requestHeaders
  if (!Array.isArray(headers)) return headerPairs(headers as Headers)
  const pairs: Array<[string, string]> = []
  for (let index = 0; index < headers.length; index += 2) {
    if (!headers[index].startsWith(':')) pairs.push([headers[index].toLowerCase(), headers[index + 1]])
  }
  return pairs
}

function responseHeaderPairs(entry: Entry): Array<[string, string]> {
  return entry.responseHeaders === undefined ? [] : headerPairs(entry.responseHeaders)
}

function harEntry(entry: Entry, responseBody: Entry['responseBody']): HarEntry {
  const { record, requestBody } = entry
  return {
    startedDateTime: record.startedAt,
    time: record.durationMs,
    request: {
      method: record.method,
      url: record.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(requestHeaderPairs(entry)),
      queryString: harQueryString(new URL(record.url)),
      headersSize: -1,
      bodySize: requestBody?.bytes.byteLength ?? 0,
      ...(requestBody ? { postData: harPostData(requestBody.bytes, requestBody.type) } : {}),
    },
    response: {
      status: record.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(responseHeaderPairs(entry)),
      content: harContent(responseBody?.bytes ?? new Uint8Array(0), responseBody?.type ?? ''),
      redirectURL: '',
      headersSize: -1,
      bodySize: responseBody?.bytes.byteLength ?? -1,
    },
    cache: {},
    timings: { send: 0, wait: record.durationMs, receive: 0 },
    ...(record.handler !== undefined ? { _handler: record.handler } : {}),
  }
}
