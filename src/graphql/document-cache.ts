import { BoundedCache } from '../runtime/bounded-cache'
import { loadGraphQL } from './load-graphql'
import type { GraphQLDocumentNode, GraphQLOperationType } from './types'

/** One operation of a document: what handlers match on. */
export interface OperationInfo {
  readonly name: string | undefined
  readonly type: GraphQLOperationType
}

export type ParsedDocument =
  | {
      readonly ok: true
      /** The text as first parsed: requests that send it again share this string, not their own copy. */
      readonly text: string
      readonly document: GraphQLDocumentNode
      readonly operations: readonly OperationInfo[]
    }
  | { readonly ok: false; readonly error: string }

/** Distinct documents kept; an app has far fewer, a fuzzing test may send more. */
const cache = new BoundedCache<string, Promise<ParsedDocument>>(500)
const stats = { parses: 0, hits: 0 }

/**
 * Parses a query text once across requests and handlers: the result (or the syntax error)
 * is kept by text, least recently used first out.
 */
export function parseDocument(text: string): Promise<ParsedDocument> {
  const cached = cache.get(text)
  if (cached !== undefined) {
    stats.hits++
    return cached
  }
  const parsed = parseNow(text)
  cache.set(text, parsed)
  return parsed
}

async function parseNow(text: string): Promise<ParsedDocument> {
  const graphql = await loadGraphQL()
  stats.parses++
  let document: GraphQLDocumentNode
  try {
    document = graphql.parse(text, { noLocation: true }) as GraphQLDocumentNode
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  return { ok: true, text, document, operations: operationsOf(document) }
}

/** The operations of a parsed document, from any graphql copy (no instanceof). */
export function operationsOf(document: GraphQLDocumentNode): OperationInfo[] {
  const operations: OperationInfo[] = []
  for (const definition of document.definitions) {
    if (definition.kind !== 'OperationDefinition') continue
    const { operation, name } = definition as { operation?: string; name?: { value?: string } }
    if (operation === 'query' || operation === 'mutation' || operation === 'subscription') {
      operations.push({ name: name?.value, type: operation })
    }
  }
  return operations
}

/**
 * How often documents were parsed and served from the cache. Internal: tests use it to show
 * that one request is parsed once however many handlers look at it.
 */
export function documentCacheStats(): { parses: number; hits: number; size: number } {
  return { ...stats, size: cache.size }
}

/** Empties the cache and its counters (tests). */
export function clearDocumentCache(): void {
  cache.clear()
  stats.parses = 0
  stats.hits = 0
}
