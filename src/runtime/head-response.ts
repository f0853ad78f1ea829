import { copyInstanceFields } from './clone-response'

/**
 * The answer to a HEAD request carries the headers a GET would have, and no body (RFC 9110,
 * section 9.3.2), whatever the resolver put in it: fetch would otherwise hand the page a body
 * no server ever sends. Content-Length stays: it describes the GET representation.
 */
export function withoutBodyForHead(response: Response): Response {
  if (response.body === null || response.type === 'error') return response
  void response.body.cancel().catch(() => {})
  const constructible = response.status >= 200 && response.status <= 599
  const headersOnly = new Response(null, {
    status: constructible ? response.status : 200,
    statusText: response.statusText,
    headers: response.headers,
  })
  copyInstanceFields(response, headersOnly)
  return headersOnly
}
