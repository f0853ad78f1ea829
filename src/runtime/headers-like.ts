/**
 * Whether `value` is a `Headers`, known by its methods rather than by `instanceof`: jsdom set-ups,
 * polyfills (whatwg-fetch) and the `undici` package bring `Headers` classes of their own.
 */
export function isHeadersLike(value: unknown): value is Headers {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Headers).get === 'function' &&
    typeof (value as Headers).has === 'function' &&
    typeof (value as Headers).forEach === 'function'
  )
}
