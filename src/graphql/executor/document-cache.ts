import type { DocumentNode, GraphQLError, GraphQLSchema } from 'graphql'
import type { Peers } from './load-peers'

/** A query text, parsed and validated against one schema. */
export type PreparedDocument =
  | { readonly kind: 'syntax-error'; readonly errors: readonly GraphQLError[] }
  | { readonly kind: 'invalid'; readonly document: DocumentNode; readonly errors: readonly GraphQLError[] }
  | { readonly kind: 'valid'; readonly document: DocumentNode }

/**
 * Parses and validates each distinct query text once. Clients send the same few documents over
 * and over, so this is a small LRU keyed by the text; validity depends only on the schema,
 * which is fixed for the cache's life.
 */
export class DocumentCache {
  readonly #entries = new Map<string, PreparedDocument>()

  constructor(
    private readonly peers: Peers,
    private readonly schema: GraphQLSchema,
    private readonly capacity: number,
  ) {}

  get size(): number {
    return this.#entries.size
  }

  prepare(query: string): PreparedDocument {
    const cached = this.#entries.get(query)
    if (cached !== undefined) {
      // Refresh its place: the least recently used entry is evicted first.
      this.#entries.delete(query)
      this.#entries.set(query, cached)
      return cached
    }
    const prepared = this.#compute(query)
    this.#entries.set(query, prepared)
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    return prepared
  }

  #compute(query: string): PreparedDocument {
    const { parse, validate, GraphQLError } = this.peers.graphql
    let document: DocumentNode
    try {
      document = parse(query)
    } catch (error) {
      if (error instanceof GraphQLError) return { kind: 'syntax-error', errors: [error] }
      throw error
    }
    const errors = validate(this.schema, document)
    return errors.length > 0 ? { kind: 'invalid', document, errors } : { kind: 'valid', document }
  }
}
