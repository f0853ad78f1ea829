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

/**
 * Node's request and response as a middleware receives them, by the members mocklib relies on:
 * written out so that mocklib/node's declarations need no @types/node. Node's IncomingMessage and
 * ServerResponse (and Express's and connect's, which extend them) fit.
 */
export interface MiddlewareRequest {
  readonly method?: string | undefined
  readonly url?: string | undefined
  readonly headers: { readonly [name: string]: string | string[] | undefined }
  readonly socket: object
}
export interface MiddlewareResponse {
  statusCode: number
  end(): unknown
  destroy(error?: Error): unknown
}

export type Middleware = (
  request: MiddlewareRequest,
  response: MiddlewareResponse,
  next?: (error?: unknown) => void,
) => void

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
    // The history is the server's business (its control API reads it): a middleware keeps none,
    // so no request costs a record and what goes to next() arrives whole.
    history: new RequestHistory({ capacity: 0, bodyLimit: 0 }),
    control: new HandlerControl(list, list.current()),
    lifetime: () => lifetime.signal,
    onUnhandledRequest: () => 'bypass',
  })
  return (incoming, outgoing, next) => {
    // Node calls a middleware with these classes; the interfaces above only name what they are.
    const request = incoming as IncomingMessage
    const response = outgoing as ServerResponse
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
