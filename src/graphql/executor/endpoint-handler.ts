import type { RequestContext } from '../../runtime/request-context'
import type { RequestExpander } from '../../runtime/request-expander'
import {
  RequestHandler,
  type HandlerInfo,
  type IndexHint,
  type MaybePromise,
  type ResolverInfoBase,
} from '../../runtime/request-handler'
import type { GraphQLHandler } from '../graphql-handler'
import type { GraphQLQuery } from '../types'
import type { SchemaRequestInfo } from './types'

/**
 * The executor serving a whole endpoint: a `graphql.link(url).operation()` handler, plus what
 * a GraphQL server at that URL also answers and a GraphQL handler does not match: a query with
 * a syntax error (400), an unknown `operationName` or unusable variables (422), a body that is
 * not JSON (400). Only requests to its own endpoint are taken this way, so REST requests with
 * a "query" key elsewhere are never mistaken for broken GraphQL.
 */
export class SchemaEndpointHandler extends RequestHandler {
  readonly kind: string
  override readonly info: HandlerInfo
  override readonly expander: RequestExpander | undefined

  constructor(
    readonly inner: GraphQLHandler<GraphQLQuery, object>,
    private readonly unreadable: (request: Request, message: string) => Response,
  ) {
    super(inner.info.header, inner.resolver as never, inner.options)
    this.kind = inner.kind
    this.info = inner.info
    this.expander = inner.expander
  }

  async match(ctx: RequestContext): Promise<ResolverInfoBase | Response | null> {
    const args = await this.inner.match(ctx)
    if (args !== null || !this.inner.endpointMatches(ctx)) return args
    const params = await readOperationParams(ctx.request)
    if (params === undefined) return null
    if (typeof params === 'string') return this.unreadable(ctx.request, params)
    const info: SchemaRequestInfo & ResolverInfoBase = { ...params, request: ctx.requestForResolver(), requestId: ctx.requestId }
    return info
  }

  override indexHint(): IndexHint | undefined {
    return this.inner.indexHint()
  }

  override finalizeResponse(response: Response, ctx: RequestContext): Response {
    return this.inner.finalizeResponse(response, ctx)
  }

  override diagnose(ctx: RequestContext, handlers?: readonly RequestHandler[]): MaybePromise<string | undefined> {
    return this.inner.diagnose(ctx, handlers)
  }
}

type Params = Pick<SchemaRequestInfo, 'query' | 'variables' | 'operationName'>

/**
 * One operation's parameters (GET query string or POST JSON / application/graphql), read from
 * a clone; a string is why the request cannot be read; undefined means it is not one operation
 * (a batch, another method, no "query").
 */
async function readOperationParams(request: Request): Promise<Params | string | undefined> {
  if (request.method === 'GET') {
    const search = new URL(request.url).searchParams
    const query = search.get('query')
    if (query === null || query === '') return undefined
    const variables = search.get('variables')
    let parsed: unknown
    if (variables !== null && variables !== '') {
      try {
        parsed = JSON.parse(variables)
      } catch {
        return 'The "variables" URL parameter is not valid JSON.'
      }
    }
    return { query, variables: parsed as Params['variables'], operationName: search.get('operationName') }
  }
  if (request.method !== 'POST' || request.body === null) return undefined
  const contentType = (request.headers.get('content-type') ?? '').toLowerCase()
  if (contentType.startsWith('application/graphql') && !contentType.includes('json')) {
    return { query: await request.clone().text() }
  }
  if (contentType !== '' && !contentType.includes('json')) return undefined
  let body: unknown
  try {
    body = JSON.parse(await request.clone().text())
  } catch {
    return 'The request body is not valid JSON.'
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('query' in body)) return undefined
  const { query, variables, operationName } = body as Record<string, unknown>
  return { query: query as string, variables: variables as Params['variables'], operationName: operationName as string | null }
}
