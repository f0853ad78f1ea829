/**
 * JSON with object keys sorted at every level, so the same value always gives the same text:
 * recordings diff cleanly, and GraphQL variables or JSON bodies compare whatever order their
 * keys were written in. Arrays keep their order.
 */
export function stableStringify(value: unknown, indent?: number): string {
  return JSON.stringify(sortKeys(value), null, indent) ?? 'null'
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  // toJSON first (a Date), as JSON.stringify would.
  const json = (value as { toJSON?: () => unknown }).toJSON
  if (typeof json === 'function') return sortKeys(json.call(value))
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key])
  return sorted
}
