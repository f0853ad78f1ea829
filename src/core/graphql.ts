// `mocklib/core/graphql`: the names MSW's `msw/core/graphql` exports, for code that imports them
// there. Like src/index.ts, it first installs the Fetch API classes under Jest's jsdom environment.
import '../runtime/fetch-globals'
export { graphql } from '../subscriptions/graphql-namespace'
export type { GraphQLLinkHandlers, GraphQLOperationHandler, GraphQLRequestHandler } from '../graphql/graphql'
export type { GraphQLResponseResolver } from '../graphql/types'
