import { getSetCookies } from '../../runtime/http-response'

/**
 * Writes a mocked response's Set-Cookie values to `document.cookie`, as a real response would
 * have stored them, so the app and later requests see them. Only for requests to the page's own
 * origin: a mock of another site must never plant cookies on this one. `HttpOnly` is dropped,
 * because a page script may not write HttpOnly cookies and the browser would ignore the cookie.
 */
export function storeMockedCookies(request: Request, response: Response): void {
  const values = getSetCookies(response)
  if (values.length === 0) return
  let sameOrigin = false
  try {
    sameOrigin = new URL(request.url).origin === location.origin
  } catch {
    sameOrigin = false
  }
  if (!sameOrigin) return
  for (const value of values) {
    document.cookie = value
      .split(';')
      .filter((part) => part.trim().toLowerCase() !== 'httponly')
      .join(';')
  }
}
