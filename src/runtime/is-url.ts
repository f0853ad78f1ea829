/**
 * A WHATWG URL, whichever realm made it: under jsdom the global URL is the environment's, so
 * `instanceof URL` fails for Node's own (`pathToFileURL()`), and the reverse.
 */
export function isUrl(value: unknown): value is URL {
  return value instanceof URL || Object.prototype.toString.call(value) === '[object URL]'
}
