/**
 * The GraphQL multipart request spec: `operations` (one operation or an array) holds `null`
 * where files go, `map` says which form field fills which path (`variables.file`,
 * `0.variables.files.1`). Files are placed as the `File`s the platform's `formData()` gave,
 * so their bytes are exactly what the client sent. Returns an error text, or nothing.
 */
export function placeFiles(operations: unknown, map: unknown, form: FormData): string | undefined {
  if (typeof map !== 'object' || map === null || Array.isArray(map)) {
    return 'its multipart "map" field is not a JSON object of field name → paths'
  }
  for (const [field, paths] of Object.entries(map as Record<string, unknown>)) {
    const file = form.get(field)
    if (file === null) return `its multipart "map" names the field "${field}", which the body does not have`
    if (!Array.isArray(paths)) return `its multipart "map" entry "${field}" is not an array of paths`
    for (const path of paths) {
      if (typeof path !== 'string') return `its multipart "map" entry "${field}" has a path that is not a string`
      const error = setAtPath(operations, path, file)
      if (error !== undefined) return `its multipart "map" path "${path}" ${error}`
    }
  }
  return undefined
}

function setAtPath(root: unknown, path: string, value: unknown): string | undefined {
  const keys = path.split('.')
  if (keys.some((key) => key === '__proto__' || key === 'constructor' || key === 'prototype')) {
    return 'names a key that cannot hold a file'
  }
  let target = root
  for (let index = 0; index < keys.length - 1; index++) {
    const next = (target as Record<string, unknown> | null)?.[keys[index]]
    if (typeof next !== 'object' || next === null)
      return `does not lead to a value in "operations" (stops at "${keys[index]}")`
    target = next
  }
  const last = keys[keys.length - 1]
  if (typeof target !== 'object' || target === null) return 'does not lead to a value in "operations"'
  ;(target as Record<string, unknown>)[last] = value
  return undefined
}
