import type { HandlerShape } from './handler-shape'
import { MocklibTypeError } from './errors'
import { describeValue, format } from './messages'
import { FRAME_LIMIT, historyFrame, type FrameData, type HistoryFrame } from './history-frame'
import type { NearMiss } from './near-miss'
import { copyRequest, hasBody, knownBodyText } from './request-body'
import { headOf, type RequestHead, type SourceRequest } from './request-draft'

/**
 * Why no handler answered a request (or, for 'exception' and 'network-error', how the one that
 * did failed): the words the pipeline's history, the mock server's history and the control
 * protocol (control/resources.ts) share.
 */
export type UnansweredReason = 'passthrough' | 'fallthrough' | 'unhandled' | 'bypass' | 'exception' | 'network-error'

/** The status and headers a handler answered with (its body went to the client); status 0: a network error. */
export interface RecordedResponse {
  readonly status: number
  readonly headers: Headers
}

/** What every call has beside the resolver's own argument keys. */
export interface CallBase<Handler = HandlerShape> {
  /** A copy of the request as the resolver saw it: each read gives a fresh copy, its body unread. */
  readonly request: Request
  readonly requestId: string
  /** The query of the request's URL. */
  readonly searchParams: URLSearchParams
  /** The handler the call ran. */
  readonly handler: Handler
  /** What the resolver answered with; undefined when it fell through, passed through or threw. */
  readonly response: RecordedResponse | undefined
  /** The resolver returned nothing: the request went on to the next handler. */
  readonly fellThrough: boolean
  /** When the resolver was called (`Date.now()`). */
  readonly time: number
}

/**
 * One run of a handler's resolver: the keys its resolver received (REST `params` and
 * `cookies`; GraphQL `query`, `variables`, `operationName`, `operationType`...) and what it did.
 */
export type HandlerCall<Args extends object = Record<string, unknown>, Handler = HandlerShape> = Omit<
  Args,
  'request' | 'requestId' | 'finalize'
> &
  CallBase<Handler>

/** One request a scope resolved: the handler that answered it, or why none did. */
export interface HistoryEntry<Handler = HandlerShape> {
  /** A copy of the request as received: each read gives a fresh copy, its body unread. */
  readonly request: Request
  readonly requestId: string
  readonly method: string
  readonly url: string
  /** When the pipeline received it (`Date.now()`). */
  readonly time: number
  /** The handler that answered (also for 'exception' and 'network-error'). */
  readonly handler: Handler | undefined
  /** Why no handler answered, or how the answer failed; undefined for an ordinary answer. */
  readonly reason: UnansweredReason | undefined
  readonly response: RecordedResponse | undefined
  /** The resolvers this request ran, in order (a GraphQL batch: one per operation). */
  readonly calls: ReadonlyArray<HandlerCall<Record<string, unknown>, Handler>>
  /** For an unhandled request: the handler that came closest, and why it did not match. */
  readonly nearMiss: NearMiss<Handler> | undefined
  /**
   * For a GraphQL batch: each operation no handler answered, in batch order, with the handler
   * that came closest to it (undefined when none came close). Empty for other requests.
   */
  readonly unhandledParts: ReadonlyArray<UnhandledPart<Handler>>
  /**
   * A streamed answer's messages as they were sent (an `sse()` stream's events), the first
   * 200; empty for other answers. It grows while the stream is open.
   */
  readonly frames: readonly HistoryFrame[]
}

/** An operation of a batch that no handler answered: its position in the batch (from 0), and its near miss. */
export interface UnhandledPart<Handler = HandlerShape> {
  readonly index: number
  readonly nearMiss: NearMiss<Handler> | undefined
}

const NO_FRAMES: readonly HistoryFrame[] = Object.freeze([])
const NO_PARTS: readonly UnhandledPart[] = Object.freeze([])

/** What the loop notes of a resolver run; made into a `HandlerCall` only when someone reads it. */
interface CallNote {
  handler: HandlerShape
  /** The resolver's keys, copied: the argument itself holds the request's context. */
  data: Record<string, unknown>
  request: RequestSnapshot
  response: RecordedResponse | undefined
  fellThrough: boolean
  time: number
  view?: HandlerCall
}

/**
 * A request as the history keeps it: its method, URL, headers and body text, without the
 * `Request` (a few kilobytes each on Node). A body known only as a stream keeps the request
 * itself, to copy from; before such a request goes to the network, `keepBody()` copies it.
 */
class RequestSnapshot {
  readonly method: string
  readonly url: string
  readonly text: string | undefined
  source: Request | undefined
  /** Where the headers are read from until the request is resolved: a draft's become its request's once made. */
  #head: RequestHead | undefined
  #headers: Headers | undefined

  constructor(request: SourceRequest) {
    const head = headOf(request)
    this.method = head.method
    this.url = head.url
    this.#head = request as RequestHead
    if (!hasBody(head)) return
    this.text = knownBodyText(head)
    if (this.text === undefined) this.source = head as Request
  }

  get headers(): Headers {
    return this.#headers ?? (this.#head as RequestHead).headers
  }

  /** The request is resolved: keep its headers, not the request (a draft may hold one). */
  settle(): void {
    if (this.#head === undefined) return
    this.#headers = this.#head.headers
    this.#head = undefined
  }

  read(): Request {
    const source = this.source
    if (source === undefined)
      return new Request(this.url, { method: this.method, headers: this.headers, body: this.text })
    // Sent on to the network without a copy kept: the method, URL and headers are what is left.
    if (source.bodyUsed || source.body?.locked === true) {
      return new Request(this.url, { method: this.method, headers: this.headers })
    }
    return copyRequest(source)
  }
}

/** One request's notes while it is resolved (`RequestContext.notes`), kept by `CallHistory.add`. */
export class RequestNotes {
  readonly calls: CallNote[] = []
  readonly time: number = Date.now()
  readonly requestId: string
  readonly request: RequestSnapshot
  /** The request itself while it is resolved, to tell it from a batch's parts. */
  #live: SourceRequest | undefined
  #entry: HistoryEntry | undefined
  handler: HandlerShape | undefined
  reason: UnansweredReason | undefined
  response: RecordedResponse | undefined
  /** Unhandled: the closest handlers, closest first (near-miss.ts). */
  nearMisses: readonly NearMiss[] | undefined
  /** What the answer streamed, when it streams (made at its first frame). */
  frames: HistoryFrame[] | undefined
  /** A batch's parts no handler answered, with the closest handlers of each (closest first). */
  parts: Array<{ index: number; nearMisses: readonly NearMiss[] }> | undefined

  constructor(request: SourceRequest, requestId: string) {
    this.request = new RequestSnapshot(request)
    this.requestId = requestId
    this.#live = request
  }

  /** A part of a batch (at `index`) no handler answered; `nearMisses`: the closest handlers, closest first. */
  unhandledPart(index: number, nearMisses: readonly NearMiss[]): void {
    ;(this.parts ??= []).push({ index, nearMisses })
  }

  /** A resolver ran: the response it answered with, or whether it returned nothing. */
  call(
    handler: HandlerShape,
    args: object,
    given: Record<string, unknown> | undefined,
    request: SourceRequest,
    response: Response | RecordedResponse | undefined,
    fellThrough: boolean,
    time: number,
  ): void {
    this.calls.push({
      handler,
      data: given ?? keysOf(args),
      request: request === this.#live ? this.request : new RequestSnapshot(request),
      // The status and headers only: the response itself (and its body) goes to the client.
      response: response === undefined ? undefined : recorded(response),
      fellThrough,
      time,
    })
  }

  /** A message of a stream or connection; returns it unless the limit is reached. */
  frame(direction: 'in' | 'out', data: FrameData): HistoryFrame | undefined {
    const frames = (this.frames ??= [])
    if (frames.length >= FRAME_LIMIT) return undefined
    const frame = historyFrame(direction, data)
    frames.push(frame)
    return frame
  }

  /**
   * Before the request goes to the network, which reads its body: a body known only as a stream
   * is copied for the calls that read it. A request no resolver saw keeps none: a copy of a
   * stream nobody reads (a large upload passed through) would be held whole in memory.
   */
  keepBody(): void {
    const source = this.request.source
    if (source !== undefined && this.calls.length > 0) this.request.source = copyRequest(source)
  }

  /**
   * The handler that answered, with what it answered: what its call noted (the loop stops at
   * the first answer, so it is the last call that has one), else read now (an exception's 500,
   * a batch's combined answer, an answer given while matching). A network error is noted as the reason.
   */
  answered(handler: HandlerShape | undefined, response: Response | RecordedResponse): void {
    this.handler = handler
    const last = this.calls.length === 0 ? undefined : this.calls[this.calls.length - 1]
    const kept =
      last !== undefined && last.handler === handler && last.response !== undefined ? last.response : recorded(response)
    this.response = kept
    if (this.reason === undefined && isNetworkError(kept.status, response)) this.reason = 'network-error'
  }

  /** The request is resolved: the history keeps the snapshot only. */
  settle(): void {
    this.#live = undefined
    this.request.settle()
    for (const call of this.calls) call.request.settle()
  }

  entry(): HistoryEntry {
    if (this.#entry !== undefined) return this.#entry
    const calls = this.calls.map((note) => callView(note, this.requestId))
    const snapshot = this.request
    const entry = {
      request: undefined as unknown as Request,
      requestId: this.requestId,
      method: snapshot.method,
      url: snapshot.url,
      time: this.time,
      handler: this.handler,
      reason: this.reason,
      response: this.response,
      calls,
      nearMiss: this.nearMisses?.[0],
      unhandledParts:
        this.parts === undefined
          ? NO_PARTS
          : this.parts.map(({ index, nearMisses }) => ({ index, nearMiss: nearMisses[0] })),
      frames: NO_FRAMES,
    }
    Object.defineProperty(entry, 'request', { get: () => snapshot.read(), enumerable: true })
    // Read through: a stream goes on after its entry is made.
    Object.defineProperty(entry, 'frames', { get: () => this.frames ?? NO_FRAMES, enumerable: true })
    return (this.#entry = entry)
  }
}

/** A resolver argument's keys but `request` and `finalize`, read without calling the `request` accessor. */
function keysOf(args: object): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const key in args)
    if (key !== 'request' && key !== 'finalize') data[key] = (args as Record<string, unknown>)[key]
  return data
}

/**
 * A network error (`Response.error()`) has status 0, which no other response can have; `type` is
 * read only then, or when a response overrides it (`HttpResponse`'s `type` init): on Node 20
 * each of the platform's getters checks its brand first, a cost on every recorded request.
 */
function isNetworkError(status: number, response: Response | RecordedResponse): boolean {
  if (status !== 0 && !Object.hasOwn(response, 'type')) return false
  return (response as Partial<Response>).type === 'error'
}

function recorded(response: Response | RecordedResponse): RecordedResponse {
  // Two reads: each getter of the platform's Response checks its brand first.
  return { status: response.status, headers: response.headers }
}

/** The call as users read it: the resolver's keys, and what the resolver did. */
function callView(note: CallNote, requestId: string): HandlerCall {
  if (note.view !== undefined) return note.view
  let searchParams: URLSearchParams | undefined
  const view = Object.defineProperties(
    { ...note.data },
    {
      request: { get: () => note.request.read(), enumerable: true },
      requestId: { value: requestId, enumerable: true },
      searchParams: { get: () => (searchParams ??= new URL(note.request.url).searchParams), enumerable: true },
      handler: { value: note.handler, enumerable: true },
      response: { value: note.response, enumerable: true },
      fellThrough: { value: note.fellThrough, enumerable: true },
      time: { value: note.time, enumerable: true },
    },
  )
  return (note.view = view as unknown as HandlerCall)
}

export type HistoryListener = (entry: HistoryEntry) => void

/**
 * The requests one scope resolved (a server's root scope or a boundary), oldest first, at most
 * `limit` of them: what `server.history`, `handler.calls` and `server.waitForRequest()` read.
 */
export class CallHistory {
  /** A ring of the last `limit` requests: `#start` is the oldest. */
  #ring: Array<RequestNotes | undefined> = []
  #start = 0
  #listeners: Set<HistoryListener> | undefined

  constructor(readonly limit: number) {}

  add(notes: RequestNotes): void {
    notes.settle()
    if (this.#ring.length < this.limit) this.#ring.push(notes)
    else {
      this.#ring[this.#start] = notes
      this.#start = (this.#start + 1) % this.limit
    }
    if (this.#listeners !== undefined) for (const listener of [...this.#listeners]) listener(notes.entry())
  }

  /** The requests kept, oldest first. */
  #ordered(): RequestNotes[] {
    const ring = this.#ring as RequestNotes[]
    return this.#start === 0 ? ring : [...ring.slice(this.#start), ...ring.slice(0, this.#start)]
  }

  entries(): HistoryEntry[] {
    return this.#ordered().map((notes) => notes.entry())
  }

  callsOf(handler: HandlerShape): HandlerCall[] {
    const calls: HandlerCall[] = []
    for (const notes of this.#ordered()) {
      for (const note of notes.calls) if (note.handler === handler) calls.push(callView(note, notes.requestId))
    }
    return calls
  }

  /**
   * For each handler some request kept came close to without reaching it, that request's near
   * miss (the fewest reasons; of equals, the oldest): what the unused-handler report explains.
   */
  nearMisses(): Map<HandlerShape, NearMiss> {
    const best = new Map<HandlerShape, NearMiss>()
    const consider = (misses: readonly NearMiss[]) => {
      for (const miss of misses) {
        const known = best.get(miss.handler)
        if (known === undefined || miss.reasons.length < known.reasons.length) best.set(miss.handler, miss)
      }
    }
    for (const notes of this.#ordered()) {
      consider(notes.nearMisses ?? [])
      for (const part of notes.parts ?? []) consider(part.nearMisses)
    }
    return best
  }

  /** Called with each request added from now on; returns the function that stops it. */
  subscribe(listener: HistoryListener): () => void {
    const listeners = (this.#listeners ??= new Set())
    listeners.add(listener)
    return () => listeners.delete(listener)
  }

  clear(): void {
    this.#ring = []
    this.#start = 0
  }
}

/** `listen({ history })`: on (the default) with the last 100 requests per scope, a bound of yours, or off. */
export type HistoryOption = boolean | { limit?: number }

const DEFAULT_LIMIT = 100

/** The history a scope starts with under `option`; undefined when it is off. */
export function historyFor(option: HistoryOption | undefined): CallHistory | undefined {
  if (option === undefined || option === true) return new CallHistory(DEFAULT_LIMIT)
  if (option === false) return undefined
  const limit = typeof option === 'object' && option !== null ? (option.limit ?? DEFAULT_LIMIT) : undefined
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    const got = typeof option === 'object' && option !== null ? `limit ${describeValue(limit)}` : describeValue(option)
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(`listen({ history }) takes true, false or { limit } with a whole number above 0, got ${got}.`),
    )
  }
  return new CallHistory(limit)
}
