import { http } from '../rest/http'
import type { HttpHandler } from '../rest/http-handler'
import { MocklibTypeError } from '../runtime/errors'
import { answerFor, type AnswerContext } from './answer'
import { asJsonSchemaDialect } from './json-schema'
import { loadDocument, type OpenApiInput } from './load-document'
import { loadFaker } from './load-peers'
import { openApiMessages } from './messages'
import { collectOperations, handlerPath, type Operation } from './operations'
import { readPrefer, type ResponseChoice } from './prefer'
import { RequestCheck } from './request-check'
import { refuseRequest, type ValidateRequests } from './request-refusal'
import { DocumentValidators } from './validators'

export interface FromOpenApiOptions {
  /** Generated data is the same for the same seed (each operation and status draws its own). Default 1. */
  seed?: number
  /** Serve every operation under this URL instead of the document's first server ("https://api.test/v1"). */
  baseUrl?: string
  /**
   * Check each request against its operation (parameters, media type, body): `'error'` answers one
   * that breaks it with 400 `application/problem+json` listing each violation, `'warn'` prints them
   * and answers as usual. Default `false` (needs the `ajv` and `ajv-formats` packages).
   */
  validateRequests?: ValidateRequests
}

/** The handlers of a document, one per operation, in the document's order. */
export interface OpenApiHandlers extends Array<HttpHandler> {
  /**
   * A handler for one operation that answers with the chosen status and example unless the
   * request's `Prefer` header asks otherwise: `server.use(api.override('showPetById', { status: 404 }))`.
   */
  override(operationId: string, choice: ResponseChoice): HttpHandler
}

/**
 * Handlers answering every operation of an OpenAPI 3.0/3.1 document with its examples, else with
 * data generated from its response schemas. `Prefer: code=404, example=notFound, dynamic=true`
 * on a request chooses the status, the named example, or generated data.
 */
export async function fromOpenApi(document: OpenApiInput, options: FromOpenApiOptions = {}): Promise<OpenApiHandlers> {
  checkOptions(options)
  const loaded = asJsonSchemaDialect(await loadDocument(document))
  const answers: AnswerContext = { document: loaded, faker: await loadFaker(), seed: options.seed ?? 1 }
  const context: HandlerContext = { answers, validateRequests: options.validateRequests ?? false, checks: new Map() }
  if (context.validateRequests !== false) context.validators = new DocumentValidators(loaded)
  const operations = collectOperations(loaded, options.baseUrl)
  const handlers = operations.map((operation) => handlerFor(context, operation, {})) as OpenApiHandlers
  handlers.override = (operationId, choice) => {
    const operation = operations.find((candidate) => candidate.id === operationId)
    if (operation === undefined) {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        openApiMessages.unknownOperation(
          operationId,
          operations.map((candidate) => candidate.id),
        ),
      )
    }
    return handlerFor(context, operation, choice)
  }
  return handlers
}

/** What the handlers of one document share. */
interface HandlerContext {
  answers: AnswerContext
  validateRequests: ValidateRequests
  validators?: DocumentValidators
  /** Each operation's request checks, made by its first checked request (a handler and its overrides share them). */
  checks: Map<Operation, RequestCheck>
}

function handlerFor(context: HandlerContext, operation: Operation, fixed: ResponseChoice): HttpHandler {
  const method = operation.method === 'trace' ? 'all' : operation.method
  const answer = (request: Request) =>
    answerFor(context.answers, operation, { ...fixed, ...readPrefer(request.headers.get('prefer')) })
  const { validators, validateRequests: mode } = context
  if (validators === undefined || mode === false)
    return http[method](handlerPath(operation), ({ request }) => answer(request))
  const handler: HttpHandler = http[method](handlerPath(operation), async ({ request, params, cookies }) => {
    let check = context.checks.get(operation)
    if (check === undefined) context.checks.set(operation, (check = new RequestCheck(validators, operation)))
    const sent = { url: new URL(request.url), headers: request.headers, pathParams: params, cookies }
    const violations = await check.violations(sent, await request.clone().text())
    const refusal =
      violations.length === 0 ? undefined : refuseRequest(mode, handler.info.header, operation, request, violations)
    return refusal ?? answer(request)
  })
  return handler
}

function checkOptions(options: FromOpenApiOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', openApiMessages.badOption('options', options, 'an object'))
  }
  if (options.seed !== undefined && !Number.isInteger(options.seed)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      openApiMessages.badOption('"seed"', options.seed, 'an integer'),
    )
  }
  if (![undefined, false, 'error', 'warn'].includes(options.validateRequests)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      openApiMessages.badOption('"validateRequests"', options.validateRequests, "'error', 'warn' or false"),
    )
  }
  if (options.baseUrl !== undefined && typeof options.baseUrl !== 'string') {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      openApiMessages.badOption('"baseUrl"', options.baseUrl, 'a string'),
    )
  }
}
