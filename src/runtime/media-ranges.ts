/**
 * One entry of an Accept header: its media type (lower case), its parameters (names in lower case, values unquoted)
 * and its quality.
 */
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
  return entriesOf(accept).map((entry) => {
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

/** True when an Accept header lists `type` (lower case) whatever its quality: a marker, not a preference. */
export function listsMediaType(accept: string | null, type: string): boolean {
  return accept !== null && mediaRanges(accept).some((range) => range.type === type)
}

/** True when an Accept header is `type` (lower case) alone, as an EventSource sends `text/event-stream`. */
export function isSoleMediaType(accept: string | null, type: string): boolean {
  if (accept === null) return false
  const ranges = mediaRanges(accept)
  return ranges.length === 1 && ranges[0].type === type && ranges[0].quality > 0
}

/** An Accept header without its entries of `type` (lower case), the others as written; null when none is left. */
export function withoutMediaType(accept: string | null, type: string): string | null {
  const rest = entriesOf(accept ?? '').filter((entry) => mediaRanges(entry)[0].type !== type)
  return rest.length === 0 ? null : rest.join(', ')
}

/** The comma-separated entries of an Accept header, trimmed, empty ones left out. */
function entriesOf(accept: string): string[] {
  return accept
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}
