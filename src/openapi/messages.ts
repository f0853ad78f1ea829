// Every message mocklib/openapi prints or throws, in one place: each names the document, operation or
// request, says what went wrong and what to change.
import { describeRequest, describeValue, errorText, format } from '../runtime/messages'
import type { RequestViolation } from './violations'

export const openApiMessages = {
  missingPeer: (name: string, error: unknown): string =>
    format(
      `mocklib/openapi needs the package "${name}", which could not be loaded (${errorText(error)}). ` +
        `Install it beside mocklib: npm install -D ${name}`,
    ),
  badInput: (received: unknown): string =>
    format(
      `fromOpenApi(document) takes an OpenAPI 3.0 or 3.1 document: an object, a file path or an http(s) URL ` +
        `(to JSON or YAML), but got ${describeValue(received)}.`,
    ),
  needsFileSystem: (): string =>
    "a file path is read with Node's file system, which this platform does not have: pass the document " +
    'itself (an object) or an http(s) URL',
  unreadable: (source: string, error: unknown): string =>
    format(`fromOpenApi could not read the OpenAPI document at "${source}": ${errorText(error)}.`),
  notOpenApi: (source: string, version: unknown): string =>
    format(
      `The document ${source} is not OpenAPI 3.0 or 3.1 (its "openapi" field is ${JSON.stringify(version)}). ` +
        `Convert a Swagger 2.0 document to OpenAPI 3 first (for example with swagger2openapi).`,
    ),
  noServer: (operation: string): string =>
    format(
      `The operation ${operation} has no server URL mocklib can match: give fromOpenApi a "baseUrl" option ` +
        `(such as "https://api.example.com/v1") or declare "servers" in the document.`,
    ),
  unknownOperation: (operationId: string, known: readonly string[]): string =>
    format(`The OpenAPI document has no operation "${operationId}". Its operations: ${known.join(', ') || 'none'}.`),
  undeclaredStatus: (operation: string, status: string, declared: readonly string[]): string =>
    `${operation} declares no response ${status}: it declares ${declared.join(', ') || 'none'}. ` +
    `Ask for one of those (Prefer: code=..., or the override's status).`,
  unknownExample: (operation: string, status: string, example: string, known: readonly string[]): string =>
    `${operation} has no example "${example}" for status ${status}: its examples are ${known.join(', ') || 'none'}.`,
  exampleMismatch: (operation: string, status: string, example: string, violations: readonly string[]): string =>
    `The example ${JSON.stringify(example)} of ${operation} for status ${status} does not fit its own schema:\n` +
    violations.map((violation) => `  - ${violation}`).join('\n') +
    '\nmocklib answers with data generated from the schema instead, unless a request or an override asks for ' +
    'this example by name (Prefer: example=..., override(operationId, { example })). Fix the example or the schema.',
  badOption: (name: string, value: unknown, expected: string): string =>
    format(`fromOpenApi's ${name} must be ${expected}, not ${describeValue(value)}.`),
  badTypedHttpOption: (name: string, value: unknown, expected: string): string =>
    format(`createTypedHttp's ${name} must be ${expected}, not ${describeValue(value)}.`),
  noSuchItem: (operation: string, collection: string, id: string): string =>
    `${operation}: the collection ${collection} has no item "${id}" (it was never created, or was deleted). ` +
    'Create it first, or seed it with fromOpenApi\'s "collections" option.',
  checkNeedsHandler: (value: unknown): string =>
    format(`check() needs an http request handler (http.get(), http.post() ...), got ${describeValue(value)}.`),
  checkNotHttp: (header: string, kind: string): string =>
    format(
      `check() wraps http handlers only; "${header}" is a "${kind}" handler. Use checkAll() on a mixed list: ` +
        'it leaves other handlers as they are.',
    ),
  undeclaredOperation: (method: string, path: string, server: string): string =>
    `the document declares no operation ${method} ${path} under ${server || '/'}`,
  undeclaredAnswer: (status: number, declared: readonly string[]): string =>
    `${status} is not a status the operation declares (it declares ${declared.join(', ') || 'none'})`,
  bodyPresence: (sent: string | null | undefined, declared: readonly string[]): string =>
    sent === undefined
      ? `is empty, but the response declares a body (${declared.join(', ')})`
      : `the response declares no body, but one was sent (${sent ?? 'no Content-Type'})`,
  undeclaredMediaType: (sent: string | null, owner: string, declared: readonly string[]): string =>
    `${JSON.stringify(sent ?? '(none)')} is not a media type ${owner} (${declared.join(', ')})`,
  notJson: (type: string): string => `is not valid JSON, as its media type ${type} says it is`,
  requestMismatch: (
    header: string,
    operation: string,
    request: Request,
    violations: readonly RequestViolation[],
    mode: 'error' | 'warn',
  ): string =>
    `${describeRequest(request)} does not fit the OpenAPI operation ${operation} (handler "${header}"):\n` +
    violations.map((violation) => `  - ${violationPlace(violation)}: ${violation.message}`).join('\n') +
    (mode === 'error'
      ? '\nIt was answered 400. Fix the request, or the document if the request is right ' +
        '(validateRequests: "warn" answers it anyway).'
      : '\nIt was answered as if it fitted (validateRequests: "warn"). Fix the request, or the document.'),
}

/** 'query "limit"', 'path "petId" /0', "body /name", "body". */
function violationPlace(violation: RequestViolation): string {
  const where = violation.in === 'body' ? 'body' : `${violation.in} "${violation.name ?? ''}"`
  return violation.pointer === '' ? where : `${where} ${violation.pointer}`
}
