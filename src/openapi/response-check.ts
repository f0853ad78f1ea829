import type { BodyProblem, BodyProblemKind } from '../runtime/body-mismatch'
import { declaredResponse } from './answer'
import { atPointer, pointerToken, resolvePointer, valueAt, type ResponseObject } from './document'
import { isJsonMediaType, matchMediaType } from '../runtime/media-types'
import { peekBodyText } from '../runtime/node-fast-path'
import { openApiMessages } from './messages'
import { OperationLookup } from './operation-lookup'
import type { Operation } from './operations'
import { readParameters, responseHeadersOf } from './parameters'
import { parametersSchema } from './request-check'
import { receivedText, type DocumentValidators, type KeywordViolation, type SchemaCheck } from './validators'

/** What an answer does not fit: `against` names the operation and status ("the OpenAPI operation ..."). */
export interface AnswerVerdict {
  against: string
  problems: readonly BodyProblem[]
}

/**
 * Checks answers against the document: the status is declared, the required headers are there and
 * fit, the media type is declared and a JSON body fits its schema. Every place is a JSON pointer into
 * `{ status, headers, body }`. Checks are compiled by a response's first answer.
 */
export class ResponseChecks {
  private readonly lookup: OperationLookup
  /** Each response's header check, by the response's pointer. */
  private readonly headerChecks = new Map<string, Promise<SchemaCheck>>()
  /**
   * The last body each response schema was checked against, with what it found: a mock answers
   * with the same text request after request, and the check is a function of the schema and text.
   */
  private readonly lastBodies = new Map<string, { text: string; problems: Promise<BodyProblem[]> }>()

  constructor(
    private readonly validators: DocumentValidators,
    operations: readonly Operation[],
  ) {
    this.lookup = new OperationLookup(operations)
  }

  /** undefined when the answer fits, or the request is for none of the document's servers. */
  async verdict(request: Request, response: Response): Promise<AnswerVerdict | undefined> {
    const found = this.lookup.find(request)
    if (found === undefined) return undefined
    if ('undeclared' in found) {
      const message = openApiMessages.undeclaredOperation(
        request.method,
        new URL(request.url).pathname,
        found.undeclared,
      )
      return { against: 'the OpenAPI document', problems: [{ kind: 'other', path: '', message }] }
    }
    const { operation } = found
    const problems = await this.problems(operation, request, response)
    if (problems.length === 0) return undefined
    return { against: `the OpenAPI operation ${operation.label} for status ${response.status}`, problems }
  }

  private async problems(operation: Operation, request: Request, response: Response): Promise<BodyProblem[]> {
    const key = declaredResponse(operation, response.status)
    if (key === undefined) {
      const message = openApiMessages.undeclaredAnswer(response.status, Object.keys(operation.responses))
      return [{ kind: 'undeclared-status', path: '/status', message }]
    }
    const { document } = this.validators
    const { pointer } = resolvePointer(document, `${operation.pointer}/responses/${pointerToken(key)}`)
    const headers = await this.headerProblems(pointer, request, response)
    return [...headers, ...(await this.bodyProblems(pointer, request, response))]
  }

  private async headerProblems(pointer: string, request: Request, response: Response): Promise<BodyProblem[]> {
    const specs = responseHeadersOf(this.validators.document, pointer)
    if (specs.length === 0) return []
    let check = this.headerChecks.get(pointer)
    if (check === undefined) {
      this.headerChecks.set(pointer, (check = this.validators.compile('parameters', parametersSchema(specs))))
    }
    const values = readParameters(specs, {
      url: new URL(request.url),
      headers: response.headers,
      pathParams: {},
      cookies: {},
    })
    return (await check)(values).map((violation) =>
      problemOf('wrong-header', `/headers${violation.pointer.slice('/header'.length)}`, violation, values),
    )
  }

  private async bodyProblems(pointer: string, request: Request, response: Response): Promise<BodyProblem[]> {
    const declared = atPointer(this.validators.document, pointer) as ResponseObject
    const types = Object.keys(declared.content ?? {})
    const text = request.method === 'HEAD' ? '' : (peekBodyText(response) ?? (await response.clone().text()))
    const contentType = response.headers.get('content-type')
    if (types.length === 0 || text === '') {
      if ((types.length === 0) === (text === '') || request.method === 'HEAD') return []
      const message = openApiMessages.bodyPresence(text === '' ? undefined : contentType, types)
      return [{ kind: 'wrong-media-type', path: '/body', message }]
    }
    const type = matchMediaType(types, contentType ?? '')
    if (type === undefined) {
      const message = openApiMessages.undeclaredMediaType(contentType, 'the response declares', types)
      return [{ kind: 'wrong-media-type', path: '/headers/content-type', message }]
    }
    if (!isJsonMediaType(type) || declared.content?.[type]?.schema === undefined) return []
    const schema = `${pointer}/content/${pointerToken(type)}/schema`
    const last = this.lastBodies.get(schema)
    if (last?.text === text) return [...(await last.problems)]
    const problems = this.jsonProblems(schema, type, text)
    if (text.length <= REMEMBERED_TEXT) this.lastBodies.set(schema, { text, problems })
    return [...(await problems)]
  }

  private async jsonProblems(schema: string, type: string, text: string): Promise<BodyProblem[]> {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return [{ kind: 'wrong-type', path: '/body', message: openApiMessages.notJson(type) }]
    }
    const check = await this.validators.compileAt('response body', schema)
    return check(body).map((violation) =>
      problemOf(kindOf(violation, body), `/body${violation.pointer}`, violation, body),
    )
  }
}

/** The largest body text remembered with its problems (a larger one is checked every time). */
const REMEMBERED_TEXT = 256 * 1024

/** The violation at `path`, with what was received (in `root`) where the message does not say. */
function problemOf(kind: BodyProblemKind, path: string, violation: KeywordViolation, root: unknown): BodyProblem {
  return { kind, path, message: receivedText(violation, root) }
}

const SCALAR_KEYWORDS = new Set([
  'enum',
  'const',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
])

function kindOf(violation: KeywordViolation, body: unknown): BodyProblemKind {
  if (violation.keyword === 'required') return 'missing-field'
  if (violation.keyword === 'type') {
    return valueAt(body, violation.pointer) === null ? 'null-in-non-null' : 'wrong-type'
  }
  return SCALAR_KEYWORDS.has(violation.keyword) ? 'wrong-scalar' : 'other'
}
