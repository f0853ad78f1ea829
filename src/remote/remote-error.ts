import { format } from '../runtime/messages'

/**
 * Why a request could not be resolved by the remote: `unavailable` when the test process could
 * not be reached or did not take the request in time (the configured fallback applies), `failed`
 * when it took the request and could not finish it (the request fails with this error).
 */
export class RemoteError extends Error {
  override readonly name = 'RemoteError'

  constructor(
    readonly code: 'MOCKLIB_REMOTE_UNAVAILABLE' | 'MOCKLIB_REMOTE_FAILED',
    message: string,
    options?: ErrorOptions,
  ) {
    super(format(message), options)
  }

  get unavailable(): boolean {
    return this.code === 'MOCKLIB_REMOTE_UNAVAILABLE'
  }
}
