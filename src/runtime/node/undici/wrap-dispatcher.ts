import { MocklibTypeError } from '../../errors'
import { format } from '../../messages'
import type { DispatcherSource } from './dispatcher-source'
import type { DispatchHandler, DispatchOptions } from './types'

/** undici's `dispatch`, as `compose()` hands it to an interceptor. */
export type DispatchFunction = (options: DispatchOptions, handler: DispatchHandler) => boolean

/** An undici dispatcher that can be composed (Agent, Pool, Client, MockAgent; undici 6 and 7). */
export interface ComposableDispatcher {
  compose(...interceptors: Array<(dispatch: DispatchFunction) => DispatchFunction>): object
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
      format('server.dispatcher() needs an undici dispatcher with compose() (an Agent, Pool or Client of undici 6.x or 7.x).'),
    )
  }
  return dispatcher.compose((dispatch) => (options, handler) =>
    listening() ? source.dispatch(options, handler, { dispatch }) : dispatch(options, handler),
  ) as ReturnType<D['compose']>
}
