import { MocklibTypeError } from '../runtime/errors'
import { bypass } from '../runtime/bypass'
import { passthrough } from '../runtime/passthrough'
import { RequestContext } from '../runtime/request-context'
import type { RequestHandler } from '../runtime/request-handler'
import type { AnswerContract } from '../runtime/body-mismatch'
import type { SchemaExecutor } from '../graphql/executor/executor'
import type { SchemaSource } from '../graphql/executor/schema-source'
import { Cassette, type RepeatCounts } from './cassette'
import type { Har, HarEntry } from './har'
import { harRequestOf, harResponseOf, isReplayable, requestOfHar, responseOfHar } from './har-message'
import { Redactor, type RedactOptions } from './redact'
import { NotRecordedError, StaleRecordingError } from './record-errors'
import { recordMessages } from './messages'
import { checkMode, resolveMode, type RecordMode } from './record-mode'
import { readHarFile, resolveFile, writeHarFile } from './recording-file'
import { RecordingHandler, type RecordingBackend, type RecordingResolverInfo } from './recording-handler'
import { identify, type KeySettings, type RecordMatchOptions } from './request-key'
import { replayCheck, type ReplayCheck } from './schema-check'
import { saveInPage } from './save-in-page'

export interface RecorderOptions {
  /** The recording: a HAR 1.2 file (Node). Relative paths start at the working directory; see recordingFile(). */
  file?: string | URL
  /** A recording to start from instead of a file (in a page: the HAR imported as JSON). */
  har?: Har
  /** Default: the MOCKLIB_RECORD_MODE environment variable, else 'replay'. */
  mode?: RecordMode
  /** Which parts of a request tell recordings apart. */
  match?: RecordMatchOptions
  /** What is kept out of the file (Authorization, cookies and common token parameters always are). */
  redact?: RedactOptions
  /**
   * Headers that change on every run, left out of the file: date, age, expires, request ids,
   * trace headers. These names are added to that list.
   */
  volatileHeaders?: readonly string[]
  /** Record real start times and durations (they change on every run). Default false. */
  timestamps?: boolean
  /** The requests this recorder handles (a URL prefix, a RegExp on the URL, a predicate). Default: all. */
  include?: string | RegExp | ((request: Request) => boolean)
  /**
   * Check replayed GraphQL answers against a schema, as mocklib/schema checks mock bodies: a
   * schema executor, or where the schema is ({ typeDefs }, { schemaFiles }, { schema }).
   */
  schema?: SchemaExecutor | SchemaSource
  /**
   * Check replayed REST answers against an OpenAPI document, as its check() checks handlers: the
   * handlers `fromOpenApi()` (mocklib/openapi) made from it. An answer that does not fit fails
   * its request with a StaleRecordingError.
   */
  openapi?: AnswerContract
  /** In a page: where save() POSTs the HAR (see recordingEndpoint()). Without it, save() downloads it. */
  saveUrl?: string
}

export interface Recorder {
  /** Put it in the handler list: `setupServer(...handlers, recorder.handler)`. */
  readonly handler: RequestHandler
  /** The current mode; set it to change modes for the next requests (per test). */
  mode: RecordMode
  /** Requests lockdown refused since creation, as messages name them. */
  readonly refused: readonly string[]
  /** Loads the recording (the first request does it otherwise). */
  ready(): Promise<void>
  /**
   * Stores what was recorded: the file (Node), or saveUrl / a download (page). Writes only in
   * record mode and, in record-missing mode, when something was added. Rejects after that when
   * lockdown refused requests, listing them.
   */
  save(): Promise<void>
  /** The recording as save() writes it: secrets redacted, entries in a stable order. */
  toHar(): Har
  /** Repeated requests start again from their first recorded answer. */
  rewind(): void
}

const VOLATILE = [
  'date',
  'age',
  'expires',
  'x-request-id',
  'x-correlation-id',
  'request-id',
  'x-amzn-requestid',
  'x-amz-request-id',
  'x-amz-cf-id',
  'x-amzn-trace-id',
  'cf-ray',
  'server-timing',
  'x-runtime',
  'x-response-time',
  'traceparent',
  'tracestate',
  'sentry-trace',
  'baggage',
  'if-none-match',
  'if-modified-since',
]

const EPOCH = '1970-01-01T00:00:00.000Z'
const STREAMED = /^\s*(?:text\/event-stream|multipart\/mixed)/i

/** Records real traffic into a HAR file and replays it (see docs/record-and-replay.md). */
export function createRecorder(options: RecorderOptions = {}): Recorder {
  const backend = new RecorderBackend(options, resolveMode(options.mode))
  const handler = new RecordingHandler(backend)
  return {
    handler,
    get mode() {
      return backend.mode
    },
    set mode(mode: RecordMode) {
      backend.mode = checkMode(mode, 'recorder.mode')
    },
    get refused() {
      return [...backend.refused]
    },
    ready: () => backend.ready(),
    save: () => backend.save(),
    toHar: () => backend.har(),
    rewind: () => backend.cassette.rewind(),
  }
}

class RecorderBackend implements RecordingBackend {
  readonly header: string
  readonly cassette = new Cassette()
  readonly refused: string[] = []
  readonly #settings: KeySettings
  readonly #volatile: ReadonlySet<string>
  readonly #include: (request: Request) => boolean
  readonly #check: ReplayCheck | undefined
  #file: string | undefined
  #loading: Promise<void> | undefined

  constructor(
    readonly options: RecorderOptions,
    public mode: RecordMode,
  ) {
    if (options.file !== undefined && options.har !== undefined) {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        '[mocklib] createRecorder() takes { file } or { har }, not both.',
      )
    }
    this.header = `recording ${this.where()}`
    this.#settings = { match: options.match ?? {}, redactor: new Redactor(options.redact) }
    this.#volatile = new Set([...VOLATILE, ...(options.volatileHeaders ?? [])].map((name) => name.toLowerCase()))
    this.#include = includeFilter(options.include, options.saveUrl)
    this.#check = options.schema === undefined ? undefined : replayCheck(options.schema, () => this.where())
    if (options.openapi !== undefined && typeof options.openapi?.checkAnswer !== 'function') {
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', recordMessages.badOpenApiOption(options.openapi))
    }
  }

  where(): string {
    if (this.#file !== undefined) return this.#file
    if (this.options.file !== undefined) return String(this.options.file)
    return this.options.har === undefined ? 'a new recording' : 'the HAR given to the recorder'
  }

  ready(): Promise<void> {
    return (this.#loading ??= this.#load().catch((error: unknown) => {
      this.#loading = undefined
      throw error
    }))
  }

  async #load(): Promise<void> {
    if (this.options.file !== undefined) this.#file = await resolveFile(this.options.file)
    const har = this.options.har ?? (this.#file === undefined ? undefined : await readHarFile(this.#file))
    if (har !== undefined) await loadEntries(this.cassette, har.log.entries, this.#settings)
  }

  async decide(ctx: RequestContext): Promise<RecordingResolverInfo | null> {
    if (!this.#include(ctx.request)) return null
    await this.ready()
    const mode = this.mode
    // Repeats are counted per scope: two parallel boundaries each replay from the first answer.
    const counts = ctx.inScope(this.cassette, () => this.cassette.newCounts())
    if (mode === 'passthrough')
      return ctx.withRequest<RecordingResolverInfo>({
        requestId: ctx.requestId,
        action: 'passthrough',
        identity: undefined,
        counts,
      })
    const identity = await identify(ctx, this.#settings)
    const act = (action: RecordingResolverInfo['action']) =>
      ctx.withRequest<RecordingResolverInfo>({ requestId: ctx.requestId, action, identity, counts })
    // A batch nobody recorded whole: the expander runs its operations one by one.
    if (identity.kind === 'batch' && !this.cassette.has(identity.key)) return null
    if (mode === 'record') return act('record')
    const { key } = identity
    if (this.cassette.has(key) && !(mode === 'record-missing' && this.cassette.exhausted(key, counts)))
      return act('replay')
    if (mode === 'record-missing') return act('record')
    return mode === 'lockdown' ? act('refuse') : null
  }

  async answer(info: RecordingResolverInfo): Promise<Response> {
    const { identity } = info
    if (info.action === 'passthrough' || identity === undefined) return passthrough()
    if (info.action === 'refuse') {
      this.refused.push(identity.label)
      throw new NotRecordedError(recordMessages.lockdown(identity.label, this.where()))
    }
    if (info.action === 'record') return this.#record(info.request, identity.key, info.counts)
    const entry = this.cassette.take(identity.key, info.counts)!
    const response = responseOfHar(entry.response)
    if (this.#check !== undefined && identity.kind === 'request' && identity.graphql)
      await this.#check(info.request, response, identity.label)
    if (this.options.openapi !== undefined && identity.kind === 'request' && !identity.graphql)
      await this.#checkRest(this.options.openapi, info.request, response, identity.label)
    return response
  }

  async #checkRest(contract: AnswerContract, request: Request, response: Response, label: string): Promise<void> {
    const verdict = await contract.checkAnswer(request, response)
    if (verdict === undefined) return
    const message = recordMessages.stale(label, this.where(), verdict.against, verdict.problems)
    throw new StaleRecordingError(message, verdict.problems)
  }

  /** Performs the request for real, stores it redacted, and answers with what the server sent. */
  async #record(request: Request, key: string, counts: RepeatCounts): Promise<Response> {
    const started = Date.now()
    const harRequest = await harRequestOf(request, this.#volatile)
    let response: Response
    try {
      response = await fetch(bypass(request))
    } catch {
      // The server cannot be reached: the client sees the network error it would have seen.
      return Response.error()
    }
    // A stream that stays open (server-sent events, incremental delivery) cannot be stored
    // whole: it is passed on as it comes, unrecorded.
    if (STREAMED.test(response.headers.get('content-type') ?? '')) return streamOf(response)
    const harResponse = await harResponseOf(response, this.#volatile)
    const time = this.options.timestamps === true ? Date.now() - started : 0
    const entry: HarEntry = {
      startedDateTime: this.options.timestamps === true ? new Date(started).toISOString() : EPOCH,
      time,
      request: harRequest,
      response: harResponse,
      cache: {},
      timings: { send: 0, wait: time, receive: 0 },
    }
    const reply = responseOfHar(harResponse)
    this.cassette.add(key, this.#settings.redactor.entry(structuredClone(entry)), counts)
    return reply
  }

  /** What save() writes: in record mode only this run's entries, else every entry. */
  har(): Har {
    return this.cassette.toHar(this.mode === 'record')
  }

  async save(): Promise<void> {
    const writes = this.mode === 'record' || (this.mode === 'record-missing' && this.cassette.freshCount > 0)
    if (writes) {
      await this.ready()
      const har = this.har()
      if (this.#file !== undefined) await writeHarFile(this.#file, har)
      else await saveInPage(har, this.options.saveUrl)
    }
    if (this.refused.length > 0) throw new NotRecordedError(recordMessages.lockdownSummary(this.refused, this.where()))
  }
}

/** Keys the entries of a HAR, each as a live request of the same content would be keyed. */
export async function loadEntries(
  cassette: Cassette,
  entries: readonly HarEntry[],
  settings: KeySettings,
): Promise<void> {
  let index = 0
  for (const entry of entries) {
    index++
    if (!isReplayable(entry.response) || !/^https?:/i.test(entry.request?.url ?? '')) continue
    const ctx = new RequestContext(requestOfHar(entry.request), `har-${index}`)
    const identity = await identify(ctx, settings)
    cassette.add(identity.key, entry)
  }
}

/** The network's response as it streams, without the headers of the encoding fetch already undid. */
function streamOf(response: Response): Response {
  const headers = new Headers(response.headers)
  for (const name of ['content-encoding', 'content-length', 'transfer-encoding']) headers.delete(name)
  // eslint-disable-next-line mocklib/no-response-body -- the network's response, passed on as it streams
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

function includeFilter(
  include: RecorderOptions['include'],
  saveUrl: string | undefined,
): (request: Request) => boolean {
  const test: (request: Request) => boolean =
    include === undefined
      ? () => true
      : typeof include === 'function'
        ? include
        : include instanceof RegExp
          ? (request) => include.test(request.url)
          : (request) => request.url.startsWith(include)
  if (saveUrl === undefined) return test
  return (request) => !request.url.includes(saveUrl) && test(request)
}
