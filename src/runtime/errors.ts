/**
 * The stable codes of mocklib's errors (as undici gives its errors codes): match `error.code`
 * in code and tests, not the wording, which may improve between versions.
 */
export type MocklibErrorCode =
  /**
   * An API got an argument it cannot use: a resolver that is not a function, an unknown option or mode, a malformed
   * path.
   */
  | 'MOCKLIB_INVALID_ARGUMENT'
  /**
   * setupServer(), use(), resetHandlers() or getResponse() got something that is not a handler (or an array of them).
   */
  | 'MOCKLIB_INVALID_HANDLERS'
  /** A resolver answered with something that is not a Response, or with a Response whose body was already read. */
  | 'MOCKLIB_INVALID_RESPONSE'
  /** bypass() got a request whose body was already read. */
  | 'MOCKLIB_BODY_USED'
  /** onUnhandledRequest: 'error' failed a request no handler matched (UnhandledRequestError). */
  | 'MOCKLIB_UNHANDLED_REQUEST'
  /** onUnusedHandler: 'error' found handlers no request reached (UnusedHandlersError). */
  | 'MOCKLIB_UNUSED_HANDLERS'
  /**
   * A hand-written answer does not fit, in strict mode (BodyMismatchError): a GraphQL body the schema
   * (mocklib/schema), an http answer the OpenAPI document (mocklib/openapi).
   */
  | 'MOCKLIB_BODY_MISMATCH'
  /** A request with no recording, in the recorder's lockdown mode (mocklib/record). */
  | 'MOCKLIB_NOT_RECORDED'
  /** A recorded answer no longer fits the GraphQL schema or the OpenAPI document (mocklib/record). */
  | 'MOCKLIB_STALE_RECORDING'

/**
 * Codes of mocklib's verdicts on a request's answer (a body the schema refuses, a request with
 * no recording, a resolver's value that is not a Response), as opposed to a mistake in how the
 * handler's own code called mocklib: their message says all there is, and their stack is
 * mocklib's own frames.
 */
const VERDICTS: ReadonlySet<string> = new Set<MocklibErrorCode>([
  'MOCKLIB_BODY_MISMATCH',
  'MOCKLIB_NOT_RECORDED',
  'MOCKLIB_STALE_RECORDING',
  'MOCKLIB_INVALID_RESPONSE',
])

/** Whether `error` is one of mocklib's verdicts on a request's answer (see VERDICTS). */
export function isMocklibVerdict(error: unknown): error is Error & { code: MocklibErrorCode } {
  return error instanceof Error && VERDICTS.has((error as { code?: unknown }).code as string)
}

/**
 * A mistake in how mocklib is called, with a stable `code`. It is a `TypeError` (and named so),
 * as the platform reports wrong arguments.
 */
export class MocklibTypeError extends TypeError {
  readonly code: MocklibErrorCode

  // Not ErrorOptions: that type needs lib ES2022, which projects on older libs lack (TS2304).
  constructor(code: MocklibErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}
