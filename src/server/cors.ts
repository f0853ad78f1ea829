// --cors: browsers on other origins may call the mock server. Every answer allows the caller's
// origin (with credentials), and a preflight is answered here, before any handler.
import type { IncomingMessage, ServerResponse } from 'node:http'

export function withCors(message: IncomingMessage, response: ServerResponse): void {
  const origin = message.headers.origin
  response.setHeader('access-control-allow-origin', origin ?? '*')
  if (origin !== undefined) {
    response.setHeader('access-control-allow-credentials', 'true')
    response.setHeader('vary', 'Origin')
  }
  response.setHeader('access-control-expose-headers', '*')
}

/** Answers a CORS preflight (OPTIONS with Access-Control-Request-Method); false for any other request. */
export function corsPreflight(message: IncomingMessage, response: ServerResponse): boolean {
  const requested = message.headers['access-control-request-method']
  if (message.method !== 'OPTIONS' || requested === undefined) return false
  response.writeHead(204, {
    'access-control-allow-methods': requested,
    'access-control-allow-headers': message.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '600',
  })
  response.end()
  return true
}
