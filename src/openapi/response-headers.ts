import type { AnswerContext } from './answer-context'
import { isReference, resolveReference, type JsonObject, type ResponseObject } from './document'
import { generateData } from './generate-data'
import type { Operation } from './operations'

/** Each response's headers, made once (their values depend only on the document and the seed). */
const made = new WeakMap<ResponseObject, Record<string, string>>()

/**
 * The headers a declared response describes (a 201's or 302's `Location`, rate limits...), each
 * its example, else its schema's, else generated from its schema, written in the `simple` style
 * (a list as "a,b", an object as "k,v"). Content-Type is the media type's, never a declared header.
 */
export function declaredHeaders(
  context: AnswerContext,
  operation: Operation,
  key: string,
  response: ResponseObject,
): Record<string, string> {
  let headers = made.get(response)
  if (headers === undefined) made.set(response, (headers = makeHeaders(context, operation, key, response)))
  return headers
}

function makeHeaders(
  context: AnswerContext,
  operation: Operation,
  key: string,
  response: ResponseObject,
): Record<string, string> {
  const declared = response.headers
  if (typeof declared !== 'object' || declared === null) return {}
  const headers: Record<string, string> = {}
  for (const [name, entry] of Object.entries(declared as JsonObject)) {
    if (name.toLowerCase() === 'content-type') continue
    const header = resolveReference<JsonObject>(context.document, entry as JsonObject)
    const value = headerValue(context, `${operation.id}:${key}:${name}`, header)
    // A value a header cannot carry (a line break, a character beyond Latin-1) is left out.
    if (value !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(value)) headers[name] = value
  }
  return headers
}

function headerValue(context: AnswerContext, seedKey: string, header: JsonObject): string | undefined {
  const schema = isReference(header.schema)
    ? resolveReference<JsonObject>(context.document, header.schema)
    : header.schema
  const examples = Object.values((header.examples ?? {}) as JsonObject)
  const value =
    header.example ??
    (examples.length > 0
      ? resolveReference<JsonObject>(context.document, examples[0] as JsonObject).value
      : undefined) ??
    (schema as JsonObject | undefined)?.example ??
    (schema === undefined ? undefined : generateData(context, header, header.schema, seedKey))
  return value === undefined ? undefined : simpleStyle(value)
}

/** A value in OpenAPI's `simple` style, the one headers use. */
function simpleStyle(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => simpleStyle(item)).join(',')
  if (typeof value === 'object' && value !== null) return Object.entries(value).flat().map(simpleStyle).join(',')
  return value === null ? '' : String(value)
}
