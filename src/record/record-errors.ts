import type { MocklibErrorCode } from '../runtime/errors'
import { BodyMismatchError } from '../runtime/body-mismatch'

/** Lockdown mode met a request its recording lacks (the request answers 500 with this error). */
export class NotRecordedError extends Error {
  override readonly name = 'NotRecordedError'
  readonly code: MocklibErrorCode = 'MOCKLIB_NOT_RECORDED'
}

/**
 * A recorded GraphQL answer does not fit the schema any more: the body mismatch of a checked
 * mock body (`problems` say where), found in a recording.
 */
export class StaleRecordingError extends BodyMismatchError {
  override readonly code: MocklibErrorCode = 'MOCKLIB_STALE_RECORDING'

  constructor(message: string, problems: BodyMismatchError['problems']) {
    super(message, problems)
    // The base class declares its name as a literal type; this one is named after itself.
    Object.defineProperty(this, 'name', { value: 'StaleRecordingError', configurable: true, writable: true })
  }
}
