import { BODY_CHECK_MODES, BodyMismatchError, bodyMismatchMessage, type BodyCheckMode } from '../runtime/body-mismatch'
import { CheckedHandler } from '../runtime/checked-handler'
import { MocklibTypeError } from '../runtime/errors'
import { isRequestHandler, type RequestHandler } from '../runtime/request-handler'
import { openApiMessages } from './messages'
import type { ResponseChecks } from './response-check'

/**
 * An http handler whose answers are checked against the document (response-check.ts): one that
 * does not fit fails the request with a BodyMismatchError (`'strict'`) or is sent after a warning
 * (`'warn'`). Answers fitting the document are sent as they are.
 */
export function checkedHttpHandler(checks: ResponseChecks, handler: unknown, mode: unknown): RequestHandler {
  if (!isRequestHandler(handler)) {
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', openApiMessages.checkNeedsHandler(handler))
  }
  if (handler.kind !== 'http') {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      openApiMessages.checkNotHttp(handler.info.header, handler.kind),
    )
  }
  const checked = checkMode(mode)
  if (checked === 'off') return handler
  return new CheckedHandler(handler, async ({ request }, response) => {
    const verdict = await checks.verdict(request, response)
    if (verdict === undefined) return response
    const report = (as: 'strict' | 'warn') =>
      bodyMismatchMessage(handler.info.header, verdict.against, request, verdict.problems, as)
    if (checked === 'strict') throw new BodyMismatchError(report('strict'), verdict.problems)
    console.warn(report('warn'))
    return response
  })
}

export function checkMode(mode: unknown): BodyCheckMode {
  if (!BODY_CHECK_MODES.includes(mode as BodyCheckMode)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      openApiMessages.badOption('"bodyChecks"', mode, "'strict', 'warn' or 'off'"),
    )
  }
  return mode as BodyCheckMode
}
