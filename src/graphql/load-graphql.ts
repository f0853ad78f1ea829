import { format } from '../runtime/messages'
import { loadModule } from '../runtime/load-module'

/** The few graphql-js functions mocklib uses; any graphql 16 or 17 copy provides them. */
export interface GraphQLModule {
  parse(source: string, options?: { noLocation?: boolean }): unknown
  print(ast: unknown): string
}

declare const require: (id: string) => unknown

/**
 * Loads `graphql` (a dependency of mocklib) the first time a GraphQL handler needs it, so
 * `mocklib` used for REST only never loads it. If it is missing all the same, the error says
 * how to install it. The executor's loader (executor/load-peers.ts) shares the loaded module.
 */
export function loadGraphQL(): Promise<GraphQLModule> {
  return loadModule<GraphQLModule>(
    'graphql',
    { require: () => require('graphql'), import: () => import('graphql') },
    (module) => typeof (module as Partial<GraphQLModule> | undefined)?.parse === 'function',
  ).catch((error: unknown) => {
    // eslint-disable-next-line mocklib/coded-argument-errors -- the graphql peer is missing, not an argument
    throw new Error(missingGraphQL(error instanceof Error ? error.message : String(error)), { cause: error })
  })
}

function missingGraphQL(detail: string): string {
  return format(
    `GraphQL handlers need the "graphql" package to read requests, and it could not be loaded (${detail}). ` +
      'mocklib depends on it, so npm installs it with mocklib; reinstall (npm install), or, if your package manager ' +
      'left it out, add it yourself: npm install --save-dev graphql',
  )
}
