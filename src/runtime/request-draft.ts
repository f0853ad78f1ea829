/** What the pipeline reads of a request to find its handler: a `Request` has it, and so does a draft. */
export interface RequestHead {
  readonly method: string
  /** The serialized URL, as `Request.url` gives it. */
  readonly url: string
  readonly headers: Headers
}

/** What a source knows of a request before it is a `Request`. */
export interface DraftParts {
  /** Normalized as the `Request` constructor normalizes it. */
  readonly method: string
  readonly url: string
  /** `url` as the source parsed it, if it did (never handed to user code). */
  readonly parsedUrl?: URL
  /** The headers the `Request` will have (its default content type included). */
  readonly headers: Headers
  /** The body as text; undefined: no body. */
  readonly text: string | undefined
  readonly credentials: Request['credentials']
  readonly redirect: Request['redirect']
  /** Makes the `Request`: called once, the first time anyone asks for it. */
  readonly make: () => Request
}

/**
 * A request a source has read but not yet made into a Fetch `Request`: the pipeline matches
 * handlers on its method, URL, headers and body text (most resolvers never read `request`), and
 * the `Request` is made the first time a resolver, a predicate, a listener or the network needs
 * it. That one object is then the request everywhere (events, resolvers, history, passthrough),
 * as if the source had made it at once; from then on `headers` are the request's own, so edits
 * a resolver makes are what later readers see.
 *
 * On Node a `Request` with a body costs several times one without (its body stream is a native
 * object the collector tracks), and undici keeps that body out of reach on Node 24: not making
 * the request is the only way not to pay for it there.
 */
export class RequestDraft implements RequestHead {
  readonly method: string
  readonly url: string
  readonly text: string | undefined
  readonly credentials: Request['credentials']
  readonly redirect: Request['redirect']
  /** The URL as the source parsed it, if it did: a record to reuse, never to change. */
  readonly parsedUrl: URL | undefined
  #headers: Headers
  #make: (() => Request) | undefined
  #request: Request | undefined

  constructor(parts: DraftParts) {
    this.method = parts.method
    this.url = parts.url
    this.text = parts.text
    this.credentials = parts.credentials
    this.redirect = parts.redirect
    this.parsedUrl = parts.parsedUrl
    this.#headers = parts.headers
    this.#make = parts.make
  }

  get headers(): Headers {
    return this.#request === undefined ? this.#headers : this.#request.headers
  }

  /** The `Request`, made now if nobody asked before. */
  get request(): Request {
    if (this.#request === undefined) {
      this.#request = (this.#make as () => Request)()
      this.#make = undefined
    }
    return this.#request
  }

  /** The `Request` if it was made; undefined if nothing has needed it yet. */
  get built(): Request | undefined {
    return this.#request
  }
}

/**
 * Every draft carries this brand (on the prototype): a registry symbol, the same in the ESM and
 * the CommonJS build, so a handler of one build knows a draft the other build's source made
 * (the dual-package hazard), where `instanceof` would not.
 */
const kRequestDraft = Symbol.for('mocklib.RequestDraft')
Object.defineProperty(RequestDraft.prototype, kRequestDraft, { value: true })

/** True for a draft from either build of mocklib. */
export function isRequestDraft(value: unknown): value is RequestDraft {
  return typeof value === 'object' && value !== null && (value as { [kRequestDraft]?: unknown })[kRequestDraft] === true
}

/** A request as a source hands it to the pipeline: made, or a draft made on demand. */
export type SourceRequest = Request | RequestDraft

/** The `Request` of a source's request (a draft's is made now). */
export function requestOf(source: SourceRequest): Request {
  return isRequestDraft(source) ? source.request : source
}

/** What to read a source's request's method, URL and headers from without making a draft's `Request`. */
export function headOf(source: SourceRequest): RequestHead {
  return isRequestDraft(source) ? (source.built ?? source) : source
}
