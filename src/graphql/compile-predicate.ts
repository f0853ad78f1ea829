import { MocklibTypeError } from '../runtime/errors'
import { operationsOf, type OperationInfo } from './document-cache'
import { graphqlMessages } from './messages'
import { normalizeHash, registerHandlerDocument } from './persisted-queries'
import { scanOperations } from './scan-operations'
import type { GraphQLCustomPredicate, GraphQLDocumentNode, GraphQLOperationType } from './types'

/** A handler's predicate, compiled once when the handler is created. */
export type CompiledPredicate =
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'regexp'; readonly regexp: RegExp }
  /** A hash-only persisted document: matches requests that carry this hash. */
  | { readonly kind: 'hash'; readonly hash: string }
  | { readonly kind: 'custom'; readonly predicate: GraphQLCustomPredicate<never> }
  /** graphql.operation(): every operation, anonymous ones included. */
  | { readonly kind: 'all' }

export type HandlerOperationType = GraphQLOperationType | 'all'

/**
 * Turns what the user passed into a predicate, checking documents here, at definition:
 * their operation must be named and of the handler's type. Anything that is not a
 * predicate (a persisted-document object without a hash, say) is an error, never a
 * handler that silently matches nothing.
 */
export function compilePredicate(api: string, type: HandlerOperationType, value: unknown): CompiledPredicate {
  if (typeof value === 'string') {
    if (value.trim() === '') throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', graphqlMessages.emptyName(api))
    return { kind: 'name', name: value }
  }
  if (value instanceof RegExp) {
    // A global or sticky RegExp keeps state between test() calls; matching must not.
    return { kind: 'regexp', regexp: new RegExp(value.source, value.flags.replace(/[gy]/g, '')) }
  }
  if (typeof value === 'function') return { kind: 'custom', predicate: value as GraphQLCustomPredicate<never> }
  if (isStringObject(value)) {
    // A TypedDocumentString (client preset, string mode): a String holding the document.
    return fromOperations(api, type, scanOperations(String(value)), value, metaHash(value))
  }
  if (isDocumentNode(value)) {
    return fromOperations(api, type, operationsOf(value), value, metaHash(value))
  }
  const hash = metaHash(value)
  if (hash !== undefined) {
    const normalized = normalizeHash(hash)
    if (normalized === undefined)
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', graphqlMessages.badPersistedHash(api, hash))
    return { kind: 'hash', hash: normalized }
  }
  throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', graphqlMessages.notAPredicate(api, value))
}

function fromOperations(
  api: string,
  type: HandlerOperationType,
  operations: readonly OperationInfo[],
  document: GraphQLDocumentNode | string | object,
  hash: unknown,
): CompiledPredicate {
  const [operation] = operations
  if (operation === undefined) {
    // An embedded-hash document whose definitions were left out still matches by its hash.
    const normalized = normalizeHash(hash)
    if (normalized !== undefined) return { kind: 'hash', hash: normalized }
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', graphqlMessages.documentWithoutOperation(api))
  }
  if (type !== 'all' && operation.type !== type) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      graphqlMessages.mismatchedDocument(api, operation.type, operation.name, type),
    )
  }
  registerHandlerDocument(document as GraphQLDocumentNode)
  if (type === 'all') return { kind: 'all' }
  if (operation.name === undefined)
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', graphqlMessages.unnamedDocument(api, operation.type))
  return { kind: 'name', name: operation.name }
}

export function isDocumentNode(value: unknown): value is GraphQLDocumentNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Document' &&
    Array.isArray((value as { definitions?: unknown }).definitions)
  )
}

/** A String object, from this realm or another (no instanceof). */
export function isStringObject(value: unknown): value is string & object {
  return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object String]'
}

function metaHash(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  const meta = (value as { __meta__?: { hash?: unknown } }).__meta__
  return typeof meta === 'object' && meta !== null ? meta.hash : undefined
}
