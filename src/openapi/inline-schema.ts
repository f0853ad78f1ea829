import { isReference, resolveReference, type JsonObject, type OpenApiDocument } from './document'

/** How many times one `$ref` may repeat along a path before a recursive schema is cut there. */
const MAX_REPEATS = 1

/**
 * A schema with its local `$ref`s replaced by their targets, for the generator (which does not
 * follow references in arrays and `oneOf`). Recursion is bounded: past MAX_REPEATS a reference is
 * cut — an optional property pointing to it is left out, an array of it is empty, a `oneOf`/`anyOf`
 * member is dropped — so generated data stays finite and still fits the schema. Generated data is
 * an answer's, so `writeOnly` properties are left out.
 */
export function inlineSchema(document: OpenApiDocument, schema: unknown): unknown {
  return inline(document, schema, [])
}

const CUT = Symbol('cut')

function inline(document: OpenApiDocument, schema: unknown, stack: string[]): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(document, item, stack))
  if (typeof schema !== 'object' || schema === null) return schema
  if (isReference(schema)) {
    if (stack.filter((ref) => ref === schema.$ref).length > MAX_REPEATS) return CUT
    return inline(document, resolveReference(document, schema), [...stack, schema.$ref])
  }
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(schema as JsonObject)) {
    if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
      out[key] = value.map((item) => inline(document, item, stack)).filter((item) => item !== CUT)
    } else out[key] = inline(document, value, stack)
  }
  if (out.items === CUT) Object.assign(out, { items: {}, maxItems: 0, minItems: 0 })
  const required = Array.isArray(out.required) ? (out.required as string[]) : []
  const props = out.properties as JsonObject | undefined
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === CUT) {
      if (required.includes(name)) props![name] = {}
      else delete props![name]
    } else if ((value as JsonObject | undefined)?.writeOnly === true) {
      // OpenAPI: a writeOnly property is not sent in a response (nor required there, read-write-only.ts).
      delete props![name]
      if (Array.isArray(out.required)) out.required = out.required.filter((other) => other !== name)
    }
  }
  return out
}
