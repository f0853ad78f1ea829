// Every message mocklib/openapi prints or throws, in one place: each names the document, operation or
// request, says what went wrong and what to change.
import { describeValue, errorText, format } from '../runtime/messages'

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
  badOption: (name: string, value: unknown, expected: string): string =>
    format(`fromOpenApi's ${name} must be ${expected}, not ${describeValue(value)}.`),
}
