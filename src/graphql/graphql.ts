import { MocklibTypeError } from '../runtime/errors'
import type { RequestHandlerOptions } from '../runtime/request-handler'
import { compileEndpoint } from './endpoint'
import { GraphQLHandler } from './graphql-handler'
import { graphqlMessages } from './messages'
import type { GraphQLOperationMap, OperationTypeCheck, TypedGraphQLRequestHandler } from './typed-operations'
import type {
  GraphQLCustomPredicate,
  GraphQLOperationType,
  GraphQLPredicate,
  GraphQLQuery,
  GraphQLResponseResolver,
  GraphQLVariables,
} from './types'

/**
 * Creates a handler for one operation type. `Query` and `Variables` come from a typed
 * document (TypedDocumentNode, TypedDocumentString, graphql-js TypedQueryDocumentNode) or
 * are given explicitly: `graphql.query<ListPostsQuery, ListPostsQueryVariables>('ListPosts', ...)`.
 * A document whose types are known to be of another operation type (a mutation document
 * given to `query`) is a type error (see OperationTypeCheck). A name, a RegExp or a custom
 * predicate is not checked so: TypeScript cannot decide the check for a wrapper generic in
 * `Query` and `Variables` (`graphql.query<Q, V>(name, …)` inside a function of its own), and
 * such wrappers, written for MSW, must compile.
 */
export type GraphQLRequestHandler<Type extends GraphQLOperationType = GraphQLOperationType> = <
  Query extends object | null = GraphQLQuery,
  Variables extends object = GraphQLVariables,
>(
  predicate:
    | string
    | RegExp
    | GraphQLCustomPredicate
    | (GraphQLPredicate<Query, Variables> & NoInfer<OperationTypeCheck<Type, Query, Variables>>),
  resolver: GraphQLResponseResolver<NoInfer<Query>, Variables>,
  options?: RequestHandlerOptions,
) => GraphQLHandler<Query, Variables>

/** Creates a handler for every operation, anonymous ones included. */
export type GraphQLOperationHandler = <
  Query extends object | null = GraphQLQuery,
  Variables extends object = GraphQLVariables,
>(
  resolver: GraphQLResponseResolver<Query, Variables>,
  options?: RequestHandlerOptions,
) => GraphQLHandler<Query, Variables>

/** The handler factories, unscoped or scoped to one endpoint. */
export interface GraphQLHandlers {
  /** Intercepts queries by name, RegExp, document or predicate. */
  query: GraphQLRequestHandler<'query'>
  /** Intercepts mutations by name, RegExp, document or predicate. */
  mutation: GraphQLRequestHandler<'mutation'>
  /** Intercepts every operation, anonymous ones included. */
  operation: GraphQLOperationHandler
}

export type GraphQLLinkHandlers = GraphQLHandlers

/**
 * A link typed by an operation map (as the mocklib codegen plugin generates it): `query()` and
 * `mutation()` take the map's names of their type, and type `variables` and `data` from it.
 */
export interface TypedGraphQLLinkHandlers<Operations extends GraphQLOperationMap> {
  query: TypedGraphQLRequestHandler<Operations, 'query'>
  mutation: TypedGraphQLRequestHandler<Operations, 'mutation'>
  operation: GraphQLOperationHandler
}

export interface GraphQLNamespace extends GraphQLHandlers {
  /**
   * Scopes handlers to one GraphQL endpoint (an absolute URL, a path relative to the page,
   * a wildcard pattern or a RegExp), for apps that talk to several GraphQL servers.
   */
  link(endpoint: string | RegExp): GraphQLLinkHandlers
  /** A link typed by an operation map: `graphql.link<Operations>(url)`. */
  link<Operations extends GraphQLOperationMap>(endpoint: string | RegExp): TypedGraphQLLinkHandlers<Operations>
}

function handlers(endpoint: string | RegExp | undefined): GraphQLHandlers {
  return {
    query: (predicate, resolver, options) => new GraphQLHandler('query', predicate, endpoint, resolver, options),
    mutation: (predicate, resolver, options) => new GraphQLHandler('mutation', predicate, endpoint, resolver, options),
    operation: (resolver, options) => {
      if (typeof resolver !== 'function')
        throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', graphqlMessages.operationNeedsResolver(resolver))
      return new GraphQLHandler('all', undefined, endpoint, resolver, options)
    },
  }
}

/**
 * GraphQL handlers: `graphql.query('ListPosts', () => HttpResponse.json({ data: { posts } }))`.
 * Without a link, a handler takes its operation wherever it is sent (SPEC section 4.2 rule 1).
 */
export const graphql: GraphQLNamespace = {
  ...handlers(undefined),
  link(endpoint: string | RegExp): GraphQLLinkHandlers {
    // Checked here, so a bad endpoint is reported where the link is defined.
    compileEndpoint(endpoint)
    return handlers(endpoint)
  },
}
