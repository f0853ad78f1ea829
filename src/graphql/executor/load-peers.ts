import type * as GraphQLModule from 'graphql'
import type * as MockModule from '@graphql-tools/mock'
import type * as SchemaModule from '@graphql-tools/schema'
import { schemaMessages, type PeerPackage } from './messages'

/** graphql (a dependency) and the optional peers @graphql-tools/*, as loaded modules. */
export interface Peers {
  graphql: typeof GraphQLModule
  mock: typeof MockModule
  schema: typeof SchemaModule
}

// The build defines this per output format. The CommonJS build must `require` the peers so that
// it gets the same copy of graphql the user's CommonJS code (Jest, say) gets; an `import()` there
// would load graphql's ESM build, a second copy, and fail Jest without vm modules.
declare const __MOCKLIB_CJS__: boolean | undefined
declare const require: (id: string) => unknown
const isCommonJs = typeof __MOCKLIB_CJS__ === 'boolean' && __MOCKLIB_CJS__

let loading: Promise<Peers> | undefined

/** Loads graphql and @graphql-tools/* once per process, on first use. */
export function loadPeers(): Promise<Peers> {
  return (loading ??= loadAll().catch((error: unknown) => {
    loading = undefined
    throw error
  }))
}

async function loadAll(): Promise<Peers> {
  // graphql first: when it is missing, that is the package to name.
  const graphql = await load('graphql', () =>
    isCommonJs ? (require('graphql') as typeof GraphQLModule) : import('graphql'),
  )
  const [schema, mock] = await Promise.all([
    load('@graphql-tools/schema', () =>
      isCommonJs ? (require('@graphql-tools/schema') as typeof SchemaModule) : import('@graphql-tools/schema'),
    ),
    load('@graphql-tools/mock', () =>
      isCommonJs ? (require('@graphql-tools/mock') as typeof MockModule) : import('@graphql-tools/mock'),
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
    isCommonJs ? (require('node:fs/promises') as typeof import('node:fs/promises')) : import('node:fs/promises'),
    isCommonJs ? (require('node:path') as typeof import('node:path')) : import('node:path'),
    isCommonJs ? (require('node:url') as typeof import('node:url')) : import('node:url'),
  ])
  return { fs, path, url }
}

async function load<T>(name: PeerPackage, importer: () => T | Promise<T>): Promise<T> {
  try {
    return await importer()
  } catch (error) {
    throw new Error(schemaMessages.missingPeer(name, error), { cause: error })
  }
}
