import { atPointer, pointerKey, pointerToken, resolvePointer, type JsonObject, type OpenApiDocument } from './document'
import { essence, isJsonMediaType, matchMediaType } from '../runtime/media-types'
import { openApiMessages } from './messages'
import type { Operation } from './operations'
import {
  parametersOf,
  readParameters,
  type ParameterLocation,
  type ParameterSpec,
  type RequestParameters,
} from './parameters'
import { DocumentValidators, type SchemaCheck } from './validators'
import type { RequestViolation } from './violations'

interface BodySpec {
  pointer: string
  required: boolean
  /** The declared media types, as written. */
  types: string[]
}

/** An operation's request checks, compiled when its first request is checked. */
export class RequestCheck {
  private parameters: Promise<SchemaCheck> | undefined
  private readonly specs: ParameterSpec[]
  private readonly body: BodySpec | undefined
  private readonly bodies = new Map<string, Promise<SchemaCheck>>()

  constructor(
    private readonly validators: DocumentValidators,
    operation: Operation,
  ) {
    this.specs = parametersOf(validators.document, operation)
    this.body = bodyOf(validators.document, operation)
  }

  /** Every violation of the request; `body` is its text, read once by the handler. */
  async violations(request: RequestParameters, body: string): Promise<RequestViolation[]> {
    this.parameters ??= this.validators.compile('parameters', parametersSchema(this.specs))
    const values = readParameters(this.specs, request)
    const found: RequestViolation[] = (await this.parameters)(values).map(({ pointer, message }) => {
      const [, location = '', name = '', ...rest] = pointer.split('/')
      return {
        in: location as ParameterLocation,
        name: pointerKey(name),
        pointer: rest.map((part) => `/${part}`).join(''),
        message,
      }
    })
    return [...found, ...(await this.bodyViolations(request.headers.get('content-type'), body))]
  }

  private async bodyViolations(contentType: string | null, text: string): Promise<RequestViolation[]> {
    if (this.body === undefined) return []
    // An empty body is no body, whatever Content-Type a client sets for it (axios sends a form type).
    if (text === '') {
      return this.body.required ? [{ in: 'body', pointer: '', message: 'is required' }] : []
    }
    const type = matchMediaType(this.body.types, contentType ?? '')
    if (type === undefined) {
      const message = openApiMessages.undeclaredMediaType(contentType, 'the operation accepts', this.body.types)
      return [{ in: 'header', name: 'content-type', pointer: '', message }]
    }
    const form = /^application\/x-www-form-urlencoded$/i.test(essence(type))
    if (!form && !isJsonMediaType(type)) return []
    let value: unknown
    try {
      value = form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text)
    } catch {
      return [{ in: 'body', pointer: '', message: openApiMessages.notJson(type) }]
    }
    let check = this.bodies.get(type)
    if (check === undefined) {
      const schema = DocumentValidators.at(`${this.body.pointer}/content/${pointerToken(type)}/schema`)
      this.bodies.set(type, (check = this.validators.compile(form ? 'parameters' : 'request body', schema)))
    }
    return (await check)(value).map(({ pointer, message }) => ({ in: 'body', pointer, message }))
  }
}

/** All parameters as one object schema: `{ query: { limit: ... }, path: ... }`, each location's required listed. */
export function parametersSchema(specs: readonly ParameterSpec[]): JsonObject {
  const locations: Record<string, { type: 'object'; properties: JsonObject; required: string[] }> = {}
  for (const spec of specs) {
    const location = (locations[spec.in] ??= { type: 'object', properties: {}, required: [] })
    location.properties[spec.name] =
      spec.schema === undefined || spec.isObject ? {} : DocumentValidators.at(spec.schema)
    if (spec.required) location.required.push(spec.name)
  }
  return { type: 'object', properties: locations }
}

function bodyOf(document: OpenApiDocument, operation: Operation): BodySpec | undefined {
  if ((atPointer(document, operation.pointer) as JsonObject).requestBody === undefined) return undefined
  const { pointer, value } = resolvePointer(document, `${operation.pointer}/requestBody`)
  if (typeof value !== 'object' || value === null) return undefined
  const body = value as JsonObject
  const content = typeof body.content === 'object' && body.content !== null ? body.content : {}
  return { pointer, required: body.required === true, types: Object.keys(content) }
}
