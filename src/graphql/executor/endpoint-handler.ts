import { DelegatingHandler } from '../../runtime/delegating-handler'
import type { RequestContext } from '../../runtime/request-context'
import type { ResolverInfoBase } from '../../runtime/request-handler'
import type { GraphQLHandler } from '../graphql-handler'
import { readGraphQLRequest } from '../graphql-request'
import type { OperationParams } from '../request-params'
import type { GraphQLQuery } from '../types'
import type { SchemaRequestInfo } from './types'

/**
 * The executor serving a whole endpoint: a `graphql.link(url).operation()` handler, plus what
 * a GraphQL server at that URL also answers and a GraphQL handler does not match: a query with
 * a syntax error (400), an unknown `operationName` (422), a body that is not JSON (400). Only requests to its own
 * endpoint are taken this way, so REST requests with
 * a "query" key elsewhere are never mistaken for broken GraphQL.
 */
export class SchemaEndpointHandler extends DelegatingHandler {
  constructor(
    override readonly inner: GraphQLHandler<GraphQLQuery, object>,
    private readonly unreadable: (request: Request, message: string) => Response,
  ) {
    super(inner)
  }

  override async match(ctx: RequestContext): Promise<ResolverInfoBase | Response | null> {
    const args = await this.inner.match(ctx)
    if (args !== null || !this.inner.endpointMatches(ctx)) return args
    // The request as the handler read it (read once, memoised): no second read of the body.
    const parsed = await readGraphQLRequest(ctx)
    switch (parsed.kind) {
      case 'none':
        return parsed.malformed === true ? this.unreadable(ctx.request, unreadableMessage(parsed.reason)) : null
      case 'invalid':
        // A document that does not parse or has no operation: the executor reports the GraphQL error.
        if (parsed.documentParams === undefined) return this.unreadable(ctx.request, unreadableMessage(parsed.reason))
        return this.#resolverInfo(ctx, parsed.documentParams)
      case 'operation':
        // An operationName the document lacks: the executor answers the request error.
        return this.#resolverInfo(ctx, parsed.operation.params)
      case 'batch':
        return null
    }
  }

  #resolverInfo(ctx: RequestContext, params: OperationParams): SchemaRequestInfo & ResolverInfoBase {
    const { query, variables, operationName } = params
    return ctx.withRequest<SchemaRequestInfo & ResolverInfoBase>({
      query: query as string,
      variables: variables as SchemaRequestInfo['variables'],
      operationName: operationName as string | null | undefined,
      requestId: ctx.requestId,
    })
  }
}

function unreadableMessage(reason: string): string {
  return `The request cannot be read as GraphQL: ${reason}.`
}
