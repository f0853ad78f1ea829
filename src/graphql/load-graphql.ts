import { format } from '../runtime/messages'

/** The few graphql-js functions mocklib uses; any graphql 16 or 17 copy provides them. */
export interface GraphQLModule {
  parse(source: string, options?: { noLocation?: boolean }): unknown
  print(ast: unknown): string
}

// The build defines this per output format: the CommonJS build must `require` graphql, so it
// gets the copy the user's CommonJS code (Jest) gets; `import()` there would load a second copy
// (graphql's ESM build) and fails under Jest without VM modules.
declare const __MOCKLIB_CJS__: boolean | undefined
declare const require: (id: string) => unknown
const isCommonJs = typeof __MOCKLIB_CJS__ === 'boolean' && __MOCKLIB_CJS__

let loaded: Promise<GraphQLModule> | undefined

/**
 * Loads `graphql` (a dependency of mocklib) the first time a GraphQL handler needs it, so
 * `mocklib` used for REST only never loads it. If it is missing all the same, the error says
 * how to install it.
 */
export function loadGraphQL(): Promise<GraphQLModule> {
  if (loaded !== undefined) return loaded
  const importing: Promise<unknown> = isCommonJs
    ? new Promise((resolve) => resolve(require('graphql')))
    : import('graphql')
  loaded = importing.then(
    (module: unknown) => {
      const candidate = (module as { default?: GraphQLModule } & Partial<GraphQLModule>)
      const api = typeof candidate.parse === 'function' ? candidate : candidate.default
      if (api === undefined || typeof api.parse !== 'function') throw new Error(missingGraphQL('it has no parse()'))
      return api as GraphQLModule
    },
    (error: unknown) => {
      loaded = undefined
      throw new Error(missingGraphQL(error instanceof Error ? error.message : String(error)), { cause: error })
    },
  )
  return loaded
}

function missingGraphQL(detail: string): string {
  return format(
    `GraphQL handlers need the "graphql" package to read requests, and it could not be loaded (${detail}). ` +
      'mocklib depends on it, so npm installs it with mocklib; reinstall (npm install), or, if your package manager ' +
      'left it out, add it yourself: npm install --save-dev graphql',
  )
}
