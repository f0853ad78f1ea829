import { discardBody, hasResponseBody } from './node-fast-path'
import { withBody } from './clone-response'

/**
 * The answer to a HEAD request carries the headers a GET would have, and no body (RFC 9110,
 * section 9.3.2), whatever the resolver put in it: fetch would otherwise hand the page a body
 * no server ever sends. Content-Length stays: it describes the GET representation.
 */
export function withoutBodyForHead(response: Response): Response {
  if (response.type === 'error' || !hasResponseBody(response)) return response
  discardBody(response)
  return withBody(response, null)
}
