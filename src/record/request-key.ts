import { BoundedCache } from '../runtime/bounded-cache'
import { describeRequest } from '../runtime/messages'
import { hasBody, readBodyText } from '../runtime/request-body'
import type { RequestContext } from '../runtime/request-context'
import { readGraphQLRequest, type ParsedOperation } from '../graphql/graphql-request'
import { loadGraphQL } from '../graphql/load-graphql'
import { mayBeGraphQLRequest } from '../graphql/request-params'
import type { Redactor } from './redact'
import { stableStringify } from './stable-json'

/** Which parts of a request tell recordings apart, beside its method and URL path. */
export interface RecordMatchOptions {
  /** Query parameters: all of them, in any order (true, the default), none (false), or all but some. */
  query?: boolean | { ignore: readonly string[] }
  /** Request headers that must be equal too (none by default, so volatile headers never count). */
  headers?: readonly string[]
  /** Whether bodies must be equal (JSON compared whatever its key order). Default true. */
  body?: boolean
}

/** What a request is, for recordings. */
export type RequestIdentity =
  | {
      readonly kind: 'request'
      /** Equal keys: the same request, as far as matching goes. */
      readonly key: string
      /** How messages name it: "query ListPosts (POST http://127.0.0.1:4000/graphql)". */
      readonly label: string
      readonly graphql: boolean
    }
  /** A GraphQL batch: its operations are recorded and replayed one by one. */
  | { readonly kind: 'batch'; readonly key: string; readonly label: string }

export interface KeySettings {
  readonly match: RecordMatchOptions
  readonly redactor: Redactor
}

/**
 * The identity of a request, computed once per request. A GraphQL operation is keyed by its
 * endpoint, operation name, normalised document (or persisted-query hash, when only the hash
 * was sent) and variables (key order ignored), never by its raw body. Anything else is keyed by
 * method, URL path and what the match options include. Secrets are redacted first, as in the
 * stored recording, so a live request and its recording get the same key. Memoised per
 * request and per settings (two recorders with other match options key it twice).
 */
export function identify(ctx: RequestContext, settings: KeySettings): Promise<RequestIdentity> {
  return ctx.memo(settings, () => compute(ctx, settings))
}

async function compute(ctx: RequestContext, settings: KeySettings): Promise<RequestIdentity> {
  const label = describeRequest(ctx.request)
  if (mayBeGraphQLRequest(ctx)) {
    const parsed = await readGraphQLRequest(ctx)
    if (parsed.kind === 'batch')
      return { kind: 'batch', key: await restKey(ctx, settings), label: `a GraphQL batch (${label})` }
    if (parsed.kind === 'operation' && parsed.operation.problem === undefined) {
      const operation = parsed.operation
      const name = operation.operationName ?? ''
      // Redaction paths start at the request body, where "variables" is a key.
      const { variables } = settings.redactor.json({ variables: operation.variables }) as { variables: unknown }
      const key = ['graphql', ctx.cleanUrl, name, await documentKey(operation), stableStringify(variables)].join('\n')
      const what = operation.operationType === undefined ? 'operation' : operation.operationType
      return {
        kind: 'request',
        key,
        label: `${name === '' ? `anonymous ${what}` : `${what} ${name}`} (${label})`,
        graphql: true,
      }
    }
  }
  return { kind: 'request', key: await restKey(ctx, settings), label, graphql: false }
}

const printed = new BoundedCache<string, Promise<string>>(500)

/** The document as graphql-js prints it (whitespace, commas and comments normalised); a hash if only that was sent. */
async function documentKey(operation: ParsedOperation): Promise<string> {
  if (typeof operation.params.query !== 'string' && operation.hash !== undefined) return `sha256:${operation.hash}`
  const { query, document } = operation
  if (document === undefined) return query
  return printed.getOrCreate(query, () => loadGraphQL().then((graphql) => graphql.print(document)))
}

async function restKey(ctx: RequestContext, { match, redactor }: KeySettings): Promise<string> {
  const parts = [ctx.head.method, ctx.cleanUrl]
  const query = match.query ?? true
  if (query !== false) {
    const ignored = new Set(query === true ? [] : query.ignore)
    const pairs = [...ctx.url.searchParams]
      .filter(([name]) => !ignored.has(name))
      .map(([name, value]) => `${name}=${redactor.queryValue(name, value)}`)
      .sort()
    parts.push(pairs.join('&'))
  }
  for (const name of [...(match.headers ?? [])].map((header) => header.toLowerCase()).sort()) {
    const value = ctx.head.headers.get(name)
    parts.push(`${name}: ${value === null ? '' : redactor.headerValue(name, value)}`)
  }
  if ((match.body ?? true) && hasBody(ctx.request)) parts.push(bodyKey(await readBodyText(ctx.request), redactor))
  return parts.join('\n')
}

function bodyKey(text: string, redactor: Redactor): string {
  try {
    return stableStringify(redactor.json(JSON.parse(text)))
  } catch {
    return text
  }
}
