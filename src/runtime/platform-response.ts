import { rawHeadersKeyOf, recordRawHeaders, recordedRawHeaders } from './raw-header-names'

/**
 * The base of `HttpResponse`: builds each instance through the `Response` the global scope
 * holds at that moment, rather than the class this module saw when it was loaded.
 *
 * Node's http interceptor wraps the global `Response` (and `Headers`) while a server listens,
 * to remember header names, order and repeats as written, which `http.request` clients then
 * see in `rawHeaders`; a plain `new Response()` in a resolver goes through that wrapper. A
 * class that extends the captured `Response` would skip it; this one records the names itself
 * when the wrapper is the interceptor's, and goes through any other. A global that is not the same
 * class underneath (another fetch implementation installed later) is not used: instances
 * must stay real instances of the class whose methods they inherit.
 */
const Captured = Response

function PlatformResponse(this: unknown, body?: unknown, init?: unknown): Response {
  const current = (globalThis as { Response?: typeof Response }).Response
  const newTarget = new.target ?? PlatformResponse
  if (current === undefined || current === Captured || current.prototype !== Captured.prototype)
    return Reflect.construct(Captured, [body, init], newTarget) as Response
  const key = recordingKeyOf(current)
  if (key === undefined) return Reflect.construct(current, [body, init], newTarget) as Response
  // The interceptor's wrapper, whose only work is the record: made here without the second
  // Headers the wrapper builds from the init to read the names back (raw-header-names.ts).
  const response = Reflect.construct(Captured, [body, init], newTarget) as Response
  const given = (init as ResponseInit | undefined)?.headers
  if (given != null) recordRawHeaders(response.headers, key, given)
  return response
}

/** Per wrapper of the global `Response`: the interceptor's record symbol if it is its wrapper, else null. */
const wrappers = new WeakMap<object, symbol | null>()

/**
 * Whether `Wrapper` is the interceptor's, known by what it does: a response it builds from
 * `[['X-Probe', '1']]` carries exactly that pair in the interceptor's record. Asked once per wrapper.
 */
function recordingKeyOf(Wrapper: typeof Response): symbol | undefined {
  let key = wrappers.get(Wrapper)
  if (key === undefined) {
    const init: Array<[string, string]> = [['X-Probe', '1']]
    const probe = Reflect.construct(Wrapper, [null, { headers: init }]) as Response
    const recorded = recordedRawHeaders(probe.headers)
    const exact = recorded?.length === 1 && recorded[0]?.[0] === 'X-Probe' && recorded[0][1] === '1'
    key = exact ? (rawHeadersKeyOf(probe.headers) ?? null) : null
    wrappers.set(Wrapper, key)
  }
  return key ?? undefined
}
PlatformResponse.prototype = Captured.prototype
Object.setPrototypeOf(PlatformResponse, Captured)

/** Typed as the platform class, which it behaves as in every respect. */
export const ResponseBase = PlatformResponse as unknown as typeof Response

/**
 * Whether `value` is a Response a resolver may answer with: the global class's, or made on
 * ResponseBase (HttpResponse), which is not an instance of a global another library installed
 * after mocklib loaded (a polyfill in a jsdom set-up).
 */
export function isResponse(value: unknown): value is Response {
  return value instanceof Response || value instanceof ResponseBase
}
