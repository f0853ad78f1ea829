/** A value kept on objects under a symbol of its own: what a WeakMap keyed by them would hold. */
export interface InstanceSlot<Value> {
  get(object: object): Value | undefined
  has(object: object): boolean
  set(object: object, value: Value): void
}

/**
 * A slot for objects made per request (requests, responses), where a WeakMap entry for each
 * short-lived key is work for every young-generation collection and a property is not. The
 * property is not enumerable, and its symbol's description has no `mocklib.` prefix, so
 * copyInstanceFields() (clone-response.ts) does not carry it to a copy.
 */
export function instanceSlot<Value>(description: string): InstanceSlot<Value> {
  const key = Symbol(description)
  type Holder = { [key]?: Value }
  return {
    get: (object) => (object as Holder)[key],
    has: (object) => (object as Holder)[key] !== undefined,
    set(object, value) {
      Object.defineProperty(object, key, { value, configurable: true })
    },
  }
}
