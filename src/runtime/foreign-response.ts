import { isResponse } from './platform-response'

/**
 * A Response made in another realm (a resolver defined in a same-origin frame calls the frame's
 * `new Response()`) fails every `instanceof Response` check of the page. It is rebuilt as this
 * realm's Response, with the same status, headers and body stream; anything else is returned as is
 * (the platform's own Response too, when another library took the global name: see platform-response.ts).
 */
export function adoptForeignResponse(value: unknown): unknown {
  if (isResponse(value) || typeof value !== 'object' || value === null) return value
  if (Object.prototype.toString.call(value) !== '[object Response]') return value
  const foreign = value as Response
  if (foreign.type === 'error') return Response.error()
  // eslint-disable-next-line mocklib/no-response-body -- another realm's Response, which the body module never made
  return new Response(foreign.body, {
    status: foreign.status,
    statusText: foreign.statusText,
    headers: new Headers(foreign.headers),
  })
}
