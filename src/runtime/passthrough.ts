const kPassthrough = Symbol.for('mocklib.passthrough')

/**
 * Tells mocklib to perform the intercepted request as-is, skipping any handler after this one.
 * Return it from a resolver: `return passthrough()`.
 */
export function passthrough(): Response {
  const response = new Response(null, { status: 302, statusText: 'Passthrough' })
  Object.defineProperty(response, kPassthrough, { value: true })
  return response
}

/** True for the value `passthrough()` returns (and only for it: no header is consulted). */
export function isPassthroughResponse(response: Response): boolean {
  return (response as { [kPassthrough]?: boolean })[kPassthrough] === true
}
