import type * as GraphQLModule from 'graphql'
import type * as MockModule from '@graphql-tools/mock'
import type * as SchemaModule from '@graphql-tools/schema'
import { hasExport, loadModule, type ModuleImporters } from '../../runtime/load-module'
import { schemaMessages, type PeerPackage } from './messages'

/** graphql (a dependency) and the optional peers @graphql-tools/*, as loaded modules. */
export interface Peers {
  graphql: typeof GraphQLModule
  mock: typeof MockModule
  schema: typeof SchemaModule
}

declare const require: (id: string) => unknown

let loading: Promise<Peers> | undefined

/** Loads graphql and @graphql-tools/* on first use (load-module.ts keeps one copy of each). */
export function loadPeers(): Promise<Peers> {
  return (loading ??= loadAll().catch((error: unknown) => {
    loading = undefined
    throw error
  }))
}

async function loadAll(): Promise<Peers> {
  // graphql first: when it is missing, that is the package to name.
  const graphql = await load<typeof GraphQLModule>(
    'graphql',
    { require: () => require('graphql'), import: () => import('graphql') },
    hasExport('parse'),
  )
  const [schema, mock] = await Promise.all([
    load<typeof SchemaModule>(
      '@graphql-tools/schema',
      { require: () => require('@graphql-tools/schema'), import: () => import('@graphql-tools/schema') },
      hasExport('makeExecutableSchema'),
    ),
    load<typeof MockModule>(
      '@graphql-tools/mock',
      { require: () => require('@graphql-tools/mock'), import: () => import('@graphql-tools/mock') },
      hasExport('createMockStore'),
    ),
  ])
  return { graphql, schema, mock }
}

async function load<T>(
  name: PeerPackage,
  importers: ModuleImporters,
  hasApi: (module: unknown) => boolean,
): Promise<T> {
  try {
    return await loadModule<T>(name, importers, hasApi)
  } catch (error) {
    // eslint-disable-next-line mocklib/coded-argument-errors -- a missing peer package, not an argument
    throw new Error(schemaMessages.missingPeer(name, error), { cause: error })
  }
}
