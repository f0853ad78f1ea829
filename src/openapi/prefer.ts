/** What a request or a test asks of a generated handler (Prism's `Prefer` header names). */
export interface ResponseChoice {
  /** The status to answer with, as declared ("404", "4XX", "default" answers it). */
  status?: number
  /** A named example of that response (`examples` of its media type). */
  example?: string
  /** Generate data from the schema even when the document has an example. */
  dynamic?: boolean
}

/** Reads `Prefer: code=404, example=notFound, dynamic=true`; other preferences are ignored. */
export function readPrefer(header: string | null): ResponseChoice {
  const choice: ResponseChoice = {}
  for (const part of (header ?? '').split(/[,;]/)) {
    const [rawName = '', ...rest] = part.split('=')
    const name = rawName.trim().toLowerCase()
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
    if (name === 'code' && /^\d{3}$/.test(value)) choice.status = Number(value)
    else if (name === 'example' && value !== '') choice.example = value
    else if (name === 'dynamic') choice.dynamic = value === '' || value === 'true'
  }
  return choice
}
