import { BoundedCache } from '../runtime/bounded-cache'
import { loadGraphQL } from './load-graphql'
import type { GraphQLDocumentNode } from './types'

/**
 * What a hash-only request (Apollo APQ `extensions.persistedQuery.sha256Hash`, GraphQL over
 * HTTP `documentId: "sha256:..."`) stands for. Texts are known from two sources:
 * - documents handlers were defined with (hashed lazily, on the first hash-only request);
 * - full queries clients sent together with their hash (the APQ registration step), kept
 *   only when the hash is right, as a real APQ server does.
 * A hash maps to one text forever, so one registry serves every server and boundary.
 */
const known = new BoundedCache<string, string>(5000)
const pendingDocuments: Array<GraphQLDocumentNode | string> = []
const PENDING_CAPACITY = 10_000

/** Remembers a handler's document, to be hashed when a hash-only request first arrives. */
export function registerHandlerDocument(document: GraphQLDocumentNode | string): void {
  if (pendingDocuments.length >= PENDING_CAPACITY) pendingDocuments.shift()
  pendingDocuments.push(document)
}

/** The text a hash stands for, if any handler document or earlier request told us. */
export async function lookupPersistedQuery(hash: string): Promise<string | undefined> {
  if (pendingDocuments.length > 0) await hashPendingDocuments()
  return known.get(hash)
}

/** APQ registration: a full query sent with its hash. Kept only when the hash matches. */
export async function learnPersistedQuery(hash: string, text: string): Promise<void> {
  if (known.get(hash) === text) return
  const actual = await sha256Hex(text)
  // Without Web Crypto (an insecure page) the hash cannot be checked: trust the client.
  if (actual !== undefined && actual !== hash) return
  remember(hash, text)
}

/** Lower-case hex of a persisted hash, without a `sha256:` prefix; undefined if not SHA-256 hex. */
export function normalizeHash(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const hex = value.startsWith('sha256:') ? value.slice(7) : value
  return /^[0-9a-fA-F]{64}$/.test(hex) ? hex.toLowerCase() : undefined
}

export async function sha256Hex(text: string): Promise<string | undefined> {
  const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle
  if (subtle === undefined) return undefined
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text))
  let hex = ''
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0')
  return hex
}

async function hashPendingDocuments(): Promise<void> {
  const documents = pendingDocuments.splice(0)
  for (const document of documents) {
    for (const text of await textsOf(document)) {
      const hash = await sha256Hex(text)
      if (hash !== undefined) remember(hash, text)
    }
    const meta = normalizeHash((document as { __meta__?: { hash?: unknown } }).__meta__?.hash)
    if (meta !== undefined && !known.has(meta)) {
      const [text] = await textsOf(document)
      if (text !== undefined) remember(meta, text)
    }
  }
}

/** The texts a client may have hashed: the source as written, and graphql-js's print of it. */
async function textsOf(document: GraphQLDocumentNode | string): Promise<string[]> {
  if (typeof document === 'string' || Object.prototype.toString.call(document) === '[object String]') {
    return [String(document)]
  }
  const texts: string[] = []
  const body = (document as { loc?: { source?: { body?: unknown } } }).loc?.source?.body
  if (typeof body === 'string') texts.push(body)
  if (Array.isArray(document.definitions) && document.definitions.length > 0) {
    const graphql = await loadGraphQL()
    try {
      texts.push(graphql.print(document))
    } catch {
      // A document graphql-js cannot print is matched by name only.
    }
  }
  return texts
}

function remember(hash: string, text: string): void {
  known.set(hash, text)
}

/** The APQ answer that makes a client send the full query with its hash. */
export function persistedQueryNotFoundBody(): { errors: Array<{ message: string; extensions: { code: string } }> } {
  return { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] }
}
