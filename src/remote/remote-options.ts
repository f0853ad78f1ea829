import { MocklibTypeError } from '../runtime/errors'
import { format } from '../runtime/messages'
import { DEFAULT_SCOPE_HEADER, REMOTE_ENV } from './remote-env'

/** What an app process does with a request when its remote cannot be reached in time. */
export type RemoteFallback = 'local' | 'passthrough' | 'error'

/** `setupServer().listen({ remote })` in an app process: where the test process's handlers are. */
export interface RemoteOptions {
  /** The remote's URL (`remote.url` in the test process). Default: `MOCKLIB_REMOTE_URL`. */
  url?: string
  /** The remote's token (`remote.token`). Default: `MOCKLIB_REMOTE_TOKEN`. */
  token?: string
  /**
   * Milliseconds to wait for the remote to take a request (connect and acknowledge; the
   * resolver's own time is not counted). Default: 2000.
   */
  timeout?: number
  /**
   * When the remote cannot be reached in time: `'local'` (default) resolves with this process's
   * handlers and `onUnhandledRequest`, `'passthrough'` performs the request, `'error'` fails it
   * with an error naming the remote's URL.
   */
  fallback?: RemoteFallback
  /** The request header that carries a test's scope. Default: `MOCKLIB_REMOTE_SCOPE_HEADER`, else `x-mocklib-scope`. */
  scopeHeader?: string
  /**
   * Bytes of request body above which sending a request to the remote warns (once per method and
   * path): both processes hold such a body whole until it is answered. Default: 16 MiB;
   * `Infinity` never warns.
   */
  largeBodyWarning?: number
}

/** Remote options checked and completed. */
export interface RemoteConfig {
  url: URL
  token: string
  timeout: number
  fallback: RemoteFallback
  scopeHeader: string
  largeBodyWarning: number
}

const FALLBACKS: readonly RemoteFallback[] = ['local', 'passthrough', 'error']

/** Checks `listen({ remote })`'s option, completing it from the environment. */
export function remoteConfig(
  option: true | RemoteOptions,
  env: Readonly<Record<string, string | undefined>> = process.env,
): RemoteConfig {
  const given: RemoteOptions = option === true ? {} : option
  if (typeof given !== 'object' || given === null)
    throw invalid(`remote must be true or an options object, not ${String(option)}`)
  const url = given.url ?? env[REMOTE_ENV.url]
  const token = given.token ?? env[REMOTE_ENV.token]
  if (url === undefined || url === '') {
    throw invalid(
      `remote needs the test process's URL: pass remote: { url } or set ${REMOTE_ENV.url} (remote.env() gives it)`,
    )
  }
  if (token === undefined || token === '') {
    throw invalid(
      `remote needs the test process's token: pass remote: { token } or set ${REMOTE_ENV.token} (remote.env() gives it)`,
    )
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw invalid(`remote URL ${JSON.stringify(url)} is not a URL; use the remote.url of the test process`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw invalid(`remote URL ${url} must be http: or https:`)
  const timeout = given.timeout ?? 2000
  if (!(typeof timeout === 'number' && timeout > 0 && Number.isFinite(timeout))) {
    throw invalid(`remote timeout must be a positive number of milliseconds, not ${String(timeout)}`)
  }
  const fallback = given.fallback ?? 'local'
  if (!FALLBACKS.includes(fallback))
    throw invalid(`remote fallback ${JSON.stringify(fallback)} is not one of ${FALLBACKS.join(', ')}`)
  const scopeHeader = (given.scopeHeader ?? env[REMOTE_ENV.scopeHeader] ?? DEFAULT_SCOPE_HEADER).toLowerCase()
  const largeBodyWarning = given.largeBodyWarning ?? 16 * 1024 * 1024
  if (!(typeof largeBodyWarning === 'number' && largeBodyWarning >= 0)) {
    throw invalid(
      `remote largeBodyWarning must be a number of bytes (Infinity: never), not ${String(largeBodyWarning)}`,
    )
  }
  return { url: parsed, token, timeout, fallback, scopeHeader, largeBodyWarning }
}

function invalid(detail: string): MocklibTypeError {
  return new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', format(`setupServer().listen(): ${detail}.`))
}
