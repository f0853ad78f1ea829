import { MocklibTypeError } from '../../runtime/errors'
import { format } from '../../runtime/messages'
import type { DispatcherSource } from './dispatcher-source'
import type { DispatchHandler, DispatchOptions } from './types'

/** undici's `dispatch`, as `compose()` hands it to an interceptor. */
export type DispatchFunction = (options: DispatchOptions, handler: DispatchHandler) => boolean

type Interceptor = (dispatch: DispatchFunction) => DispatchFunction

/**
 * An undici dispatcher that can be composed (Agent, Pool, Client, MockAgent; undici 6 and 7).
 * Only `compose` is named, loosely, so that any undici's own types fit.
 */
export interface ComposableDispatcher {
  compose(...interceptors: never[]): unknown
}

/**
 * `server.dispatcher(agent)`: the given dispatcher composed with the server's undici source.
 * While the server listens, what is dispatched through it goes through the server's handlers;
 * what goes to the network (and everything, once the server is closed) goes through `agent`.
 */
export function wrapDispatcher<D extends ComposableDispatcher>(
  dispatcher: D,
  source: DispatcherSource,
  listening: () => boolean,
): ReturnType<D['compose']> {
  if (typeof dispatcher?.compose !== 'function') {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        'server.dispatcher() needs an undici dispatcher with compose() (an Agent, Pool or Client of undici 6.x or 7.x).',
      ),
    )
  }
  const origin = originOf(dispatcher)
  const compose = dispatcher.compose as (this: D, ...interceptors: Interceptor[]) => ReturnType<D['compose']>
  return compose.call(dispatcher, (dispatch) => (options, handler) => {
    if (!listening()) return dispatch(options, handler)
    // A Client or Pool serves one origin, and its requests carry only a path.
    const complete = options.origin === undefined && origin !== undefined ? { ...options, origin } : options
    return source.dispatch(complete, handler, { dispatch })
  })
}

/**
 * The origin a Client or Pool was made for: undici keeps it as a URL under a symbol named
 * `url` (undici 6 and 7); an Agent has none.
 */
function originOf(dispatcher: object): string | undefined {
  for (const key of Object.getOwnPropertySymbols(dispatcher)) {
    const value = (dispatcher as Record<symbol, unknown>)[key]
    if (key.description === 'url' && value instanceof URL) return value.origin
  }
  return undefined
}
