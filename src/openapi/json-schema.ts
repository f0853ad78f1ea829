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

/** The value with 3.0's keywords rewritten; parts with nothing to rewrite are kept, not copied (a large document is mostly those). */
function convert(value: unknown, names = false): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => convert(item))
    return items.some((item, index) => item !== value[index]) ? items : value
  }
  if (typeof value !== 'object' || value === null) return value
  let out: JsonObject | undefined
  for (const [key, child] of Object.entries(value as JsonObject)) {
    // Examples are data, never schemas (most of a large document's bytes), unless a property is so named.
    if (!names && (key === 'example' || key === 'examples')) continue
    const converted = convert(child, key === 'properties' || key === 'patternProperties')
    if (converted !== child) (out ??= { ...(value as JsonObject) })[key] = converted
  }
  const source = value as JsonObject
  const rewrites =
    source.nullable !== undefined ||
    typeof source.exclusiveMinimum === 'boolean' ||
    typeof source.exclusiveMaximum === 'boolean'
  if (!rewrites) return out ?? value
  out ??= { ...source }
  if (out.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null']
    else if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
  }
  delete out.nullable
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
