import { DelegatingHandler } from './delegating-handler'
import { adoptForeignResponse } from './foreign-response'
import { isIterator } from './is-iterator'
import { isPassthroughResponse } from './passthrough'
import { isResponse } from './platform-response'
import type { AsyncResponseResolverReturnType, RequestHandler, ResolverInfoBase } from './request-handler'

/**
 * Checks one answer of a checked handler's resolver, with the resolver's arguments, and gives the
 * response to send (this one or one rebuilt from it), or throws (strict mode).
 */
export type ResponseCheck = (args: ResolverInfoBase, response: Response) => Promise<Response>

/**
 * A handler whose resolver's responses pass through a check before they are sent (the schema
 * executor's checked GraphQL bodies, an OpenAPI document's checked http handlers). It delegates
 * matching, indexing, content negotiation and diagnostics to the handler it wraps, so it behaves
 * exactly like it in the list. Passthroughs, network errors and bodies already read are not checked.
 */
export class CheckedHandler extends DelegatingHandler {
  constructor(inner: RequestHandler, check: ResponseCheck) {
    super(inner, (args) => checkedResolve(inner, check, args) as AsyncResponseResolverReturnType)
  }
}

function checkedResolve(inner: RequestHandler, check: ResponseCheck, args: ResolverInfoBase): unknown {
  const result = inner.resolver(args as never) as unknown
  const checkValue = async (returned: unknown): Promise<unknown> => {
    // As execute-handlers.ts takes answers: another realm's Response, and an HttpResponse after
    // another fetch implementation took the global name (platform-response.ts), are checked too.
    const value = adoptForeignResponse(returned)
    if (!isResponse(value)) return returned
    if (isPassthroughResponse(value)) return value
    return value.type === 'error' || value.bodyUsed ? value : check(args, value)
  }
  if (isIterator(result)) return mapIterator(result, checkValue)
  return result instanceof Promise ? result.then(checkValue) : checkValue(result)
}

async function* mapIterator(
  iterator: Iterator<unknown> | AsyncIterator<unknown>,
  check: (value: unknown) => Promise<unknown>,
): AsyncGenerator<unknown, unknown, unknown> {
  while (true) {
    const step = await iterator.next()
    const value = await check(await step.value)
    if (step.done) return value
    yield value
  }
}
