/**
 * Response.clone() that keeps what mocklib records on a response instance: a status the
 * platform constructor refuses (101, 103), `type`, and mocklib's own markers (passthrough,
 * recorded Set-Cookie values, the implicit content type). The platform clone drops them all.
 */
export function cloneResponse(response: Response): Response {
  const copy = response.clone()
  for (const key of Reflect.ownKeys(response)) {
    const own = typeof key === 'symbol' ? key.description?.startsWith('mocklib.') : INSTANCE_FIELDS.has(key)
    if (!own) continue
    const descriptor = Object.getOwnPropertyDescriptor(response, key)
    if (descriptor !== undefined) Object.defineProperty(copy, key, descriptor)
  }
  return copy
}

/** Fields HttpResponse may define on an instance, overriding the prototype's getters. */
const INSTANCE_FIELDS = new Set<string | symbol>(['status', 'ok', 'type'])
