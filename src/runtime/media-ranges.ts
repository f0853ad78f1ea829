/** One entry of an Accept header: its media type (lower case), its parameters (names in lower case, values unquoted) and its quality. */
export interface MediaRange {
  readonly type: string
  readonly parameters: ReadonlyMap<string, string>
  readonly quality: number
}

/**
 * The entries of an Accept header, in order. Types and parameter names are compared in lower
 * case; a missing or unreadable `q` counts as 1, and an entry whose quality is 0 (or less)
 * means "not acceptable" to every reader (see `acceptsMediaType`).
 */
export function mediaRanges(accept: string): MediaRange[] {
  return accept.split(',').map((entry) => {
    const [rawType, ...rawParameters] = entry.split(';')
    const parameters = new Map<string, string>()
    for (const parameter of rawParameters) {
      const equals = parameter.indexOf('=')
      const name = equals === -1 ? parameter : parameter.slice(0, equals)
      const value = equals === -1 ? '' : parameter.slice(equals + 1)
      parameters.set(name.trim().toLowerCase(), value.trim().replace(/^"|"$/g, ''))
    }
    const quality = Number(parameters.get('q') ?? 1)
    return { type: rawType.trim().toLowerCase(), parameters, quality: Number.isNaN(quality) ? 1 : quality }
  })
}

/**
 * True when an Accept header names one of `types` (lower case, exactly: wildcards are not read
 * here) with a quality above 0. Parameters other than `q` do not matter.
 */
export function acceptsMediaType(accept: string | null, types: ReadonlySet<string>): boolean {
  if (accept === null) return false
  return mediaRanges(accept).some((range) => range.quality > 0 && types.has(range.type))
}
