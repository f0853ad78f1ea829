/**
 * A small seeded generator (mulberry32): the same seed gives the same sequence. The schema
 * executor's mock data (@graphql-tools/mock draws from Math.random otherwise), `delay()`'s
 * distributions and the chaos handler's decisions draw from it.
 */
export class SeededRandom {
  #state = 0
  readonly seed: number
  constructor(seed: number | string) {
    this.seed = typeof seed === 'number' ? seed : hashText(seed)
    this.reset()
  }

  reset(): void {
    this.#state = this.seed >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0
    let t = this.#state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.next() * values.length)]
  }

  /** A UUID-shaped id (version 4 layout), from the seeded stream. */
  uuid(): string {
    let hex = ''
    for (let index = 0; index < 32; index++) hex += this.int(0, 15).toString(16)
    const variant = ((this.int(0, 15) & 0x3) | 0x8).toString(16)
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  }
}
/** A 32-bit FNV-1a hash of `text`: a stable seed for a name. */
export function hashText(text: string): number {
  let value = 0x811c9dc5
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193)
  return value >>> 0
}

/** A generator of floats in [0, 1) that repeats for the same seed: `delay({ ..., random: seededRandom(42) })`. */
export function seededRandom(seed: number | string): () => number {
  const generator = new SeededRandom(seed)
  return () => generator.next()
}
