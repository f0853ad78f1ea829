/**
 * The environment variables that tell an app process where its remote is: `remote.env()` gives
 * them to a child process, and `listen({ remote: true })` or `--import mocklib/remote` read them.
 */
export const REMOTE_ENV = {
  url: 'MOCKLIB_REMOTE_URL',
  token: 'MOCKLIB_REMOTE_TOKEN',
  scopeHeader: 'MOCKLIB_REMOTE_SCOPE_HEADER',
} as const

/** The request header that carries a test's scope to the app, unless configured otherwise. */
export const DEFAULT_SCOPE_HEADER = 'x-mocklib-scope'
