// The control protocol's wire: the reserved path prefix, its routes, the header names that carry
// a request or an answer across processes, their codecs, and the bearer-token check. The server
// side (src/server/, the remote's endpoint) and every client (ControlClient, the app process)
// import these, so there is one spelling of each name. docs/control-protocol.md describes it.
import { MocklibTypeError } from '../runtime/errors'
import { isHeadersLike } from '../runtime/headers-like'

/** Bumped when a route or header changes meaning; `GET /__mocklib/health` reports it. */
export const PROTOCOL_VERSION = 1

/** Every control route lives under this path; the mock server never hands it to handlers. */
export const CONTROL_PREFIX = '/__mocklib/'

export interface ControlRoutes {
  readonly dashboard: string
  readonly health: string
  readonly handlers: string
  readonly handler: (id: string) => string
  readonly scenario: string
  readonly use: string
  readonly reset: string
  /** Delivers an event to the subscriptions of the server's schema executor (`--schema`). */
  readonly publish: string
  readonly requests: string
  readonly request: (id: string) => string
  readonly har: string
  readonly events: string
  readonly scopes: string
  readonly scope: (scope: string) => string
  readonly resolve: string
  /** The app process's WebSocket connections, offered to the test process's `ws` handlers (an upgrade). */
  readonly websocket: string
}

/** Route paths, relative to the server's origin. */
export const routes: ControlRoutes = {
  dashboard: CONTROL_PREFIX,
  health: `${CONTROL_PREFIX}health`,
  handlers: `${CONTROL_PREFIX}handlers`,
  handler: (id: string) => `${CONTROL_PREFIX}handlers/${encodeURIComponent(id)}`,
  scenario: `${CONTROL_PREFIX}scenario`,
  use: `${CONTROL_PREFIX}use`,
  reset: `${CONTROL_PREFIX}reset`,
  publish: `${CONTROL_PREFIX}publish`,
  requests: `${CONTROL_PREFIX}requests`,
  request: (id: string) => `${CONTROL_PREFIX}requests/${encodeURIComponent(id)}`,
  har: `${CONTROL_PREFIX}requests.har`,
  events: `${CONTROL_PREFIX}events`,
  scopes: `${CONTROL_PREFIX}scopes`,
  scope: (scope: string) => `${CONTROL_PREFIX}scopes/${encodeURIComponent(scope)}`,
  resolve: `${CONTROL_PREFIX}resolve`,
  websocket: `${CONTROL_PREFIX}websocket`,
}

/** Header names of `POST /__mocklib/resolve` (lower case, as Node reports them). */
export const headerNames: {
  readonly method: 'x-mocklib-method'
  readonly url: 'x-mocklib-url'
  readonly headers: 'x-mocklib-headers'
  readonly requestId: 'x-mocklib-request-id'
  readonly scope: 'x-mocklib-scope'
  readonly outcome: 'x-mocklib-outcome'
  readonly status: 'x-mocklib-status'
  readonly statusText: 'x-mocklib-status-text'
  readonly fault: 'x-mocklib-fault'
} = {
  method: 'x-mocklib-method',
  url: 'x-mocklib-url',
  headers: 'x-mocklib-headers',
  requestId: 'x-mocklib-request-id',
  scope: 'x-mocklib-scope',
  outcome: 'x-mocklib-outcome',
  status: 'x-mocklib-status',
  statusText: 'x-mocklib-status-text',
  fault: 'x-mocklib-fault',
}

/** What the far side did with a request sent to `POST /__mocklib/resolve` (header `x-mocklib-outcome`). */
export type ResolveOutcome = 'mocked' | 'unhandled' | 'passthrough' | 'bypass' | 'network-error' | 'error'

const OUTCOMES: ReadonlySet<string> = new Set<ResolveOutcome>([
  'mocked',
  'unhandled',
  'passthrough',
  'bypass',
  'network-error',
  'error',
])

export function parseOutcome(value: string | null | undefined): ResolveOutcome {
  if (value != null && OUTCOMES.has(value)) return value as ResolveOutcome
  throw protocolError(`${headerNames.outcome} is ${JSON.stringify(value)}, not one of ${[...OUTCOMES].join(', ')}`)
}

/** One header's value as Node's IncomingMessage gives it (a repeated header: its first value). */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** A status text as a header value: percent-encoded, since a header carries only ASCII safely. */
export function encodeStatusText(text: string): string {
  return encodeURIComponent(text)
}

export function decodeStatusText(value: string | string[] | undefined): string {
  const text = headerValue(value)
  if (text === undefined) return ''
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

export type HeaderPairs = Array<[name: string, value: string]>

/**
 * Headers as one header value: a JSON array of [name, value] pairs, which keeps repeated headers
 * (set-cookie) and their order. Characters outside ASCII are written as \u escapes, since a header
 * value may carry only visible ASCII safely; `decodeHeaderPairs` gives back the same strings.
 */
export function encodeHeaderPairs(headers: Headers | Iterable<readonly [string, string]>): string {
  const pairs = isHeadersLike(headers) ? headerPairs(headers) : [...headers]
  return JSON.stringify(pairs).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** Headers as [name, value] pairs, each Set-Cookie its own (a polyfill's iterator may join them). */
export function headerPairs(headers: Headers): HeaderPairs {
  const pairs: HeaderPairs = []
  for (const [name, value] of headers) if (name !== 'set-cookie') pairs.push([name, value])
  for (const cookie of headers.getSetCookie?.() ?? []) pairs.push(['set-cookie', cookie])
  return pairs
}

export function decodeHeaderPairs(value: string | null | undefined): HeaderPairs {
  if (value == null || value === '') return []
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw protocolError(`${headerNames.headers} is not JSON: ${value.slice(0, 80)}`)
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'))
  if (!valid) throw protocolError(`${headerNames.headers} must be a JSON array of [name, value] string pairs`)
  return parsed as HeaderPairs
}

export function toHeaders(pairs: HeaderPairs): Headers {
  const headers = new Headers()
  for (const [name, value] of pairs) headers.append(name, value)
  return headers
}

/** A peer spoke the protocol wrongly (a malformed header, an unknown outcome). */
export function protocolError(detail: string): MocklibTypeError {
  return new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', `mocklib control protocol: ${detail}.`)
}

/** A fresh token: 24 random bytes, base64url (32 characters). */
export function createToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function bearer(token: string): string {
  return `Bearer ${token}`
}

/**
 * Whether an Authorization header value carries the token. The comparison looks at every
 * character whatever the first difference, so its time does not tell how much of a guess was right.
 */
export function hasToken(authorization: string | null | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '')
  const given = match?.[1] ?? ''
  let difference = given.length ^ token.length
  for (let index = 0; index < token.length; index++) {
    difference |= token.charCodeAt(index) ^ given.charCodeAt(index % Math.max(given.length, 1))
  }
  return difference === 0
}

/** Whether a host name or address (as given to listen(), or a socket's address) is this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare) || bare === '::ffff:127.0.0.1'
}
