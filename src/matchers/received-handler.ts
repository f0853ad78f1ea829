import { currentScopes } from '../runtime/current-scope'
import { MocklibTypeError } from '../runtime/errors'
import { describeValue, format } from '../runtime/messages'
import type { HandlerCall } from '../runtime/call-history'
import type { HandlerShape } from '../runtime/handler-shape'
import { isRequestHandler } from '../runtime/request-handler'

/** A handler as the matchers read it: its calls with the resolver's keys as plain data. */
export interface CalledHandler extends HandlerShape {
  readonly calls: readonly HandlerCall[]
}

/**
 * The handler a matcher was given. Its calls are read from the history of the servers listening
 * now: with none (or all with `history: false`) every handler would look unrequested, and
 * `.not.toHaveBeenRequested()` would pass whatever the code did, so that is an error.
 */
export function receivedHandler(received: unknown, matcher: string): CalledHandler {
  if (!isRequestHandler(received)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        `expect(handler).${matcher}() takes a request handler (made by http.get(), graphql.query() ...), ` +
          `got ${describeValue(received)}.`,
      ),
    )
  }
  if (!currentScopes().some((scope) => scope.store.history !== undefined)) {
    // eslint-disable-next-line mocklib/coded-argument-errors -- a state of the set-up, not an argument
    throw new Error(
      format(
        `${matcher}() reads the calls of ${received.info.header}, and no listening server keeps a history: ` +
          'assert while setupServer() is listening (before server.close()), without listen({ history: false }).',
      ),
    )
  }
  return received as unknown as CalledHandler
}
