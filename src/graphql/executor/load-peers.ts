import type * as GraphQLModule from 'graphql'
import type * as MockModule from '@graphql-tools/mock'
import type * as SchemaModule from '@graphql-tools/schema'
import { loadModule, type ModuleImporters } from '../../runtime/load-module'
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

const exports = (name: string) => (module: unknown) => typeof module === 'object' && module !== null && name in module

async function loadAll(): Promise<Peers> {
  // graphql first: when it is missing, that is the package to name.
  const graphql = await load<typeof GraphQLModule>(
    'graphql',
    { require: () => require('graphql'), import: () => import('graphql') },
    exports('parse'),
  )
  const [schema, mock] = await Promise.all([
    load<typeof SchemaModule>(
      '@graphql-tools/schema',
      { require: () => require('@graphql-tools/schema'), import: () => import('@graphql-tools/schema') },
      exports('makeExecutableSchema'),
    ),
    load<typeof MockModule>(
      '@graphql-tools/mock',
      { require: () => require('@graphql-tools/mock'), import: () => import('@graphql-tools/mock') },
      exports('createMockStore'),
    ),
  ])
  return { graphql, schema, mock }
}

/** Node's file system, for schemaFiles; the same module-format rule as the peers. */
export async function loadFileSystem(): Promise<{
  fs: typeof import('node:fs/promises')
  path: typeof import('node:path')
  url: typeof import('node:url')
}> {
  const [fs, path, url] = await Promise.all([
    loadModule<typeof import('node:fs/promises')>(
      'node:fs/promises',
      { require: () => require('node:fs/promises'), import: () => import('node:fs/promises') },
      exports('readFile'),
    ),
    loadModule<typeof import('node:path')>(
      'node:path',
      { require: () => require('node:path'), import: () => import('node:path') },
      exports('resolve'),
    ),
    loadModule<typeof import('node:url')>(
      'node:url',
      { require: () => require('node:url'), import: () => import('node:url') },
      exports('fileURLToPath'),
    ),
  ])
  return { fs, path, url }
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
