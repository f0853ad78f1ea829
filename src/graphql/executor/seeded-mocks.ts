import type { GraphQLSchema } from 'graphql'
import type { IMocks } from '@graphql-tools/mock'
import type { Peers } from './load-peers'
import type { SeededRandom } from '../../runtime/seeded-random'

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
