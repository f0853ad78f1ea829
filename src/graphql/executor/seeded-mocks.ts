import type { GraphQLSchema } from 'graphql'
import type { IMocks } from '@graphql-tools/mock'
import type { Peers } from './load-peers'

/**
 * A small seeded generator (mulberry32). @graphql-tools/mock draws from Math.random, so the
 * executor gives it mocks that draw from here instead: the same seed and the same sequence of
 * requests since the last reset give the same data.
 */
export class SeededRandom {
  #state = 0
  constructor(readonly seed: number) {
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

/**
 * Default mocks for built-in scalars, enums and abstract types, all drawn from `random`.
 * The user's own mocks are spread over these, so any of them can be replaced.
 */
export function seededMocks(peers: Peers, schema: GraphQLSchema, random: SeededRandom): IMocks {
  const { isEnumType, isAbstractType } = peers.graphql
  const mocks: IMocks = {
    ID: () => random.uuid(),
    Int: () => random.int(1, 100),
    Float: () => Math.round(random.next() * 10000) / 100,
    Boolean: () => random.next() < 0.5,
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue
    if (isEnumType(type)) {
      const values = type.getValues().map((value) => value.value as unknown)
      if (values.length > 0) mocks[type.name] = () => random.pick(values)
    } else if (isAbstractType(type)) {
      const names = schema.getPossibleTypes(type).map((possible) => possible.name)
      if (names.length > 0) mocks[type.name] = () => ({ __typename: random.pick(names) })
    }
  }
  return mocks
}
