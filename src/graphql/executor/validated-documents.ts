import type { DocumentNode, GraphQLError, GraphQLSchema } from 'graphql'
import { BoundedCache } from '../../runtime/bounded-cache'
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
export class ValidatedDocuments {
  readonly #entries: BoundedCache<string, PreparedDocument>

  constructor(
    private readonly peers: Peers,
    private readonly schema: GraphQLSchema,
    capacity: number,
  ) {
    this.#entries = new BoundedCache(capacity)
  }

  get size(): number {
    return this.#entries.size
  }

  prepare(query: string): PreparedDocument {
    return this.#entries.getOrCreate(query, () => this.#compute(query))
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
