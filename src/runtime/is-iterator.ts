/** A resolver's generator (sync or async), told apart from a Response, which is also an object. */
export function isIterator(value: unknown): value is Iterator<unknown> | AsyncIterator<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Response) &&
    typeof (value as Iterator<unknown>).next === 'function' &&
    (Symbol.iterator in value || Symbol.asyncIterator in value)
  )
}
