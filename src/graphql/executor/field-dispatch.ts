import type {
  GraphQLAbstractType,
  GraphQLFieldResolver,
  GraphQLResolveInfo,
  GraphQLSchema,
  GraphQLTypeResolver,
} from 'graphql'
import type { Peers } from './load-peers'
import type { SchemaOverrides } from './types'

/** Context key: override layers for this execution, highest precedence first. */
export const kOverrideLayers: unique symbol = Symbol('mocklib.schema.overrideLayers')
/** Context key: this execution checks a hand-written body instead of resolving data. */
export const kBodyCheck: unique symbol = Symbol('mocklib.schema.bodyCheck')

/** What a body check does in place of the resolvers. */
export interface CheckResolvers {
  field(source: unknown, info: GraphQLResolveInfo): unknown
  typeName(value: unknown, abstractType: GraphQLAbstractType): string | undefined
}

interface DispatchContext {
  [kOverrideLayers]?: readonly SchemaOverrides[]
  [kBodyCheck]?: CheckResolvers
}

/**
 * Wraps every field resolver and type resolver of the executor's own schema once, at build
 * time, so one schema serves three purposes decided by the execution context: normal
 * execution, execution with per-test override layers, and checking a hand-written body.
 * Nothing is rebuilt per request or per override.
 */
export function installDispatch(peers: Peers, schema: GraphQLSchema): void {
  const { isObjectType, isAbstractType, defaultFieldResolver, defaultTypeResolver } = peers.graphql
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue
    if (isObjectType(type)) {
      const typeName = type.name
      for (const field of Object.values(type.getFields())) {
        const fieldName = field.name
        const original: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver
        field.resolve = (source, args, context: DispatchContext | undefined, info) => {
          const check = context?.[kBodyCheck]
          if (check !== undefined) return check.field(source, info)
          const layers = context?.[kOverrideLayers]
          if (layers !== undefined) {
            for (const layer of layers) {
              const fields = layer[typeName]
              if (fields === undefined || !Object.hasOwn(fields, fieldName)) continue
              const override = fields[fieldName]
              if (override === undefined) continue
              return typeof override === 'function' ? override(source, args, context as never, info) : override
            }
          }
          return original(source, args, context, info)
        }
      }
    } else if (isAbstractType(type)) {
      const original: GraphQLTypeResolver<unknown, unknown> = type.resolveType ?? defaultTypeResolver
      type.resolveType = (value, context: DispatchContext | undefined, info, abstractType) => {
        const check = context?.[kBodyCheck]
        if (check !== undefined) return check.typeName(value, abstractType)
        return original(value, context, info, abstractType)
      }
    }
  }
}
