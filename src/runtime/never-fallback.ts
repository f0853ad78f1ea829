/**
 * `Type`, or `Fallback` when `Type` is `never`. While TypeScript infers a handler factory's type
 * arguments, it types the resolver with the ones not inferred yet as `never`; a response body
 * type built from them would then accept nothing, and `HttpResponse.json()` (whose body type
 * comes from that context) would reject every body.
 */
export type NeverTo<Type, Fallback> = [Type] extends [never] ? Fallback : Type
