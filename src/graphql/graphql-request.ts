import type { RequestContext } from '../runtime/request-context'
import { parseDocument, type OperationInfo } from './document-cache'
import { learnPersistedQuery, lookupPersistedQuery, normalizeHash } from './persisted-queries'
import { readRequestParams, type OperationParams } from './request-params'
import type { GraphQLDocumentNode, GraphQLExtensions, GraphQLOperationType, GraphQLVariables } from './types'

/** One operation of a request, read and parsed. */
export interface ParsedOperation {
  /** The document text; '' when only an unknown persisted hash was sent. */
  readonly query: string
  readonly document: GraphQLDocumentNode | undefined
  /** The selected operation's name (or, when it was not found, the requested one). */
  readonly operationName: string | undefined
  /** undefined: the requested operation is not in the document, or the hash is unknown. */
  readonly operationType: GraphQLOperationType | undefined
  readonly variables: GraphQLVariables
  readonly extensions: GraphQLExtensions | undefined
  /** SHA-256 hex of a persisted query (APQ `sha256Hash` or `documentId`), if sent. */
  readonly hash: string | undefined
  /** A hash-only request whose text nobody knows: the client must send the full query. */
  readonly persistedQueryNotFound: boolean
  /** Every operation in the document, for diagnostics. */
  readonly available: readonly OperationInfo[]
  /** The params as sent, to rebuild a batch entry's request. */
  readonly params: OperationParams
  /**
   * Why the operation cannot run although it is identified (its "variables" is neither a JSON
   * object nor a string holding one): a handler that would take it answers 400 with this.
   */
  readonly problem?: string
}

export type ParsedGraphQLRequest =
  | { readonly kind: 'none'; readonly reason: string; readonly malformed?: true }
  | {
      readonly kind: 'invalid'
      readonly reason: string
      readonly operationName?: string
      /** The params as sent, when only the document is at fault (a syntax error, no operation). */
      readonly documentParams?: OperationParams
    }
  | { readonly kind: 'operation'; readonly operation: ParsedOperation }
  | { readonly kind: 'batch'; readonly entries: readonly OperationParams[]; readonly multipart: boolean }

const kParsed = Symbol('graphql.parsedRequest')

/** Parameters of batch parts, set before a part runs through the list; no body is re-read. */
const partParams = new WeakMap<object, OperationParams>()

export function setPartParams(part: Request, params: OperationParams): void {
  partParams.set(part, params)
}

/** Reads and parses a request once, however many GraphQL handlers (and the index) ask. */
export function readGraphQLRequest(ctx: RequestContext): Promise<ParsedGraphQLRequest> {
  return ctx.memo(kParsed, () => parseRequest(ctx))
}

async function parseRequest(ctx: RequestContext): Promise<ParsedGraphQLRequest> {
  const preset = partParams.get(ctx.source)
  if (preset !== undefined) return parseOperation(preset)
  const input = await readRequestParams(ctx)
  switch (input.kind) {
    case 'none':
    case 'invalid':
      return input
    case 'batch':
      return input
    case 'single':
      return parseOperation(input.params)
  }
}

async function parseOperation(params: OperationParams): Promise<ParsedGraphQLRequest> {
  const { query, operationName, documentId } = params
  const invalid = (reason: string, documentParams?: OperationParams): ParsedGraphQLRequest => ({
    kind: 'invalid',
    reason,
    operationName: typeof operationName === 'string' ? operationName : undefined,
    documentParams,
  })

  // A JSON string holding the object is read as servers read it; anything else is a problem
  // that the handler which would take the operation reports.
  const variables = objectParam(params.variables)
  const extensions = objectParam(params.extensions)
  if (typeof extensions === 'string') return invalid(`its "extensions" ${extensions}`)
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return invalid('its "operationName" is not a string')
  }
  const requestedName = operationName === '' || operationName === null ? undefined : operationName
  if (query !== undefined && query !== null && typeof query !== 'string') return invalid('its "query" is not a string')

  const persisted = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery
  const hash = normalizeHash(persisted?.sha256Hash) ?? normalizeHash(documentId)
  let text = typeof query === 'string' ? query : undefined
  if (text === undefined && hash !== undefined) text = await lookupPersistedQuery(hash)
  else if (text !== undefined && hash !== undefined) await learnPersistedQuery(hash, text)

  const base = {
    variables: typeof variables === 'string' ? {} : (variables ?? {}),
    extensions,
    hash,
    params,
    problem: typeof variables === 'string' ? `its "variables" ${variables}` : undefined,
  }
  if (text === undefined) {
    if (hash === undefined) return invalid('it has neither a "query" nor a persisted query hash')
    const operation = {
      ...base,
      query: '',
      document: undefined,
      operationName: requestedName,
      operationType: undefined,
    }
    return { kind: 'operation', operation: { ...operation, persistedQueryNotFound: true, available: [] } }
  }
  return selectOperation(text, requestedName, base, invalid)
}

type OperationBase = Pick<ParsedOperation, 'variables' | 'extensions' | 'hash' | 'params' | 'problem'>

/** Parses the document (cached by text) and picks the operation the request asks for. */
async function selectOperation(
  text: string,
  requestedName: string | undefined,
  base: OperationBase,
  invalid: (reason: string, documentParams?: OperationParams) => ParsedGraphQLRequest,
): Promise<ParsedGraphQLRequest> {
  const parsed = await parseDocument(text)
  if (!parsed.ok) return invalid(`its query is not valid GraphQL: ${parsed.error}`, base.params)
  const { operations } = parsed
  if (operations.length === 0) {
    return invalid('its document has no operation (only fragments or type definitions)', base.params)
  }
  // The request's operationName picks the operation; without one, the first (MSW 3 behaviour).
  const selected = requestedName === undefined ? operations[0] : operations.find((op) => op.name === requestedName)
  return {
    kind: 'operation',
    // Written out rather than spread from `base`: this object is made for every GraphQL request.
    operation: {
      variables: base.variables,
      extensions: base.extensions,
      hash: base.hash,
      params: base.params,
      problem: base.problem,
      // The cached copy: a history keeps each call's query, and each request parsed its own.
      query: parsed.text,
      document: parsed.document,
      operationName: selected?.name ?? requestedName,
      operationType: selected?.type,
      persistedQueryNotFound: false,
      available: operations,
    },
  }
}

/** A JSON-object parameter: the object, undefined when absent, or what is wrong with it. */
function objectParam(value: unknown): Record<string, unknown> | undefined | string {
  if (value === undefined || value === null) return undefined
  if (isPlainObject(value)) return value
  if (typeof value !== 'string') return 'is not a JSON object'
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch (error) {
    return `is not valid JSON (${error instanceof Error ? error.message : String(error)})`
  }
  return isPlainObject(parsed) ? parsed : 'is a string that does not hold a JSON object'
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
