import { MocklibTypeError } from './errors'
import { executeHandlers, loopOfRun } from './execute-handlers'
import { directStore } from './handler-state'
import { passthrough } from './passthrough'
import { RequestContext } from './request-context'
import type { HandlerShape } from './handler-shape'

/** Where a handler is tried outside a server: MSW's `test()` / `run()` arguments. */
export interface HandlerRunArgs {
  request: Request
  requestId?: string
  /** `baseUrl` resolves relative handler paths, as in `getResponse()`. */
  resolutionContext?: { baseUrl?: string }
}

/** What `handler.run()` resolves to when the handler took the request. */
export interface HandlerRunResult<Handler extends HandlerShape = HandlerShape> {
  handler: Handler
  request: Request
  requestId: string
  /** The answer; `undefined` when the resolver fell through; the `passthrough()` marker for a passthrough. */
  response: Response | undefined
}

let counter = 0

function contextFor(args: HandlerRunArgs, api: string): RequestContext {
  if (!(args?.request instanceof Request)) {
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', `[mocklib] handler.${api}({ request }) needs a Fetch API Request.`)
  }
  return new RequestContext(args.request, args.requestId ?? `direct-${++counter}`, args.resolutionContext?.baseUrl)
}

/** Whether the handler would take the request (its method, path or operation, its predicate). */
export async function testHandler(handler: HandlerShape, args: HandlerRunArgs): Promise<boolean> {
  const ctx = contextFor(args, 'test')
  return (await handler.match(ctx)) !== null
}

/**
 * Runs one handler against a request, outside any server, with the state (`once`, generator
 * progress) that `getResponse()` also uses. Resolves to `null` when the handler does not
 * take the request; a resolver's exception rejects.
 */
export async function runHandler<Handler extends HandlerShape>(handler: Handler, args: HandlerRunArgs): Promise<HandlerRunResult<Handler> | null> {
  // Called by a subclass's own run() that a server's loop called: that request's context and scope.
  const loop = loopOfRun(args?.request)
  const ctx = loop?.ctx ?? contextFor(args, 'run')
  const outcome = await executeHandlers([handler], ctx, loop?.store ?? directStore, { direct: true })
  const result = { handler, request: ctx.request, requestId: ctx.requestId }
  switch (outcome.type) {
    case 'unhandled':
      return null
    case 'exception':
      throw outcome.error
    case 'mocked':
      return { ...result, response: outcome.response }
    case 'passthrough':
      return { ...result, response: passthrough() }
    case 'fallthrough':
      return { ...result, response: undefined }
  }
}
