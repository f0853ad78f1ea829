import { executeHandlers } from './execute-handlers'
import { HandlerStateStore } from './handler-state'
import { RequestContext } from './request-context'
import type { RequestHandler } from './request-handler'
import { validateHandlers } from './handler-list'
import { passthrough } from './passthrough'

export interface ResolutionContext {
  /** Base URL for relative handler paths (defaults to the document's, if any). */
  baseUrl?: string
}

const defaultStore = new HandlerStateStore()
let counter = 0

/**
 * Runs a handler list against a request, outside any server or worker: no events, no
 * unhandled-request strategy. Resolves to the response, the `passthrough()` marker, or
 * `undefined` when nothing answered. A resolver's exception rejects.
 */
export async function getResponse(
  handlers: readonly RequestHandler[],
  request: Request,
  resolutionContext?: ResolutionContext,
): Promise<Response | undefined> {
  validateHandlers('getResponse()', handlers)
  const ctx = new RequestContext(request, `get-response-${++counter}`, resolutionContext?.baseUrl)
  const outcome = await executeHandlers(handlers, ctx, defaultStore)
  switch (outcome.type) {
    case 'mocked':
      return outcome.response
    case 'exception':
      throw outcome.error
    case 'passthrough':
      return passthrough()
    default:
      return undefined
  }
}
