import { resolveReference, type JsonObject, type OpenApiDocument, type ResponseObject } from './document'
import { isJsonMediaType } from '../runtime/media-types'
import type { Operation } from './operations'

/** What an operation does to its collection when collections are on. */
export type CollectionRole = 'list' | 'create' | 'read' | 'replace' | 'update' | 'delete'

/** A collection path and its item path: `/pets` and `/pets/{petId}`. */
export interface Collection {
  /** The collection's path template, as the document writes it ("/pets"): the key of `collections` seeds. */
  path: string
  /** The item path's last parameter ("petId"). */
  idParam: string
  /** The item property holding the id: the parameter's name if items declare it, else "id". */
  idKey: string
  /** The operation that lists it (GET on the collection path answering an array), which seeds it. */
  list: Operation | undefined
}

const ROLES: Record<string, Partial<Record<Operation['method'], CollectionRole>>> = {
  collection: { get: 'list', post: 'create' },
  item: { get: 'read', put: 'replace', patch: 'update', delete: 'delete' },
}

/**
 * Pairs operations into collections: a path ending in a parameter (`/pets/{petId}`) is an item of
 * the path before it (`/pets`), on the same server. Its GET reads, PUT replaces, PATCH updates and
 * DELETE removes an item; the collection's POST creates one and its GET lists them (when its
 * answer is an array). Other operations keep answering from the document.
 */
export function pairCollections(
  document: OpenApiDocument,
  operations: readonly Operation[],
): Map<Operation, [CollectionRole, Collection]> {
  const roles = new Map<Operation, [CollectionRole, Collection]>()
  const collections = new Map<string, Collection>()
  for (const operation of operations) {
    const item = /^(.+)\/\{([^}/]+)\}$/.exec(operation.path)
    if (item === null) continue
    const key = `${operation.server} ${item[1]}`
    let collection = collections.get(key)
    if (collection === undefined) {
      const list = operations.find(
        (candidate) =>
          candidate.method === 'get' &&
          candidate.path === item[1] &&
          candidate.server === operation.server &&
          successSchema(document, candidate)?.type === 'array',
      )
      const sample =
        list === undefined ? successSchema(document, operation) : (successSchema(document, list)!.items as unknown)
      const idKey = propertyNames(document, sample).has(item[2]!) ? item[2]! : 'id'
      collections.set(key, (collection = { path: item[1]!, idParam: item[2]!, idKey, list }))
    }
    const role = ROLES.item![operation.method]
    if (role !== undefined) roles.set(operation, [role, collection])
  }
  for (const operation of operations) {
    const collection = collections.get(`${operation.server} ${operation.path}`)
    const role = ROLES.collection![operation.method]
    if (collection === undefined || role === undefined || (role === 'list' && collection.list !== operation)) continue
    roles.set(operation, [role, collection])
  }
  return roles
}

/** The JSON schema of the operation's first 2xx response, resolved. */
function successSchema(document: OpenApiDocument, operation: Operation): JsonObject | undefined {
  const key = Object.keys(operation.responses)
    .filter((status) => /^2\d\d$/.test(status))
    .sort()[0]
  if (key === undefined) return undefined
  const response = resolveReference<ResponseObject>(document, operation.responses[key]!)
  const media = Object.entries(response.content ?? {}).find(([type]) => isJsonMediaType(type))?.[1]
  const schema = media?.schema === undefined ? undefined : resolveReference(document, media.schema)
  return typeof schema === 'object' ? (schema as JsonObject) : undefined
}

/** The property names a schema declares, through `$ref` and `allOf`. */
function propertyNames(document: OpenApiDocument, schema: unknown, seen = new Set<unknown>()): Set<string> {
  const names = new Set<string>()
  const resolved = resolveReference<unknown>(document, schema as JsonObject)
  if (typeof resolved !== 'object' || resolved === null || seen.has(resolved)) return names
  seen.add(resolved)
  for (const name of Object.keys(((resolved as JsonObject).properties as JsonObject | undefined) ?? {})) names.add(name)
  for (const part of ((resolved as JsonObject).allOf as unknown[] | undefined) ?? []) {
    for (const name of propertyNames(document, part, seen)) names.add(name)
  }
  return names
}
