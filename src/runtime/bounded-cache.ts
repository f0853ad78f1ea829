/**
 * A map that keeps at most `capacity` entries, the least recently used one leaving first.
 * Every cache mocklib keeps across requests is one (parsed documents, validated documents,
 * persisted-query texts, compiled paths, resolved relative paths, override notes), so no
 * cache grows with the number of distinct requests a long test run sends.
 */
export class BoundedCache<Key, Value> {
  readonly #entries = new Map<Key, Value>()
  /** The most recently used key: a hit on it (the same document again) leaves the order as it is. */
  #newest: Key | undefined
  #hasNewest = false

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#entries.size
  }

  /** The value for `key`, now the most recently used; undefined when absent. */
  get(key: Key): Value | undefined {
    const value = this.#entries.get(key)
    if (value !== undefined && !(this.#hasNewest && this.#newest === key)) this.#touch(key, value)
    return value
  }

  /** Whether `key` is kept (its place in the order is left as it is). */
  has(key: Key): boolean {
    return this.#entries.has(key)
  }

  set(key: Key, value: Value): void {
    this.#touch(key, value)
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as Key)
  }

  /** The value for `key`, made with `create` (and kept) when absent. */
  getOrCreate(key: Key, create: () => Value): Value {
    let value = this.get(key)
    if (value === undefined) this.set(key, (value = create()))
    return value
  }

  delete(key: Key): boolean {
    if (this.#hasNewest && this.#newest === key) this.#forgetNewest()
    return this.#entries.delete(key)
  }

  clear(): void {
    this.#forgetNewest()
    this.#entries.clear()
  }

  /** Moves `key` to the most recently used end. */
  #touch(key: Key, value: Value): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    this.#newest = key
    this.#hasNewest = true
  }

  #forgetNewest(): void {
    this.#newest = undefined
    this.#hasNewest = false
  }
}
