import { hasBody, readBodyText } from '../runtime/request-body'
import type { RequestContext } from '../runtime/request-context'
import { placeFiles } from './multipart'

/** One operation's parameters as the client sent them (GraphQL over HTTP), not yet checked. */
export type OperationParams = Record<string, unknown>

/** What an HTTP request carries, read per the GraphQL over HTTP rules. */
export type RequestParams =
  /**
   * Not a GraphQL request. `reason` says why, for requests sent to a GraphQL endpoint;
   * `malformed` when the body claims JSON (or says nothing) and does not parse.
   */
  | { kind: 'none'; reason: string; malformed?: true }
  /** A GraphQL request that cannot be read (`reason` says why). */
  | { kind: 'invalid'; reason: string }
  | { kind: 'single'; params: OperationParams }
  /** A JSON array of operations (Apollo BatchHttpLink and others), or a multipart array. */
  | { kind: 'batch'; entries: OperationParams[]; multipart: boolean }

const none = (reason: string): RequestParams => ({ kind: 'none', reason })

/**
 * Reads a request's GraphQL parameters without consuming its body (the text the source holds,
 * else a clone's), parsing a JSON body once. Called
 * once per request, through `readGraphQLRequest()` (graphql-request.ts), which every reader uses:
 * GET query string; POST `application/json` (any JSON-ish or missing content type, as
 * clients vary), `application/graphql` (the raw document) and `multipart/form-data`
 * (the GraphQL multipart request spec, files as the platform's `File`s, byte for byte).
 */
export async function readRequestParams(ctx: RequestContext): Promise<RequestParams> {
  // The head: a source's draft stays a draft (request-draft.ts) unless the body is multipart.
  const request = ctx.head
  if (request.method === 'GET') return readSearchParams(new URL(request.url).searchParams)
  if (request.method !== 'POST') return none(`GraphQL requests use GET or POST, this one uses ${request.method}`)
  if (!hasBody(request)) return none('the POST request has no body')

  const contentType = (request.headers.get('content-type') ?? '').toLowerCase()
  const format = bodyFormat(contentType)
  if (format === 'multipart') return readMultipart(ctx.request)
  if (format === 'document') return { kind: 'single', params: { query: await readBodyText(request) } }
  if (format === undefined) {
    return none(`its content type "${contentType}" is not one GraphQL over HTTP uses (application/json)`)
  }

  const text = await readBodyText(request)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    return {
      kind: 'none',
      reason: `its body is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      malformed: true,
    }
  }
  return fromJson(body)
}

/** How a POST body with this (lower-cased) content type carries GraphQL; undefined: it does not. */
function bodyFormat(contentType: string): 'multipart' | 'document' | 'json' | undefined {
  if (contentType.includes('multipart/form-data')) return 'multipart'
  if (contentType.startsWith('application/graphql') && !contentType.includes('json')) return 'document'
  // JSON-ish or missing content types, as clients vary; text/plain avoids a CORS preflight.
  if (contentType === '' || contentType.includes('json') || contentType.startsWith('text/plain')) return 'json'
  return undefined
}

const GET_KEYS = ['query=', 'extensions=', 'documentId=']

/**
 * Whether a request may carry a GraphQL operation, decided without reading its body: a GET
 * with a query, persisted-query or document-id parameter, or a POST with a body in a format
 * GraphQL over HTTP uses. The index reads no body for the rest.
 */
export function mayBeGraphQLRequest(ctx: RequestContext): boolean {
  const request = ctx.head
  if (request.method === 'GET') {
    const search = ctx.url.search
    return search !== '' && GET_KEYS.some((key) => search.includes(key))
  }
  if (request.method !== 'POST' || !hasBody(request)) return false
  return bodyFormat((request.headers.get('content-type') ?? '').toLowerCase()) !== undefined
}

function readSearchParams(params: URLSearchParams): RequestParams {
  const entry: OperationParams = {}
  for (const key of ['query', 'operationName', 'variables', 'extensions', 'documentId']) {
    const value = params.get(key)
    // The empty string means "absent" (GraphQL over HTTP, GET).
    if (value !== null && value !== '') entry[key] = value
  }
  // "variables" stays a string: graphql-request.ts reads it as it reads a JSON-string body field.
  if (typeof entry.extensions === 'string') {
    try {
      entry.extensions = JSON.parse(entry.extensions)
    } catch (error) {
      return {
        kind: 'invalid',
        reason: `its "extensions" URL parameter is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      }
    }
  }
  if (!isOperationParams(entry)) return none('the GET request has no "query" parameter')
  return { kind: 'single', params: entry }
}

function fromJson(body: unknown): RequestParams {
  if (Array.isArray(body)) {
    if (body.length === 0) return none('its body is an empty JSON array')
    const index = body.findIndex((entry) => !isOperationParams(entry))
    if (index !== -1) return none(`its JSON array entry #${index + 1} is not a GraphQL operation (no "query")`)
    return { kind: 'batch', entries: body as OperationParams[], multipart: false }
  }
  if (!isOperationParams(body)) return none('its JSON body has no "query"')
  return { kind: 'single', params: body }
}

/** An object with the parameters of an operation: a query, or a persisted document id. */
export function isOperationParams(value: unknown): value is OperationParams {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const params = value as OperationParams
  if (params.query !== undefined && params.query !== null) return true
  if (typeof params.documentId === 'string') return true
  const extensions = params.extensions as { persistedQuery?: unknown } | undefined
  return typeof extensions === 'object' && extensions !== null && typeof extensions.persistedQuery === 'object'
}

async function readMultipart(request: Request): Promise<RequestParams> {
  let form: FormData
  try {
    form = await request.clone().formData()
  } catch (error) {
    return none(`its multipart body could not be read (${error instanceof Error ? error.message : String(error)})`)
  }
  const operationsField = form.get('operations')
  if (typeof operationsField !== 'string') {
    return none('its multipart body has no "operations" field (GraphQL multipart request spec)')
  }
  let operations: unknown
  let map: unknown = {}
  try {
    operations = JSON.parse(operationsField)
    const mapField = form.get('map')
    if (typeof mapField === 'string') map = JSON.parse(mapField)
  } catch (error) {
    return none(
      `its multipart "operations" or "map" field is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  const placed = placeFiles(operations, map, form)
  if (typeof placed === 'string') return none(placed)
  const input = fromJson(operations)
  return input.kind === 'batch' ? { ...input, multipart: true } : input
}
