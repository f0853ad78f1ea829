import { MocklibTypeError } from '../../runtime/errors'
import { format } from '../../runtime/messages'

/** Which source answers a kind of client: mocklib's lean one, or the interceptor of @mswjs/interceptors. */
export type SourceKind = 'lean' | 'interceptor'

interface SourceSwitch {
  /** The listen() option, as users write it. */
  readonly option: 'fetchSource' | 'httpSource'
  readonly env: 'MOCKLIB_FETCH_SOURCE' | 'MOCKLIB_HTTP_SOURCE'
  readonly fallback: SourceKind
  /** What 'lean' does, for the error message. */
  readonly lean: string
  /** Which interceptor 'interceptor' means, for the error message. */
  readonly interceptor: string
}

export const FETCH_SWITCH: SourceSwitch = {
  option: 'fetchSource',
  env: 'MOCKLIB_FETCH_SOURCE',
  fallback: 'lean',
  lean: 'the default: mocklib wraps fetch itself',
  interceptor: 'the fetch interceptor of @mswjs/interceptors answers fetch',
}

export const HTTP_SWITCH: SourceSwitch = {
  option: 'httpSource',
  env: 'MOCKLIB_HTTP_SOURCE',
  fallback: 'interceptor',
  lean: 'mocklib hands mocked answers to http.request clients itself',
  interceptor: 'the default: the ClientRequest interceptor of @mswjs/interceptors answers http and https requests',
}

/** The source a server asked for: its listen() option, else the switch's environment variable, else the default. */
export function chooseSource(which: SourceSwitch, option: unknown): SourceKind {
  const fromEnv = process.env[which.env]
  const value = option ?? (fromEnv === '' ? undefined : fromEnv) ?? which.fallback
  if (value === 'lean' || value === 'interceptor') return value
  const where = option === undefined ? `The environment variable ${which.env}` : `server.listen({ ${which.option} })`
  throw new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(`${where} is ${JSON.stringify(value)}: use 'lean' (${which.lean}) or 'interceptor' (${which.interceptor}).`),
  )
}
