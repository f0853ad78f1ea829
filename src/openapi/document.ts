// The parts of an OpenAPI 3.0/3.1 document mocklib reads. Everything else is kept as it is and ignored.

export type JsonObject = Record<string, unknown>

export interface OpenApiDocument {
  openapi: string
  servers?: Array<{ url: string; variables?: Record<string, { default: string }> }>
  paths?: Record<string, PathItem | undefined>
  components?: JsonObject
  [key: string]: unknown
}

export interface PathItem {
  servers?: OpenApiDocument['servers']
  parameters?: unknown[]
  [method: string]: unknown
}

export interface OperationObject {
  operationId?: string
  servers?: OpenApiDocument['servers']
  responses?: Record<string, ResponseObject | Reference>
  [key: string]: unknown
}

export interface ResponseObject {
  description?: string
  content?: Record<string, MediaTypeObject>
  [key: string]: unknown
}

export interface MediaTypeObject {
  schema?: JsonObject | boolean
  example?: unknown
  examples?: Record<string, ExampleObject | Reference>
}

export interface ExampleObject {
  summary?: string
  value?: unknown
  externalValue?: string
}

export interface Reference {
  $ref: string
}

export const isReference = (value: unknown): value is Reference =>
  typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string'

/** Follows a local `$ref` (`#/components/...`) inside the document; other references are refused by name. */
export function resolveReference<T>(document: OpenApiDocument, value: T | Reference, seen: Set<string> = new Set()): T {
  if (!isReference(value)) return value
  const ref = localReference(value.$ref, seen)
  return resolveReference(document, atPointer(document, ref.slice(1), ref) as T | Reference, seen)
}

/**
 * The value at `pointer` with its `$ref`s followed (as resolveReference does), and the pointer it
 * was found at: a check compiled against the document refers to the schema there.
 */
export function resolvePointer(document: OpenApiDocument, pointer: string): { pointer: string; value: unknown } {
  const seen = new Set<string>()
  let value = atPointer(document, pointer)
  while (isReference(value)) {
    const ref = localReference(value.$ref, seen)
    pointer = ref.slice(1)
    value = atPointer(document, pointer, ref)
  }
  return { pointer, value }
}

/** `ref` when it is local and not yet followed on this path; else an error naming it. */
function localReference(ref: string, seen: Set<string>): string {
  if (!ref.startsWith('#')) {
    // eslint-disable-next-line mocklib/coded-argument-errors -- the document's content, not an argument
    throw new Error(
      `the reference "${ref}" points outside the document; fromOpenApi reads local references (#/...) only`,
    )
  }
  // eslint-disable-next-line mocklib/coded-argument-errors -- the document's content, not an argument
  if (seen.has(ref)) throw new Error(`the reference "${ref}" refers to itself`)
  seen.add(ref)
  return ref
}

/** The value at a JSON pointer ("/components/schemas/Pet") in the document; `ref` names it in the error. */
export function atPointer(document: OpenApiDocument, pointer: string, ref = `#${pointer}`): unknown {
  const target = valueAt(document, pointer, decodeURIComponent)
  // eslint-disable-next-line mocklib/coded-argument-errors -- the document's content, not an argument
  if (target === undefined) throw new Error(`the reference "${ref}" points to nothing in the document`)
  return target
}

/** The value at a JSON pointer inside any value, undefined when there is none; `decode` reads each token first. */
export function valueAt(root: unknown, pointer: string, decode: (token: string) => string = (token) => token): unknown {
  let target = root
  for (const raw of pointer.split('/').slice(1)) {
    if (typeof target !== 'object' || target === null) return undefined
    target = (target as JsonObject)[pointerKey(decode(raw))]
  }
  return target
}

/** A JSON pointer's token for a key: "~" and "/" escaped (RFC 6901). */
export const pointerToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1')

/** The key a JSON pointer's token names: pointerToken undone. */
export const pointerKey = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~')
