import { instanceSlot } from './instance-slot'
import { isRequestDraft, type RequestHead } from './request-draft'

/**
 * Bodies a source already holds as text: the string a client handed to `fetch`, kept by the
 * Node fetch source (sources/node/fetch-source.ts) for the `Request` the pipeline sees. Readers
 * (the GraphQL reader, resolvers' copies, the unhandled-request preview) take the text from
 * here instead of copying the body stream, which is the largest cost of reading a body.
 */
const texts = instanceSlot<string>('bodyText')

/**
 * Whether reading a body of `text` gives exactly that text: a UTF-8 decode drops a leading byte
 * order mark and replaces lone surrogates, so such strings are not known as text (their readers
 * copy the stream as before).
 */
export function isFaithfulText(text: string): boolean {
  return text.charCodeAt(0) !== 0xfeff && isWellFormed(text)
}

/** Records `text` as the body of `request`, when it is faithful (above). */
export function rememberBodyText(request: Request, text: string): void {
  if (isFaithfulText(text)) texts.set(request, text)
}

/**
 * Whether a request has a body. A request with a known text may make its body stream only when
 * something reads it (runtime/node-fast-path/lazy-request-body.ts), so this asks the known text
 * first; a draft (request-draft.ts) has only its text.
 */
export function hasBody(request: RequestHead): boolean {
  if (isRequestDraft(request)) return request.text !== undefined
  return texts.has(request as Request) || (request as Request).body !== null
}

/** The body's text when a source recorded it (rememberBodyText, or a draft's), else undefined: read the stream. */
export function knownBodyText(request: RequestHead): string | undefined {
  return isRequestDraft(request) ? request.text : texts.get(request as Request)
}

/** The text of a request's body, without consuming it: the known text, or a copy's. */
export function readBodyText(request: RequestHead): Promise<string> {
  const text = knownBodyText(request)
  if (text !== undefined) return Promise.resolve(text)
  // A draft without text has no body.
  return isRequestDraft(request) ? Promise.resolve('') : (request as Request).clone().text()
}

/**
 * A copy of a request whose body can be read without consuming the original's. A known text
 * body is given to the copy as text, which costs far less than `clone()` (a stream tee).
 */
export function copyRequest(request: Request): Request {
  const text = texts.get(request)
  if (text === undefined) return request.clone()
  // A Request built from another with an init resets referrer and referrerPolicy: keep them.
  const copy = new Request(request, { body: text, referrer: request.referrer, referrerPolicy: request.referrerPolicy })
  texts.set(copy, text)
  return copy
}

/** What reads or tells about a request's body: lent to a copy by `lendBody()`. */
const BODY_MEMBERS = ['body', 'bodyUsed', 'text', 'json', 'arrayBuffer', 'blob', 'formData', 'bytes'] as const

/** The copy a lent request reads its body from (see `lendBody`). */
const kLentTo = Symbol('mocklib.lentTo')
type Lent = Request & { [kLentTo]: Request }

/**
 * The members a lent request gets, the same functions for every request (they read the copy
 * under `kLentTo`): members made of closures per request would give each request a hidden class
 * of its own, which V8 keeps in the old generation with the request and its copy.
 */
const LENT_MEMBERS = new Map<string, PropertyDescriptor>([
  ...BODY_MEMBERS.map((name): [string, PropertyDescriptor] =>
    name === 'body' || name === 'bodyUsed'
      ? [
          name,
          {
            get(this: Lent) {
              return (this[kLentTo] as unknown as Record<string, unknown>)[name]
            },
            configurable: true,
          },
        ]
      : [
          name,
          {
            value(this: Lent, ...args: unknown[]) {
              const copy = this[kLentTo] as unknown as Record<string, (...a: unknown[]) => unknown>
              return copy[name]!.call(copy, ...args)
            },
            configurable: true,
            writable: true,
          },
        ],
  ),
  [
    'clone',
    {
      value(this: Lent) {
        return cloneLent(this, this[kLentTo])
      },
      configurable: true,
      writable: true,
    },
  ],
])

/**
 * Makes `request` read its body from a fresh copy until the returned function is called: the
 * request itself goes to a resolver (so it is the very object lifecycle events carry), while
 * its own body stays unread for the next handler and a passthrough. `clone()` copies the
 * request as it is then (header edits included), from the copy's body state. Returns undefined
 * when the request does not take own properties (then the caller hands out the copy instead).
 */
export function lendBody(request: Request, copy: Request): (() => void) | undefined {
  const target = request as unknown as Record<string | symbol, unknown>
  const lent: Array<string | symbol> = []
  try {
    Object.defineProperty(request, kLentTo, { value: copy, configurable: true })
    lent.push(kLentTo)
    for (const [name, descriptor] of LENT_MEMBERS) {
      if (name !== 'clone' && !(name in request)) continue
      Object.defineProperty(request, name, descriptor)
      lent.push(name)
    }
  } catch {
    for (const name of lent) delete target[name]
    return undefined
  }
  return () => {
    for (const name of lent) delete target[name]
  }
}

/** `clone()` of a lent request: its own headers and fields now, and the copy's body (a read one cannot be cloned). */
function cloneLent(request: Request, copy: Request): Request {
  if (copy.bodyUsed) return copy.clone()
  const clone = copyRequest(copy)
  copyHeaders(request.headers, clone.headers)
  return clone
}

/** Makes `target` hold exactly the headers of `source`, touching only those that differ. */
export function copyHeaders(source: Headers, target: Headers): void {
  for (const name of [...target.keys()]) if (!source.has(name)) target.delete(name)
  for (const [name, value] of source) if (target.get(name) !== value) target.set(name, value)
}

function isWellFormed(text: string): boolean {
  const check = (text as { isWellFormed?: () => boolean }).isWellFormed
  // Node 20+ has String.prototype.isWellFormed; without it, only surrogate-free text counts.
  return check === undefined ? !/[\uD800-\uDFFF]/.test(text) : check.call(text)
}
