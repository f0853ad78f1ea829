import { atPointer, pointerToken, resolvePointer, type JsonObject, type OpenApiDocument } from './document'
import type { Operation } from './operations'

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie'

/** One parameter of an operation, as the request check reads it. */
export interface ParameterSpec {
  name: string
  in: ParameterLocation
  required: boolean
  /** Where its schema is in the document (a JSON pointer), when it has one. */
  schema?: string
  /** A list: its value is split (or, for an exploded query parameter, repeated) as its style says. */
  isArray: boolean
  /** An object: only its presence is checked (deepObject and the other object styles are not read). */
  isObject: boolean
  style: string
  explode: boolean
}

/** Headers OpenAPI says parameters do not describe (the request's media type and credentials). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization'])

/** The path item's parameters, then the operation's (which replace those of the same name and location). */
export function parametersOf(document: OpenApiDocument, operation: Operation): ParameterSpec[] {
  const itemPointer = operation.pointer.slice(0, operation.pointer.lastIndexOf('/'))
  const specs = new Map<string, ParameterSpec>()
  for (const owner of [itemPointer, operation.pointer]) {
    const list = (atPointer(document, owner) as JsonObject).parameters
    if (!Array.isArray(list)) continue
    list.forEach((_, index) => {
      const spec = readParameter(document, `${owner}/parameters/${index}`)
      if (spec !== undefined) specs.set(`${spec.in}:${spec.name}`, spec)
    })
  }
  return [...specs.values()]
}

/** A declared response's headers, read as header parameters (they have the same fields, without name and in). */
export function responseHeadersOf(document: OpenApiDocument, responsePointer: string): ParameterSpec[] {
  const headers = (atPointer(document, responsePointer) as JsonObject).headers
  if (typeof headers !== 'object' || headers === null) return []
  return Object.keys(headers).flatMap(
    (name) => readParameter(document, `${responsePointer}/headers/${pointerToken(name)}`, name.toLowerCase()) ?? [],
  )
}

/** A parameter object, or (`header` given) a response's header object of that name. */
function readParameter(document: OpenApiDocument, at: string, header?: string): ParameterSpec | undefined {
  const { pointer, value } = resolvePointer(document, at)
  const parameter = value as JsonObject
  const location = (header === undefined ? parameter.in : 'header') as ParameterLocation
  const name = header ?? parameter.name
  if (typeof name !== 'string' || !['path', 'query', 'header', 'cookie'].includes(location)) return
  if (location === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) return
  const hasSchema = typeof parameter.schema === 'object' && parameter.schema !== null
  const schema = hasSchema ? (resolvePointer(document, `${pointer}/schema`).value as JsonObject) : {}
  const style = typeof parameter.style === 'string' ? parameter.style : location === 'query' ? 'form' : 'simple'
  const isObject = hasType(schema, 'object')
  // A form-style object is spread over query keys named after its properties: its presence cannot be told.
  const unreadable = isObject && location === 'query' && style !== 'deepObject'
  return {
    name,
    in: location,
    required: (parameter.required === true || location === 'path') && !unreadable,
    schema: hasSchema ? `${pointer}/schema` : undefined,
    isArray: hasType(schema, 'array'),
    isObject,
    style,
    explode: typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form',
  }
}

const hasType = (schema: JsonObject, type: string): boolean =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type))

const DELIMITERS: Record<string, string> = { spaceDelimited: ' ', pipeDelimited: '|' }

/** What the request sends for each location, as the parameters' schemas are to read it. */
export interface RequestParameters {
  url: URL
  headers: Headers
  pathParams: Record<string, string | readonly string[] | undefined>
  cookies: Record<string, string>
}

/**
 * The values the request gives these parameters, by location then name (an absent one is left out):
 * strings, or lists of strings for array parameters. Objects count only as present.
 */
export function readParameters(specs: readonly ParameterSpec[], request: RequestParameters): JsonObject {
  const values: Record<ParameterLocation, JsonObject> = { path: {}, query: {}, header: {}, cookie: {} }
  for (const spec of specs) {
    const raw = rawValues(spec, request)
    if (raw.length === 0) continue
    if (spec.isObject) values[spec.in][spec.name] = {}
    else if (!spec.isArray) values[spec.in][spec.name] = raw[0]
    else if (spec.in === 'query' && spec.explode) values[spec.in][spec.name] = raw
    else values[spec.in][spec.name] = raw[0] === '' ? [] : raw[0]!.split(DELIMITERS[spec.style] ?? ',')
  }
  return values
}

function rawValues(spec: ParameterSpec, request: RequestParameters): string[] {
  switch (spec.in) {
    case 'path': {
      const value = request.pathParams[spec.name]
      return value === undefined ? [] : typeof value === 'string' ? [value] : [value.join('/')]
    }
    case 'query':
      if (spec.isObject && spec.style === 'deepObject') {
        const prefix = `${spec.name}[`
        return [...request.url.searchParams.keys()].some((key) => key.startsWith(prefix)) ? [''] : []
      }
      return request.url.searchParams.getAll(spec.name)
    case 'header': {
      const value = request.headers.get(spec.name)
      return value === null ? [] : [value]
    }
    case 'cookie': {
      const value = request.cookies[spec.name]
      return value === undefined ? [] : [value]
    }
  }
}
