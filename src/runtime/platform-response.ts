/**
 * The base of `HttpResponse`: builds each instance through the `Response` the global scope
 * holds at that moment, rather than the class this module saw when it was loaded.
 *
 * Node's http interceptor wraps the global `Response` (and `Headers`) while a server listens,
 * to remember header names, order and repeats as written, which `http.request` clients then
 * see in `rawHeaders`; a plain `new Response()` in a resolver goes through that wrapper. A
 * class that extends the captured `Response` would skip it. A global that is not the same
 * class underneath (another fetch implementation installed later) is not used: instances
 * must stay real instances of the class whose methods they inherit.
 */
const Captured = Response

function PlatformResponse(this: unknown, body?: unknown, init?: unknown): Response {
  const current = (globalThis as { Response?: typeof Response }).Response
  const Construct = current !== undefined && current.prototype === Captured.prototype ? current : Captured
  return Reflect.construct(Construct, [body, init], new.target ?? PlatformResponse) as Response
}
PlatformResponse.prototype = Captured.prototype
Object.setPrototypeOf(PlatformResponse, Captured)

/** Typed as the platform class, which it behaves as in every respect. */
export const ResponseBase = PlatformResponse as unknown as typeof Response
