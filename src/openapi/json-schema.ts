import type { JsonObject, OpenApiDocument } from './document'

/**
 * OpenAPI 3.0's schema dialect as JSON Schema 2020-12, which the validator and the generator both
 * read: `nullable: true` adds "null" to the type, boolean `exclusiveMinimum`/`exclusiveMaximum`
 * become numbers. OpenAPI 3.1 schemas are JSON Schema already and are returned as they are.
 * The whole document is rewritten once (these keywords mean nothing elsewhere in it).
 */
export function asJsonSchemaDialect(document: OpenApiDocument): OpenApiDocument {
  if (!document.openapi.startsWith('3.0')) return document
  return convert(document) as OpenApiDocument
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert)
  if (typeof value !== 'object' || value === null) return value
  const out: JsonObject = {}
  for (const [key, child] of Object.entries(value as JsonObject)) out[key] = convert(child)
  if (out.nullable === true) {
    delete out.nullable
    if (typeof out.type === 'string') out.type = [out.type, 'null']
    else if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue
    if (out[flag] === true && typeof out[bound] === 'number') out[flag] = out[bound]
    else delete out[flag]
    if (typeof out[flag] === 'number') delete out[bound]
  }
  return out
}
