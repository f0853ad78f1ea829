import { delay } from './delay'
import { fault } from './fault'
import { hasBody, knownBodyText } from './request-body'
import { headOf, requestOf, type SourceRequest } from './request-draft'
import { networkLink, throttle, type NetworkConditions, type NetworkPreset } from './throttle'

/** A whole server's or boundary's link (`listen({ network })`, `server.boundary(callback, { network })`). */
export type NetworkOption = NetworkConditions | NetworkPreset

/** The link of a scope, checked once where it was given; `call` names that place (`%s`: the value). */
export function scopeNetwork(option: unknown, call: string): Readonly<NetworkConditions> | 'offline' | undefined {
  return option === undefined ? undefined : networkLink(option, call)
}

/**
 * What a scope's link does before the handlers see a request: offline, the request fails as an
 * unreachable host (the answer); else the request crosses the link, `latency` then its body at
 * `upload` bytes per second, so resolvers see it once it has all arrived. Undefined: resolve it.
 */
export async function acrossUplink(
  link: Readonly<NetworkConditions> | 'offline',
  request: SourceRequest,
): Promise<Response | undefined> {
  if (link === 'offline') return fault.dns()
  const bytes = link.upload === undefined ? 0 : await bodyBytes(request)
  const wait = (link.latency ?? 0) + (link.upload === undefined ? 0 : (bytes / link.upload) * 1000)
  if (wait > 0) await delay(wait)
  return undefined
}

/** A mocked answer as the scope's link carries it back: its body at `download` bytes per second. */
export function acrossDownlink(link: Readonly<NetworkConditions>, response: Response): Promise<Response> | Response {
  // A network error has nothing to carry; the latency was spent on the way up.
  if (response.type === 'error') return response
  return throttle(response, { download: link.download })
}

/**
 * How many bytes a request's body has: the known text's, `Content-Length`, else a copy read
 * whole. A draft's `Request` is not made for it (a draft's body is its text).
 */
async function bodyBytes(request: SourceRequest): Promise<number> {
  const head = headOf(request)
  if (!hasBody(head)) return 0
  const text = knownBodyText(head)
  if (text !== undefined) return new TextEncoder().encode(text).byteLength
  const length = Number(head.headers.get('content-length'))
  if (Number.isInteger(length) && length > 0) return length
  return (await requestOf(request).clone().arrayBuffer()).byteLength
}
