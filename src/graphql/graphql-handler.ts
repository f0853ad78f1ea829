import { requestCookies } from '../rest/cookies'
import { BoundedCache } from '../runtime/bounded-cache'
import type { NeverTo } from '../runtime/never-fallback'
import { HttpResponse } from '../runtime/http-response'
import type { MemberArgs } from '../runtime/handler-members'
import { RequestContext } from '../runtime/request-context'
import type { RequestExpander } from '../runtime/request-expander'
import {
  RequestHandler,
  type HandlerInfo,
  type IndexFamily,
  type IndexHint,
  type MaybePromise,
  type RequestHandlerOptions,
} from '../runtime/request-handler'
import type { Match } from '../rest/match-request-url'
import type { NearMissReason } from '../runtime/near-miss'
import type { GraphQLHandlerShape } from './as-graphql-handler'
import { graphqlBatchExpander } from './batch'
import { compilePredicate, type CompiledPredicate, type HandlerOperationType } from './compile-predicate'
import { negotiateResponse } from './content-negotiation'
import { graphqlSseTokenOf } from './event-stream-result'
import { diagnoseGraphQL, operationDifferences } from './diagnostics'
import { compileEndpoint, type CompiledEndpoint } from './endpoint'
import { headerOf } from './handler-header'
import { graphqlMessages } from './messages'
import { readGraphQLRequest, type ParsedGraphQLRequest, type ParsedOperation } from './graphql-request'
import { mayBeGraphQLRequest } from './request-params'
import { persistedQueryNotFoundBody, sha256Hex } from './persisted-queries'
import type {
  GraphQLCustomPredicate,
  GraphQLExtensions,
  GraphQLOperationType,
  GraphQLPredicate,
  GraphQLQuery,
  GraphQLResolverInfo,
  GraphQLResponseBody,
  GraphQLResponseResolver,
  GraphQLVariables,
} from './types'

/**
 * Handlers indexed by operation name: a request's key is the name of the operation it
 * selects, so 200 named handlers cost one lookup, not 200 predicate calls.
 */
export const operationNameFamily: IndexFamily = {
  name: 'graphql-operation',
  requestKeys(ctx) {
    // Deferred: the body is read only when resolution reaches the first named handler, and
    // never for a request that cannot be GraphQL.
    if (!mayBeGraphQLRequest(ctx)) return undefined
    return () =>
      readGraphQLRequest(ctx).then((parsed) =>
        parsed.kind === 'operation' && parsed.operation.operationName !== undefined
          ? [parsed.operation.operationName]
          : undefined,
      )
  },
}

/**
 * Linked handlers are indexed by operation name too, in one family per endpoint: a request's
 * URL is checked first, so the body of a request to another URL is never read for them.
 */
const linkedFamilies = new BoundedCache<string, IndexFamily>(500)

function linkedOperationFamily(endpoint: CompiledEndpoint): IndexFamily {
  return linkedFamilies.getOrCreate(endpoint.key, () => ({
    name: `graphql-operation ${endpoint.key}`,
    requestKeys: (ctx) => (endpoint.matches(ctx) ? operationNameFamily.requestKeys(ctx) : undefined),
  }))
}

const kQueryHash = Symbol('graphql.queryHash')

/**
 * What `GraphQLHandler.parse()` gives `predicate()` and `extendResolverArgs()` (MSW's shape): the
 * endpoint match and cookies, and the operation when the request carries one.
 */
export interface GraphQLRequestParsedResult {
  match: Match
  cookies: Record<string, string>
  query?: string
  operationType?: GraphQLOperationType
  operationName?: string
  variables?: GraphQLVariables
  extensions?: GraphQLExtensions
}

/** A GraphQL handler's info: MSW's `operationType` and `operationName` beside the header. */
export interface GraphQLHandlerInfo extends HandlerInfo {
  /** 'query', 'mutation', or 'all' for graphql.operation(). */
  readonly operationType: HandlerOperationType
  /**
   * The name, RegExp or custom predicate it matches by (a persisted document's hash; a match-all RegExp for every
   * operation).
   */
  readonly operationName: string | RegExp | ((...args: never[]) => unknown)
}

/**
 * Handles GraphQL operations sent over HTTP (GET or POST, JSON, multipart, persisted
 * queries, batch entries), matched by operation type and name, a RegExp, a document, a hash
 * or a custom predicate, optionally only at one endpoint (`graphql.link`).
 */
export class GraphQLHandler<Query extends object | null = GraphQLQuery, Variables extends object = GraphQLVariables>
  extends RequestHandler<GraphQLResolverInfo<Variables>, GraphQLResponseBody<NeverTo<Query, GraphQLQuery>>>
  implements GraphQLHandlerShape
{
  override readonly kind = 'graphql'
  declare readonly info: GraphQLHandlerInfo
  /** @internal Splits batches (the pipeline's business, not users'). */
  override readonly expander: RequestExpander = graphqlBatchExpander
  /** 'query', 'mutation', 'subscription', or 'all' for graphql.operation(). */
  readonly operationType: HandlerOperationType
  /** The name this handler matches, when it matches one name. */
  readonly operationName: string | undefined
  /** @internal The graphql.link() endpoint, compiled. */
  readonly endpoint: CompiledEndpoint | undefined
  readonly #predicate: CompiledPredicate

  constructor(
    operationType: HandlerOperationType,
    predicate: GraphQLPredicate<Query, Variables> | undefined,
    endpoint: string | RegExp | undefined,
    resolver: GraphQLResponseResolver<Query, Variables>,
    options?: RequestHandlerOptions,
  ) {
    const compiledEndpoint = endpoint === undefined ? undefined : compileEndpoint(endpoint)
    const api = `${compiledEndpoint === undefined ? 'graphql' : 'graphql.link(...)'}.${operationType === 'all' ? 'operation' : operationType}()`
    const compiled: CompiledPredicate =
      operationType === 'all' ? { kind: 'all' } : compilePredicate(api, operationType, predicate)
    super(headerOf(operationType, compiled, compiledEndpoint), resolver, options)
    Object.assign(this.info, { operationType, operationName: infoName(compiled) })
    this.operationType = operationType
    this.operationName = compiled.kind === 'name' ? compiled.name : undefined
    this.endpoint = compiledEndpoint
    this.#predicate = compiled
  }

  /** Named handlers are found by operation name; linked ones only for requests to their endpoint. */
  override indexHint(): IndexHint | undefined {
    if (this.operationName === undefined) return undefined
    const family = this.endpoint === undefined ? operationNameFamily : linkedOperationFamily(this.endpoint)
    return { family, key: this.operationName }
  }

  /** @internal True when a request to this URL may be for this handler (always, without a link). */
  endpointMatches(ctx: RequestContext): boolean {
    return this.endpoint === undefined || this.endpoint.matches(ctx)
  }

  override match(ctx: RequestContext): MaybePromise<GraphQLResolverInfo<Variables> | Response | null> {
    // Scoped handlers do not read the bodies of requests to other URLs.
    if (!this.endpointMatches(ctx)) return null
    // An operation posted to a graphql-sse stream: subscription handlers run it (and ask this one).
    if (graphqlSseTokenOf(ctx).header !== null) return null
    return readGraphQLRequest(ctx).then((parsed) => this.#matchParsed(ctx, parsed))
  }

  /** MSW's parse(): the endpoint match, the cookies, and the operation the request carries. */
  override async parse(args: MemberArgs): Promise<GraphQLRequestParsedResult> {
    const ctx = RequestContext.of(args.request, args.resolutionContext)
    const result: GraphQLRequestParsedResult = {
      match: { matches: this.endpointMatches(ctx), params: {} },
      cookies: { ...requestCookies(ctx) },
    }
    if (!result.match.matches) return result
    const parsed = await readGraphQLRequest(ctx)
    if (parsed.kind !== 'operation' || parsed.operation.operationType === undefined) return result
    const { query, operationType, operationName, variables, extensions } = parsed.operation
    return { ...result, query, operationType, operationName, variables, extensions }
  }

  /** MSW's predicate(): whether this handler takes the operation (endpoint, type, name or predicate). */
  override predicate(args: MemberArgs & { parsedResult: GraphQLRequestParsedResult }): MaybePromise<boolean> {
    const matched = GraphQLHandler.prototype.match.call(this, RequestContext.of(args.request, args.resolutionContext))
    return matched instanceof Promise ? matched.then((found) => found !== null) : matched !== null
  }

  /** MSW's extendResolverArgs(): the operation's parts and the cookies. */
  override extendResolverArgs(args: {
    request: Request
    parsedResult: GraphQLRequestParsedResult
  }): Omit<GraphQLResolverInfo<Variables>, 'request' | 'requestId'> {
    const {
      query = '',
      operationType = 'query',
      operationName = '',
      variables = {},
      extensions = {},
      cookies,
    } = args.parsedResult
    return { query, operationType, operationName, variables: variables as Variables, extensions, cookies }
  }

  async #matchParsed(
    ctx: RequestContext,
    parsed: ParsedGraphQLRequest,
  ): Promise<GraphQLResolverInfo<Variables> | Response | null> {
    if (parsed.kind !== 'operation') return null
    const operation = parsed.operation
    const predicate = this.#predicate

    if (predicate.kind === 'hash') {
      if (operation.hash !== predicate.hash && !(await this.#queryHashIs(ctx, operation, predicate.hash))) return null
      if (
        operation.operationType !== undefined &&
        this.operationType !== 'all' &&
        operation.operationType !== this.operationType
      )
        return null
      return this.#answer(ctx, operation)
    }

    if (operation.persistedQueryNotFound) {
      // The hash is unknown: the handler that would take this operation asks for the full
      // query, as an APQ server does; the client retries with it.
      const wouldTake =
        predicate.kind === 'all' ||
        (operation.operationName !== undefined && this.#nameMatches(operation.operationName))
      return wouldTake ? HttpResponse.json(persistedQueryNotFoundBody()) : null
    }

    if (operation.operationType === undefined) return null
    if (this.operationType !== 'all' && operation.operationType !== this.operationType) return null
    if (predicate.kind === 'custom') {
      // A custom predicate is given usable variables only: it cannot tell whether it would take the rest.
      if (operation.problem !== undefined) return null
      const result = await (predicate.predicate as GraphQLCustomPredicate)({
        // A copy, as for REST predicates: reading it leaves the body to the resolver and a passthrough.
        request: ctx.requestForResolver(),
        query: operation.query,
        operationType: operation.operationType,
        operationName: operation.operationName ?? '',
        variables: operation.variables,
        extensions: operation.extensions ?? {},
        cookies: { ...requestCookies(ctx) },
      })
      const matches = typeof result === 'object' && result !== null ? result.matches : result === true
      if (!matches) return null
    } else if (predicate.kind !== 'all') {
      if (operation.operationName === undefined || !this.#nameMatches(operation.operationName)) return null
    }
    return this.#answer(ctx, operation)
  }

  #nameMatches(name: string): boolean {
    const predicate = this.#predicate
    if (predicate.kind === 'name') return predicate.name === name
    if (predicate.kind === 'regexp') return predicate.regexp.test(name)
    return predicate.kind === 'all'
  }

  async #queryHashIs(ctx: RequestContext, operation: ParsedOperation, hash: string): Promise<boolean> {
    if (operation.query === '') return false
    return (await ctx.memo(kQueryHash, () => sha256Hex(operation.query))) === hash
  }

  #answer(ctx: RequestContext, operation: ParsedOperation): GraphQLResolverInfo<Variables> | Response {
    const operationType = operation.operationType ?? (this.operationType === 'all' ? 'query' : this.operationType)
    if (operation.problem !== undefined) {
      // GraphQL over HTTP: request parameters that cannot be used make a 400, not a silent miss.
      return HttpResponse.json(
        {
          errors: [
            { message: graphqlMessages.unusableParams(this.info.header, operation.operationName, operation.problem) },
          ],
        },
        { status: 400 },
      )
    }
    if (operationType === 'mutation' && ctx.head.method === 'GET') {
      // GraphQL over HTTP: a mutation is never executed for a GET request; 405 names POST.
      return HttpResponse.json(
        { errors: [{ message: graphqlMessages.getMutation(this.info.header, operation.operationName) }] },
        { status: 405, headers: { allow: 'POST' } },
      )
    }
    ctx.logTitle = `${operationType} ${operation.operationName ?? 'anonymous operation'}`
    return ctx.withRequest<GraphQLResolverInfo<Variables>>({
      requestId: ctx.requestId,
      query: operation.query,
      variables: operation.variables as Variables,
      operationName: operation.operationName ?? '',
      operationType,
      extensions: operation.extensions ?? {},
      cookies: { ...requestCookies(ctx) },
    })
  }

  override finalizeResponse(response: Response, ctx: RequestContext): Response {
    return negotiateResponse(response, ctx.head)
  }

  override diagnose(ctx: RequestContext, handlers?: readonly RequestHandler[]): Promise<string | undefined> {
    return diagnoseGraphQL(ctx, handlers ?? [this])
  }

  /** @internal The endpoint, operation type and name in which an operation differs (near-miss.ts). */
  override compare(ctx: RequestContext): Promise<NearMissReason[] | undefined> | undefined {
    if (!mayBeGraphQLRequest(ctx)) return undefined
    return readGraphQLRequest(ctx).then((parsed) =>
      parsed.kind === 'operation' ? operationDifferences(this, ctx, parsed.operation) : undefined,
    )
  }

  /** @internal What this handler matches by name, for diagnostics. */
  describeMatch(): { type: HandlerOperationType; name: string | undefined; regexp: RegExp | undefined } {
    const predicate = this.#predicate
    return {
      type: this.operationType,
      name: predicate.kind === 'name' ? predicate.name : undefined,
      regexp: predicate.kind === 'regexp' ? predicate.regexp : undefined,
    }
  }
}

/** The operation name as MSW's info gives it: a name, a RegExp, a function; a match-all RegExp for every operation. */
function infoName(compiled: CompiledPredicate): GraphQLHandlerInfo['operationName'] {
  switch (compiled.kind) {
    case 'name':
      return compiled.name
    case 'regexp':
      return compiled.regexp
    case 'custom':
      return compiled.predicate as (...args: never[]) => unknown
    case 'hash':
      return compiled.hash
    case 'all':
      return /.*/
  }
}
