import { MocklibTypeError } from './errors'
import { listsMediaType, withoutMediaType } from './media-ranges'
import { messages } from './messages'

/**
 * The marker mocklib adds to the Accept header of a bypassed request. Accept is used
 * (not a custom header) because it is CORS-safelisted: a bypassed cross-origin request
 * sends no extra preflight. The marker is removed before the request leaves the machine.
 */
export const BYPASS_ACCEPT_MARKER = 'mocklib/bypass'

/** Headers that describe one connection, not the request (RFC 9110, 7.6.1), and Expect. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'transfer-encoding', 'upgrade', 'expect']

/** What `bypass()` takes: a URL, or a request to copy. */
export type BypassRequestInput = string | URL | Request

/**
 * Returns a copy of a request that mocklib will not handle: it goes straight to the network.
 * Use it to fetch the real response from inside a resolver and patch it:
 * `const real = await fetch(bypass(request))`.
 */
export function bypass(input: BypassRequestInput, init?: RequestInit): Request {
  if (input instanceof Request && input.bodyUsed) {
    throw new MocklibTypeError('MOCKLIB_BODY_USED', messages.bypassBodyUsed(input))
  }
  const request = input instanceof Request ? new Request(input.clone(), init) : new Request(input, init)
  // Headers of the intercepted connection (an http.request sent with chunked encoding has
  // Transfer-Encoding): fetch refuses them, and the new request frames its body itself.
  for (const name of HOP_BY_HOP) request.headers.delete(name)
  // Headers join a second Accept value to the first with ', ', an entry of its own.
  request.headers.append('accept', BYPASS_ACCEPT_MARKER)
  return request
}

/** True when a request carries the bypass marker. */
export function isBypassed(request: { readonly headers: Headers }): boolean {
  return listsMediaType(request.headers.get('accept'), BYPASS_ACCEPT_MARKER)
}

/** Removes the bypass marker so the real server never sees it. */
export function removeBypassMarker(headers: Headers): void {
  if (!headers.has('accept')) return
  const rest = withoutMediaType(headers.get('accept'), BYPASS_ACCEPT_MARKER)
  if (rest === null) headers.delete('accept')
  else headers.set('accept', rest)
}
