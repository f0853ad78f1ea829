import { getDocumentBaseUrl } from './environment'
import { copyHeaders, copyRequest, hasBody, lendBody } from './request-body'
import { headOf, isRequestDraft, requestOf, type RequestHead, type SourceRequest } from './request-draft'

/** What the loop tells a scope's history of each resolver run (call-history.ts's `RequestNotes`). */
export interface ResolverRunNotes {
  call(
    handler: object,
    args: object,
    /** The argument's keys as given (`RequestContext.givenKeys`), if known; else read from `args`. */
    given: Record<string, unknown> | undefined,
    request: SourceRequest,
    response: Response | undefined,
    fellThrough: boolean,
    time: number,
  ): void
  /** A message or chunk of the stream the request was answered with (`HistoryEntry.frames`). */
  frame(direction: 'in' | 'out', data: string): unknown
}

/** What a resolver argument's lazy `request` reads (see `withRequest`), kept on the argument under a symbol. */
interface RequestLoan {
  readonly ctx: RequestContext
  /** Whether the request has a body, read from a copy (`#lend`). */
  readonly lends: boolean
  /** The request the resolver got, or set. */
  given: Request | undefined
}

const kRequestLoan = Symbol('mocklib.requestLoan')
type LoanHolder = { [kRequestLoan]: RequestLoan }

/** Contexts by a request handed to MSW-style handler members (see handler-members.ts). */
const registered = new WeakMap<Request, RequestContext>()

/**
 * Everything handlers learn about one request, computed at most once however many
 * handlers look at it: the parsed URL, the clean URL, cookies, a parsed GraphQL body.
 */
export class RequestContext {
  /**
   * @internal Runs another request through the same handler list and options, as a source's
   * request (set by handleRequest; undefined under getResponse()). For transports that carry
   * several operations over one exchange: graphql-sse's single connection mode. It resolves to
   * handle-request.ts's PipelineResult (not named here: that file imports this one).
   */
  rerun: ((request: Request, requestId: string) => Promise<unknown>) | undefined
  /**
   * @internal What handlers keep per scope (a server's root scope, a boundary, `getResponse()`),
   * set by the resolution loop from the scope's state store (`HandlerStateStore.kept`); see `inScope`.
   */
  scopeData: WeakMap<object, unknown> | undefined
  /** @internal The same, forgotten by `resetHandlers()` (`HandlerStateStore.keptUntilReset`). */
  scopeDataUntilReset: WeakMap<object, unknown> | undefined
  /**
   * @internal How the page's log line names this request when it is mocked, where the method
   * and URL say less: a GraphQL handler sets "query GetUser" (see log-mocked-request.ts).
   */
  logTitle: string | undefined
  /**
   * @internal What the resolution loop notes for the scope's history (call-history.ts): set by
   * handleRequest when the scope keeps one, shared by a batch's parts; undefined costs nothing.
   */
  notes: ResolverRunNotes | undefined
  #url: URL | undefined
  #cleanUrl: string | undefined
  #memo: Map<unknown, unknown> | undefined
  /** Copies handed to resolvers whose header edits are not yet on the request. */
  #copies: Request[] | undefined
  /** Gives the request its own body members back (see `withRequest`). */
  #endLoan: (() => void) | undefined
  /** The resolver argument `withRequest` made last while notes are kept, and its keys as given. */
  #givenArgs: object | undefined
  #givenKeys: Record<string, unknown> | undefined

  constructor(
    /** The request as the source handed it over: a `Request`, or a draft made into one on demand. */
    readonly source: SourceRequest,
    readonly requestId: string,
    /** Base for relative handler paths: the document's, or one given to getResponse(). */
    readonly baseUrl: string | undefined = getDocumentBaseUrl(),
    /**
     * Aborted when the server or worker that caught the request stops. Responses that stay
     * open (event streams) end with it, so close() leaves nothing running. A function makes
     * it on first use (see lazy-abort-signal.ts).
     */
    lifetime: AbortSignal | (() => AbortSignal) | undefined = undefined,
    /**
     * Aborted when the client gives up on the request: its own signal, or one the source
     * provides where that never aborts (Node's http.request), or a function that makes it on
     * first use (a signal costs more than most of a request; most resolvers never ask).
     * Default: the request's own signal.
     */
    clientSignal?: AbortSignal | (() => AbortSignal),
  ) {
    this.#lifetime = lifetime
    this.#clientSignal = clientSignal ?? (isRequestDraft(source) ? () => source.request.signal : source.signal)
  }

  /** The request: a draft's is made now (request-draft.ts). Matching reads `head` instead. */
  get request(): Request {
    return requestOf(this.source)
  }

  /**
   * The request's method, URL and headers, read without making a draft's `Request`: what
   * matching, the index and the GraphQL reader need. Once the request is made, the request itself.
   */
  get head(): RequestHead {
    return headOf(this.source)
  }

  #lifetime: AbortSignal | (() => AbortSignal) | undefined
  #clientSignal: AbortSignal | (() => AbortSignal)

  /** @internal Lets a member that is given `request` find this context (`RequestContext.of`). */
  static register(request: Request, ctx: RequestContext): void {
    registered.set(request, ctx)
  }

  /**
   * @internal The context of a request a handler member was given: the one resolution made, so
   * what it read once (a GraphQL body) is not read again, or a new one when a member is
   * called on its own.
   */
  static of(request: Request, resolutionContext?: { baseUrl?: string }): RequestContext {
    return (
      registered.get(request) ??
      new RequestContext(request, 'direct', resolutionContext?.baseUrl ?? getDocumentBaseUrl())
    )
  }

  get lifetime(): AbortSignal | undefined {
    if (typeof this.#lifetime === 'function') this.#lifetime = this.#lifetime()
    return this.#lifetime
  }

  get clientSignal(): AbortSignal {
    if (typeof this.#clientSignal === 'function') this.#clientSignal = this.#clientSignal()
    return this.#clientSignal
  }

  get url(): URL {
    return (this.#url ??= new URL(this.head.url))
  }

  /** origin + pathname, what path patterns are matched against. */
  get cleanUrl(): string {
    if (this.#cleanUrl === undefined) {
      // A Request's url is already serialized: for http(s), cut off the query and hash without
      // parsing it again, unless it may carry credentials (user:pass@), which the clean URL leaves out.
      const href = this.head.url
      const end = href.search(/[?#]/)
      const head = end === -1 ? href : href.slice(0, end)
      if (!(href.startsWith('http://') || href.startsWith('https://')) || head.includes('@')) {
        const url = this.url
        this.#cleanUrl = url.protocol + '//' + url.host + url.pathname
      } else {
        this.#cleanUrl = head
      }
    }
    return this.#cleanUrl
  }

  /** Computes a value once per request, keyed by `key` (a symbol or function identity). */
  /**
   * What `owner` keeps in the scope resolving this request, made by `init` the first time that
   * scope asks: the same handler in two parallel boundaries keeps two (a recorder's repeat counts).
   * `'until reset'`: made again after the scope's `resetHandlers()` (mocklib/openapi's collections).
   */
  inScope<T extends object>(owner: object, init: () => T, lifetime: 'scope' | 'until reset' = 'scope'): T {
    const data =
      lifetime === 'scope' ? (this.scopeData ??= new WeakMap()) : (this.scopeDataUntilReset ??= new WeakMap())
    let value = data.get(owner) as T | undefined
    if (value === undefined) data.set(owner, (value = init()))
    return value
  }

  memo<T>(key: unknown, compute: () => T): T {
    this.#memo ??= new Map()
    if (this.#memo.has(key)) return this.#memo.get(key) as T
    const value = compute()
    this.#memo.set(key, value)
    return value
  }

  /**
   * The request, for a custom predicate or a handler member: its body, if any, read from a copy
   * until the handler is done (see withRequest), so the caller gets the very object lifecycle
   * events carry and reading it consumes nothing.
   */
  requestForResolver(): Request {
    return hasBody(this.head) ? this.#lend() : this.request
  }

  /**
   * A request of its own whose body the caller may read without consuming the original, for
   * work that outlives this handler (a subscription); its header edits are carried over until
   * the handler is done (see adoptHeaderEdits).
   */
  requestCopy(): Request {
    return hasBody(this.head) ? this.#trackedCopy() : this.request
  }

  /**
   * Completes a resolver argument with `request`: the request itself, as lifecycle events carry
   * it (a test may key a WeakMap by it). For a request with a body, the resolver reads a copy's
   * body through it (`lendBody`), made only when the resolver first touches `request`: most
   * GraphQL resolvers read only `variables`, and a copy (a stream tee) is the largest
   * per-request cost left. The request's own body stays unread for the next handler and a
   * passthrough; the loan ends when the handler is done (`adoptHeaderEdits`).
   */
  withRequest<Info extends { request: Request }>(info: Omit<Info, 'request'>): Info {
    if (this.notes !== undefined) {
      // What the history keeps of the call: a copy of the plain keys now costs far less than
      // walking the argument once its `request` is an accessor.
      this.#givenKeys = { ...info }
      this.#givenArgs = info
    }
    const lends = hasBody(this.head)
    if (!lends && !isRequestDraft(this.source)) {
      ;(info as unknown as { request: Request }).request = this.source
      return info as Info
    }
    // A draft's request is made only if the resolver reads it.
    const loan: RequestLoan = { ctx: this, lends, given: undefined }
    Object.defineProperty(info, kRequestLoan, { value: loan })
    return Object.defineProperty(info, 'request', RequestContext.#requestAccessor) as Info
  }

  /**
   * The `request` member of every argument `withRequest` completes lazily: one getter and setter
   * for all of them, reading the argument's own loan. An accessor made of closures per request
   * gives each argument a hidden class of its own, which V8 keeps in the old generation, where it
   * holds the closures and the whole request's context through every young-generation collection
   * (a mocked fetch's GC time went up 2.5× on Node 20).
   */
  static readonly #requestAccessor: PropertyDescriptor = {
    enumerable: true,
    configurable: true,
    get(this: LoanHolder): Request {
      const loan = this[kRequestLoan]
      return (loan.given ??= loan.lends ? loan.ctx.#lend() : loan.ctx.request)
    },
    set(this: LoanHolder, value: Request): void {
      this[kRequestLoan].given = value
    },
  }

  /** @internal Where a streamed answer tells the history each text it sends; undefined when none is kept. */
  streamFrames(): ((text: string) => void) | undefined {
    const notes = this.notes
    return notes === undefined ? undefined : (text) => void notes.frame('out', text)
  }

  /** @internal The keys `args` was given, when `withRequest` made it; undefined for any other argument. */
  givenKeys(args: object): Record<string, unknown> | undefined {
    return args === this.#givenArgs ? this.#givenKeys : undefined
  }

  /** The request, reading its body from a fresh copy; the copy itself where a loan is impossible. */
  #lend(): Request {
    this.#endLoan?.()
    const copy = copyRequest(this.request)
    this.#endLoan = lendBody(this.request, copy)
    if (this.#endLoan !== undefined) return this.request
    ;(this.#copies ??= []).push(copy)
    return copy
  }

  #trackedCopy(): Request {
    const copy = copyRequest(this.request)
    ;(this.#copies ??= []).push(copy)
    return copy
  }

  /**
   * Carries the header edits resolvers made on their copies over to the request, as if they
   * had been handed the request itself (as GET resolvers are): the next handler sees them,
   * and a passthrough or fall-through sends them.
   */
  adoptHeaderEdits(): void {
    this.#endLoan?.()
    this.#endLoan = undefined
    const copies = this.#copies
    if (copies === undefined) return
    this.#copies = undefined
    for (const copy of copies) copyHeaders(copy.headers, this.request.headers)
  }
}
