// createMiddleware(): the mock server's request handling as a connect/Express/Vite middleware,
// the drop-in for @mswjs/http-middleware's createMiddleware(). What no handler answers goes to
// next(), so the app's own routes (or Vite's) serve it.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LifeCycleEmitter } from '../runtime/emitter'
import { HandlerList, validateHandlers } from '../runtime/handler-list'
import type { RequestHandler } from '../runtime/request-handler'
import { RequestResponder } from './answer-request'
import { HandlerControl } from './handler-control'
import { RequestHistory } from './request-history'

export type Middleware = (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void) => void

/**
 * A middleware that answers with these handlers (relative paths match the app's own origin,
 * absolute ones the same path); requests no handler answers go to `next()`.
 */
export function createMiddleware(...handlers: RequestHandler[]): Middleware {
  const list = new HandlerList(validateHandlers('createMiddleware()', handlers))
  const lifetime = new AbortController()
  const responder = new RequestResponder({
    emitter: new LifeCycleEmitter(),
    list: () => list,
    // The history is the server's business: a middleware keeps a small one and reads no request
    // body for it, so what goes to next() arrives whole.
    history: new RequestHistory({ capacity: 50, bodyLimit: 0 }),
    control: new HandlerControl(list, list.current()),
    lifetime: () => lifetime.signal,
    onUnhandledRequest: () => 'bypass',
  })
  return (request, response, next) => {
    const encrypted = (request.socket as { encrypted?: boolean }).encrypted === true
    responder
      .answer(request, response, encrypted ? 'https' : 'http', () => {
        if (next !== undefined) next()
        else {
          response.statusCode = 404
          response.end()
        }
      })
      .catch((error: unknown) => (next === undefined ? response.destroy(error as Error) : next(error)))
  }
}
