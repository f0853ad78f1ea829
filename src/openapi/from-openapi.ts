import type { HttpHandler } from '../rest/http-handler'
import { MocklibTypeError } from '../runtime/errors'
import type { AnswerContext } from './answer'
import { asJsonSchemaDialect } from './json-schema'
import { loadDocument, type OpenApiInput } from './load-document'
import { loadFaker } from './load-peers'
import { openApiMessages } from './messages'
import { collectOperations } from './operations'
import { handlerFor, type DocumentContext } from './operation-handler'
import type { ResponseChoice } from './prefer'
import type { ValidateRequests } from './request-refusal'
import { pairCollections } from './collections'
import { DocumentValidators } from './validators'
import { ExampleChecks } from './example-check'
import { ReadyAnswers } from './ready-answers'
import { ResponseChecks } from './response-check'
import { checkedHttpHandler, checkMode } from './checked-handlers'
import type { AnswerContract, BodyCheckMode } from '../runtime/body-mismatch'
import type { RequestHandler } from '../runtime/request-handler'

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
  /**
   * Operations on a collection and its items (`POST /pets`, `GET /pets`, `GET/PUT/PATCH/DELETE
   * /pets/{id}`) share a store: a created item is listed and read next, a deleted one answers 404.
   * `true` seeds each collection from its list operation's answer; an object gives the items of
   * some collections by path (`{ '/pets': [{ id: 1, name: 'Rex' }] }`). Each scope (a server, a
   * `boundary()`) has its own store, started again by `resetHandlers()`. Default `false`.
   */
  collections?: boolean | Record<string, readonly object[]>
  /**
   * The mode of handlers wrapped by `check()`/`checkAll()` without a mode of their own: `'strict'`
   * fails a request whose answer does not fit the document, `'warn'` prints why and sends it,
   * `'off'` leaves handlers unwrapped. Default `'strict'`.
   */
  bodyChecks?: BodyCheckMode
}

/** A handler's own mode for `check()`/`checkAll()`. */
export interface OpenApiCheckOptions {
  /** Overrides fromOpenApi's `bodyChecks` for these handlers. */
  mode?: BodyCheckMode
}

/** The handlers of a document, one per operation, in the document's order. */
export interface OpenApiHandlers extends Array<HttpHandler> {
  /**
   * A handler for one operation that answers with the chosen status and example unless the
   * request's `Prefer` header asks otherwise: `server.use(api.override('showPetById', { status: 404 }))`.
   */
  override(operationId: string, choice: ResponseChoice): HttpHandler
  /**
   * An http handler whose answers are checked against the document: an undeclared status, a
   * missing required header, an undeclared media type or a body that does not fit fails the
   * request (mode `'strict'`) or prints a warning (`'warn'`), naming the handler, the operation,
   * the status and each violation's JSON pointer.
   */
  check(handler: RequestHandler, options?: OpenApiCheckOptions): RequestHandler
  /** check() for every http handler of a list; other handlers are returned as they are. */
  checkAll(handlers: readonly RequestHandler[], options?: OpenApiCheckOptions): RequestHandler[]
  /**
   * What an answer to this request does not fit in the document (what check() and the recorder's
   * `openapi` option report); undefined when it fits or the request is for none of its servers.
   */
  checkAnswer: AnswerContract['checkAnswer']
}

/**
 * Handlers answering every operation of an OpenAPI 3.0/3.1 document with its examples, else with
 * data generated from its response schemas. `Prefer: code=404, example=notFound, dynamic=true`
 * on a request chooses the status, the named example, or generated data.
 */
export async function fromOpenApi(document: OpenApiInput, options: FromOpenApiOptions = {}): Promise<OpenApiHandlers> {
  checkOptions(options)
  const loaded = asJsonSchemaDialect(await loadDocument(document))
  const validators = new DocumentValidators(loaded)
  const examples = new ExampleChecks(validators)
  const faker = await loadFaker()
  const answers: AnswerContext = {
    document: loaded,
    faker,
    seed: options.seed ?? 1,
    examples,
    validators,
    ready: new ReadyAnswers(),
  }
  const operations = collectOperations(loaded, options.baseUrl)
  const validateRequests = options.validateRequests ?? false
  const collections = options.collections ?? false
  const context: DocumentContext = {
    answers,
    validateRequests,
    validators,
    checks: new Map(),
    collections: collections === false ? undefined : pairCollections(loaded, operations),
    seeds: typeof collections === 'object' ? collections : {},
  }
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
  const responses = new ResponseChecks(validators, operations)
  const bodyChecks = options.bodyChecks ?? 'strict'
  handlers.check = (handler, checkOptions = {}) =>
    checkedHttpHandler(responses, handler, checkOptions.mode ?? bodyChecks)
  handlers.checkAll = (list, checkOptions) =>
    list.map((handler) => (handler?.kind === 'http' ? handlers.check(handler, checkOptions) : handler))
  handlers.checkAnswer = (request, response) => responses.verdict(request, response)
  return handlers
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
  const { collections } = options
  const isSeeds = typeof collections === 'object' && collections !== null && !Array.isArray(collections)
  if (collections !== undefined && typeof collections !== 'boolean' && (!isSeeds || !everyArray(collections))) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      openApiMessages.badOption(
        '"collections"',
        collections,
        "true, false or items by collection path ({ '/pets': [...] })",
      ),
    )
  }
  if (options.bodyChecks !== undefined) checkMode(options.bodyChecks)
  if (options.baseUrl !== undefined && typeof options.baseUrl !== 'string') {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      openApiMessages.badOption('"baseUrl"', options.baseUrl, 'a string'),
    )
  }
}

const everyArray = (seeds: object): boolean => Object.values(seeds).every((items) => Array.isArray(items))
