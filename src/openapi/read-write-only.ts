import { resolveReference, type JsonObject, type OpenApiDocument } from './document'

/**
 * A schema of the document (a copy; its `$ref`s are left as they are) as one direction of the
 * exchange sees it: a `readOnly` property is never required in a request, a `writeOnly` one never
 * in a response (OpenAPI's rule; JSON Schema validators ignore both keywords). Nothing else changes.
 */
export function forDirection(document: OpenApiDocument, schema: unknown, direction: 'request' | 'response'): unknown {
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly'
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy)
    if (typeof value !== 'object' || value === null) return value
    const out: JsonObject = {}
    for (const [key, child] of Object.entries(value as JsonObject)) out[key] = copy(child)
    const properties = (value as JsonObject).properties
    if (Array.isArray(out.required) && typeof properties === 'object' && properties !== null) {
      out.required = out.required.filter((name) => !isHidden((properties as JsonObject)[name as string]))
    }
    return out
  }
  const isHidden = (property: unknown): boolean => {
    try {
      const resolved = resolveReference<unknown>(document, property)
      return typeof resolved === 'object' && resolved !== null && (resolved as JsonObject)[hidden] === true
    } catch {
      return false
    }
  }
  return copy(schema)
}
