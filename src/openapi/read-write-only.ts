import { resolveReference, type JsonObject, type OpenApiDocument } from './document'

/**
 * The document as one direction of the exchange sees it: a `readOnly` property is never required in
 * a request, a `writeOnly` one never in a response (OpenAPI's rule; JSON Schema validators ignore
 * both keywords). Nothing else changes, so every JSON pointer into the copy still fits the original.
 */
export function forDirection(document: OpenApiDocument, direction: 'request' | 'response'): OpenApiDocument {
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
      const schema = resolveReference<unknown>(document, property)
      return typeof schema === 'object' && schema !== null && (schema as JsonObject)[hidden] === true
    } catch {
      return false
    }
  }
  return copy(document) as OpenApiDocument
}
