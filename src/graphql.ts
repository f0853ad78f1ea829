// `mocklib/graphql`: the names MSW 3's `msw/graphql` exports (GraphQL handlers, links and
// subscriptions), for code written against it. `graphql` is mocklib's whole namespace: MSW 3's
// link-first code runs, and graphql.query() and the other MSW 2 forms keep working.
// Like src/index.ts, it first installs the Fetch API classes under Jest's jsdom environment.
import './runtime/fetch-globals'
export { createGraphQLSubscriptionHandler, graphql } from './subscriptions/graphql-namespace'
export { GraphQLSubscriptionHandler } from './subscriptions/subscription-handler'
export type {
  GraphQLPassthroughSubscription,
  GraphQLSubscriptionResolver,
  GraphQLSubscriptionResolverInfo,
} from './subscriptions/types'
export { GraphQLHandler } from './graphql/graphql-handler'
export type { GraphQLOperationHandler, GraphQLRequestHandler } from './graphql/graphql'
export type {
  GraphQLCustomPredicate,
  GraphQLOperationType,
  GraphQLQuery,
  GraphQLResponseBody,
  GraphQLResponseResolver,
  GraphQLVariables,
} from './graphql/types'
export type {
  GraphQLJsonRequestBody,
  GraphQLLink,
  GraphQLPassthroughSubscriptionEventMap,
  GraphQLRequestBody,
  GraphQLSubscription,
  GraphQLSubscriptionHandlerFactory,
  GraphQLSubscriptionHandlerOptions,
  GraphQLSubscriptionName,
  GraphQLSubscriptionPayload,
  ParsedGraphQLRequest,
} from './msw-type-names'
