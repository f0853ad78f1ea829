/**
 * A WHATWG URL, whichever realm made it: under jsdom the global URL is the environment's, so
 * `instanceof URL` fails for Node's own (`pathToFileURL()`), and the reverse.
 */
export function isUrl(value: unknown): value is URL {
  return value instanceof URL || Object.prototype.toString.call(value) === '[object URL]'
}

/**
 * Whether `url` parses without a base, by the global `URL` (jsdom's before jsdom 23, as under
 * Jest 29, has no `URL.canParse`).
 */
export function isAbsoluteUrl(url: string): boolean {
  if (typeof URL.canParse === 'function') return URL.canParse(url)
  try {
    new URL(url)
    return true
  } catch {
    return false
  }
}
