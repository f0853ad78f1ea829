import type { IMockStore } from '@graphql-tools/mock'
import { kOverrideLayers } from './field-dispatch'
import type { SchemaContext, SchemaOverrides, SchemaRequestInfo } from './types'

/** What every resolver of one execution receives: SchemaContext, plus the override layers field-dispatch.ts applies. */
export type ExecutionContext = SchemaContext & { [kOverrideLayers]: readonly SchemaOverrides[] }

export function executionContext(
  store: IMockStore,
  input: SchemaRequestInfo,
  variables: Record<string, unknown>,
  layers: readonly SchemaOverrides[],
): ExecutionContext {
  return { store, request: input.request, requestId: input.requestId, variables, [kOverrideLayers]: layers }
}
