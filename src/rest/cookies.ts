/**
 * Parses a Cookie request header into name → value. Malformed pairs are skipped, values are
 * URL-decoded when they can be and otherwise kept as sent (double quotes included, as
 * browsers' `document.cookie` and MSW show them), and the first occurrence of a name wins
 * (as browsers send the most specific cookie first).
 */
export function parseCookieHeader(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {}
  if (!header) return cookies
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    if (eq === -1) continue
    const name = pair.slice(0, eq).trim()
    if (name === '' || Object.prototype.hasOwnProperty.call(cookies, name)) continue
    cookies[name] = safeDecode(pair.slice(eq + 1).trim())
  }
  return cookies
}

function safeDecode(value: string): string {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

const kCookies = Symbol('cookies')

/**
 * The request's cookies, parsed once per request however many handlers ask: the Cookie
 * header, plus `document.cookie` for a same-origin request that sends credentials (a page's
 * requests reach a Service Worker without their Cookie header). Cookies of the page's origin
 * are never shown to a handler of another origin.
 */
export function requestCookies(ctx: CookieContext): Record<string, string> {
  return ctx.memo(kCookies, () => {
    const fromHeader = parseCookieHeader(ctx.head.headers.get('cookie'))
    const fromDocument = documentCookiesFor(ctx)
    return fromDocument === undefined ? fromHeader : { ...fromDocument, ...fromHeader }
  })
}

/** What cookies are read from (a RequestContext): `head` for the header, `request` only where a page has cookies. */
interface CookieContext {
  readonly request: Request
  readonly head: { readonly headers: Headers }
  memo<T>(key: unknown, compute: () => T): T
}

function documentCookiesFor(ctx: CookieContext): Record<string, string> | undefined {
  const doc = (globalThis as { document?: { cookie?: unknown } }).document
  const loc = (globalThis as { location?: { origin?: string } }).location
  if (typeof doc?.cookie !== 'string' || doc.cookie === '' || typeof loc?.origin !== 'string') return undefined
  const { request } = ctx
  if (request.credentials === 'omit') return undefined
  let origin: string
  try {
    origin = new URL(request.url).origin
  } catch {
    return undefined
  }
  return origin === loc.origin ? parseCookieHeader(doc.cookie) : undefined
}
