import { HandlerList, validateHandlers } from './handler-list'
import { directStore } from './handler-state'
import { passthrough } from './passthrough'
import { RequestContext } from './request-context'
import type { RequestHandler } from './request-handler'
import { resolveRequest } from './resolve-request'

export interface ResolutionContext {
  /** Base URL for relative handler paths (defaults to the document's, if any). */
  baseUrl?: string
}

let counter = 0

/**
 * Runs a handler list against a request, outside any server or worker, through the same
 * resolution loop as `setupServer` (index, batches, the HEAD rule) but with no events and no
 * unhandled-request strategy. Resolves to the response, the `passthrough()` marker, or
 * `undefined` when nothing answered. A resolver's exception rejects (in a batch part too).
 */
export async function getResponse(
  handlers: readonly RequestHandler[],
  request: Request,
  resolutionContext?: ResolutionContext,
): Promise<Response | undefined> {
  validateHandlers('getResponse()', handlers)
  const ctx = new RequestContext(request, `get-response-${++counter}`, resolutionContext?.baseUrl)
  const resolution = await resolveRequest(ctx, new HandlerList(handlers, directStore), {
    partException: (_part, error) => {
      throw error
    },
    // Batch entries nobody answers are performed for real, as under setupServer's 'bypass'.
    partUnhandled: async () => {},
  })
  switch (resolution.type) {
    case 'mocked':
      return resolution.response
    case 'exception':
    case 'part-unhandled-failed':
      throw resolution.error
    case 'passthrough':
      return passthrough()
    case 'fallthrough':
    case 'unhandled':
      return undefined
  }
}
