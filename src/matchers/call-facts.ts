import type { HandlerCall } from '../runtime/call-history'
import { MocklibTypeError } from '../runtime/errors'
import { isJsonMediaType } from '../runtime/media-types'
import { describeValue, format } from '../runtime/messages'
import type { QueryRecord } from './types'

/** The keys a `…RequestedWith()` expectation may name besides the resolver's own (see RequestedWithCall). */
const REQUEST_KEYS = new Set(['query', 'headers', 'body'])
/** Keys of a call that describe what the resolver did, not what was requested. */
const OUTCOME_KEYS = new Set(['request', 'requestId', 'searchParams', 'handler', 'response', 'fellThrough', 'time'])

export type Expectation = Readonly<Record<string, unknown>>

/**
 * Checks a `…RequestedWith()` expectation before any call is read: a plain object whose keys a
 * call of this handler has (a misspelt key would never match, and say nothing of why).
 */
export function checkExpectation(expected: unknown, matcher: string, calls: readonly HandlerCall[]): Expectation {
  if (typeof expected !== 'object' || expected === null || Array.isArray(expected) || isAsymmetric(expected)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        `${matcher}() takes an object naming what to compare ({ params, query, headers, body, variables, ` +
          `operationName }), got ${describeValue(expected)}. Keys left out are not compared.`,
      ),
    )
  }
  const known = calls.length === 0 ? undefined : Object.keys(calls[0])
  for (const key of Object.keys(expected)) {
    if (REQUEST_KEYS.has(key)) continue
    if (OUTCOME_KEYS.has(key) || (known !== undefined && !known.includes(key))) {
      const keys = new Set([...REQUEST_KEYS, ...(known ?? []).filter((name) => !OUTCOME_KEYS.has(name))])
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        format(`${matcher}() cannot compare "${key}": a request to this handler has ${[...keys].join(', ')}.`),
      )
    }
  }
  return expected as Expectation
}

function isAsymmetric(value: object): boolean {
  return typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function'
}

/**
 * What `expected` names of one call, in its shape: the resolver's keys as they are, the URL
 * query as a record (an http handler's), only the named headers, and the body (read, so a
 * promise) when `expected.body` is given.
 */
export function callFacts(call: HandlerCall, expected: Expectation): Expectation | Promise<Expectation> {
  const facts: Record<string, unknown> = {}
  const data = call as unknown as Record<string, unknown>
  for (const key of Object.keys(expected)) {
    if (key === 'headers') facts.headers = namedHeaders(call.request.headers, expected.headers)
    else if (key === 'query' && !('query' in data)) facts.query = queryRecord(call.searchParams)
    else if (key !== 'body') facts[key] = data[key]
  }
  if (!('body' in expected)) return facts
  const request = call.request
  // `body: undefined` asks only whether there is one: answered without reading it.
  if (expected.body === undefined) return { ...facts, body: request.body === null ? undefined : UNREAD_BODY }
  return bodyValue(request, typeof expected.body === 'string').then((body) => ({ ...facts, body }))
}

/** What a body stands as when only its absence was asked for. */
const UNREAD_BODY = '(a body, not read: name the expected body to compare it)'

function namedHeaders(headers: Headers, expected: unknown): unknown {
  if (typeof expected !== 'object' || expected === null || isAsymmetric(expected)) return Object.fromEntries(headers)
  const named: Record<string, string | undefined> = {}
  for (const name of Object.keys(expected)) named[name] = headers.get(name) ?? undefined
  return named
}

/** The URL query by name: a name given once is its value, one given more often its values in order. */
function queryRecord(searchParams: URLSearchParams): QueryRecord {
  const record: QueryRecord = {}
  for (const name of new Set(searchParams.keys())) {
    const values = searchParams.getAll(name)
    record[name] = values.length === 1 ? values[0] : values
  }
  return record
}

/** The body as the matchers compare it: JSON parsed when the content type says JSON, else the text. */
async function bodyValue(request: Request, asText: boolean): Promise<unknown> {
  if (request.body === null) return undefined
  const text = await request.text()
  if (asText || !isJsonMediaType(request.headers.get('content-type') ?? '')) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
