/**
 * Response.clone() that keeps what mocklib records on a response instance: a status the
 * platform constructor refuses (101, 103), `type`, and mocklib's own markers (passthrough,
 * recorded Set-Cookie values, the implicit content type). The platform clone drops them all.
 */
export function cloneResponse(response: Response): Response {
  const copy = response.clone()
  copyInstanceFields(response, copy)
  return copy
}

/**
 * The same response (status, statusText, headers, mocklib's markers) around another body.
 * A status the platform constructor refuses (1xx) is written back as an instance field.
 */
export function withBody(response: Response, body: BodyInit | null): Response {
  const constructible = response.status >= 200 && response.status <= 599
  const copy = new Response(body, {
    status: constructible ? response.status : 200,
    statusText: response.statusText,
    headers: response.headers,
  })
  copyInstanceFields(response, copy)
  return copy
}

/** Copies those instance fields and markers from one response onto another. */
export function copyInstanceFields(from: Response, to: Response): void {
  for (const key of Reflect.ownKeys(from)) {
    const own = typeof key === 'symbol' ? key.description?.startsWith('mocklib.') : INSTANCE_FIELDS.has(key)
    if (!own) continue
    const descriptor = Object.getOwnPropertyDescriptor(from, key)
    if (descriptor !== undefined) Object.defineProperty(to, key, descriptor)
  }
}

/**
 * Fields HttpResponse may define on an instance, overriding the prototype's getters (`url`: the
 * fetch source answers with the mocked response where Node keeps the URL list out of reach).
 */
const INSTANCE_FIELDS = new Set<string | symbol>(['status', 'ok', 'type', 'url'])
