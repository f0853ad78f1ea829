// Media types as a document declares them and a message's Content-Type names them.

/** "application/json; charset=utf-8" → "application/json". */
export const essence = (type: string): string => type.split(';')[0]!.trim().toLowerCase()

/** application/json or any `+json` type (application/problem+json, application/vnd.github+json). */
export const isJsonMediaType = (type: string): boolean => /^application\/(?:[\w.+-]*\+)?json$/.test(essence(type))

/** The declared media type a request's Content-Type falls under: exact, else `type/*`, else `*\/*`. */
export function matchMediaType(declared: readonly string[], contentType: string): string | undefined {
  const sent = essence(contentType)
  for (const candidate of [sent, `${sent.split('/')[0]}/*`, '*/*']) {
    const found = declared.find((type) => essence(type) === candidate)
    if (found !== undefined) return found
  }
  return undefined
}
