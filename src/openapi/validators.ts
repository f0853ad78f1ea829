import type Ajv from 'ajv'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { describeValue } from '../runtime/messages'
import { pointerToken, valueAt, type JsonObject, type OpenApiDocument } from './document'
import { loadAjv, type AjvModules } from './load-peers'
import { ReachableSchemas } from './reachable-schemas'
import type { SchemaViolation } from './violations'

/** One violation with the JSON Schema keyword it breaks ("type", "required", "maximum"...). */
export interface KeywordViolation extends SchemaViolation {
  keyword: string
}

/** Checks a value; none when it fits. Parameters are checked after their strings are read as the schema's types. */
export type SchemaCheck = (value: unknown) => KeywordViolation[]

export type CheckKind = 'parameters' | 'request body' | 'response body'

/** The URI the document is known by inside ajv: a schema refers to its parts as `${DOCUMENT}#/pointer`. */
const DOCUMENT = 'mocklib:openapi'

/**
 * The ajv set-up of one document, made on first use: JSON Schema 2020-12 (the 3.0 dialect is
 * converted first, json-schema.ts), ajv-formats plus OpenAPI's own formats, every error reported.
 * Parameters get an instance that reads strings as the schema's types ("5" as 5, "a,b" kept as
 * the caller split it); request and response bodies get one each, whose schemas are as that
 * direction sees them (read-write-only.ts). Each instance is given only the schemas a check
 * reaches (reachable-schemas.ts).
 */
export class DocumentValidators {
  private readonly instances = new Map<CheckKind, Promise<[Ajv, ReachableSchemas]>>()
  private readonly atPointers = new Map<string, Promise<SchemaCheck>>()

  constructor(readonly document: OpenApiDocument) {}

  /** A schema referring to the one at `pointer` in the document. */
  static at(pointer: string): JsonObject {
    return { $ref: `${DOCUMENT}#${pointer}` }
  }

  /** The check of the schema at `pointer`, compiled once for each kind. */
  compileAt(kind: CheckKind, pointer: string): Promise<SchemaCheck> {
    const key = `${kind} ${pointer}`
    let check = this.atPointers.get(key)
    if (check === undefined) this.atPointers.set(key, (check = this.compile(kind, DocumentValidators.at(pointer))))
    return check
  }

  async compile(kind: CheckKind, schema: JsonObject): Promise<SchemaCheck> {
    const [ajv, reachable] = await this.instance(kind)
    reachable.addFor(schema)
    const validate = ajv.compile(schema)
    return (value) => (validate(value) ? [] : violations(validate))
  }

  private instance(kind: CheckKind): Promise<[Ajv, ReachableSchemas]> {
    let instance = this.instances.get(kind)
    if (instance === undefined) {
      instance = loadAjv().then((modules) => this.create(modules, kind))
      this.instances.set(kind, instance)
    }
    return instance
  }

  private create({ Ajv2020, addFormats }: AjvModules, kind: CheckKind): [Ajv, ReachableSchemas] {
    const ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      logger: false,
      coerceTypes: kind === 'parameters' ? 'array' : false,
      // Each referenced schema is compiled once, as its own function, and shared by every check that
      // reaches it; unoptimised code compiles in about half the time and validates as fast.
      inlineRefs: false,
      code: { optimize: false },
    })
    addFormats(ajv)
    for (const [name, check] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, check)
    const direction = kind === 'response body' ? 'response' : 'request'
    return [ajv, new ReachableSchemas(ajv, this.document, DOCUMENT, direction)]
  }
}

const isInteger = (low: number, high: number) => (value: number) =>
  Number.isInteger(value) && value >= low && value <= high

/** The formats OpenAPI defines beyond JSON Schema's; those that only describe are accepted as they are. */
const OPENAPI_FORMATS = {
  int32: { type: 'number', validate: isInteger(-(2 ** 31), 2 ** 31 - 1) },
  int64: { type: 'number', validate: isInteger(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
  byte: { type: 'string', validate: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/ },
  binary: { type: 'string', validate: () => true },
  password: { type: 'string', validate: () => true },
} as const

/** "/id: must be integer, got string "7"": where in `root`, what, and what is there where the message does not say. */
export function violationText(violation: KeywordViolation, root: unknown): string {
  return `${violation.pointer || '(the whole value)'}: ${receivedText(violation, root)}`
}

/** The violation's message, followed by what `root` has at its place unless the keyword's message says it. */
export function receivedText(violation: KeywordViolation, root: unknown): string {
  if (violation.keyword === 'required' || violation.keyword === 'additionalProperties') return violation.message
  return `${violation.message}, got ${describeValue(valueAt(root, violation.pointer))}`
}

/** ajv's errors as violations: a missing or unexpected property is pointed at by its own name. */
function violations(validate: ValidateFunction): KeywordViolation[] {
  return (validate.errors ?? []).map((error: ErrorObject) => {
    const { keyword } = error
    const params = error.params as { missingProperty?: string; additionalProperty?: string }
    if (keyword === 'required' && params.missingProperty !== undefined) {
      return {
        keyword,
        pointer: `${error.instancePath}/${pointerToken(params.missingProperty)}`,
        message: 'is required',
      }
    }
    if (keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
      return {
        keyword,
        pointer: `${error.instancePath}/${pointerToken(params.additionalProperty)}`,
        message: 'is not a declared property (additionalProperties is false)',
      }
    }
    return { keyword, pointer: error.instancePath, message: error.message ?? keyword }
  })
}
