import { editDistance, type NearMissReason } from '../runtime/near-miss'
import type { RequestContext } from '../runtime/request-context'
import type { RequestHandler } from '../runtime/request-handler'
import { asGraphQLHandler, type GraphQLHandlerShape } from './as-graphql-handler'
import { readGraphQLRequest, type ParsedOperation } from './graphql-request'

const kDiagnosed = Symbol('graphql.diagnosed')

/**
 * The GraphQL part of an unhandled-request message, written once per request (the first
 * GraphQL handler in the list writes it, the others stay silent): what the operation is, in
 * GraphQL terms. Which handler came closest is the near miss's to say (runtime/near-miss.ts).
 */
export async function diagnoseGraphQL(
  ctx: RequestContext,
  handlers: readonly RequestHandler[],
): Promise<string | undefined> {
  const state = ctx.memo(kDiagnosed, () => ({ done: false }))
  if (state.done) return undefined
  state.done = true

  // Handlers that wrap a GraphQL handler count as the handler they wrap.
  const graphqlHandlers = handlers.map(asGraphQLHandler).filter((handler) => handler !== undefined)
  const parsed = await readGraphQLRequest(ctx)
  const atEndpoint = graphqlHandlers.find((handler) => handler.endpoint !== undefined && handler.endpointMatches(ctx))

  switch (parsed.kind) {
    case 'none':
      return atEndpoint === undefined
        ? undefined
        : `The handler "${atEndpoint.info.header}" serves this URL, but this is not a GraphQL request: ${parsed.reason}.`
    case 'invalid':
      return `This looks like a GraphQL request${parsed.operationName ? ` for "${parsed.operationName}"` : ''}, but it could not be read: ${parsed.reason}.`
    case 'batch':
      return `This is a GraphQL batch of ${parsed.entries.length} operations (${parsed.entries
        .map((entry) => (typeof entry.operationName === 'string' ? entry.operationName : 'anonymous'))
        .join(', ')}), and no handler answered any of them.`
    case 'operation':
      return describeOperation(ctx, parsed.operation, graphqlHandlers).join('\n  ')
  }
}

function describeOperation(
  ctx: RequestContext,
  operation: ParsedOperation,
  handlers: readonly GraphQLHandlerShape[],
): string[] {
  const { operationName: name, operationType: type } = operation
  if (operation.persistedQueryNotFound) {
    return [
      `This is a persisted GraphQL query${name ? ` "${name}"` : ''} sent as its hash only (sha256 ${operation.hash?.slice(0, 12)}…), ` +
        'and no handler would take it. Add a handler for the operation, or graphql.operation() to answer every one.',
    ]
  }
  if (type === undefined) {
    const names = operation.available.map((op) => `${op.type} ${op.name ?? '(anonymous)'}`).join(', ')
    return [
      `The request asks for the operation "${name}", which its document does not define (it has: ${names}). Fix "operationName".`,
    ]
  }
  if (name === undefined) {
    const lines = [`This is an anonymous GraphQL ${type}.`]
    if (handlers.some((handler) => handler.operationType !== 'all')) {
      lines.push(
        'query() and mutation() handlers match operations by name: name the operation ' +
          `(${type} MyOperation { ... }), or add graphql.operation(resolver) to answer anonymous operations.`,
      )
    }
    return lines
  }

  const lines = [`This is the GraphQL ${type} "${name}" (${ctx.head.method} ${ctx.url.href}).`]
  for (const handler of handlers) {
    const { name: handlerName, regexp } = handler.describeMatch()
    const sameName = handlerName === name || (regexp !== undefined && regexp.test(name))
    // Other differences are near misses (near-miss.ts); this one has no URL to compare with.
    if (sameName && handler.endpoint?.relative === true && ctx.baseUrl === undefined) {
      lines.push(
        `The handler "${handler.info.header}" has this name, but its endpoint is relative and there is no ` +
          'document URL to resolve it against here; use an absolute URL.',
      )
    }
  }
  return lines
}

/**
 * How an operation differs from what a GraphQL handler takes, for near misses: its graphql.link()
 * endpoint, the operation type, and a name a few edits away. `[]` when the handler takes it by
 * these; undefined when the names are far apart or the handler matches by a predicate or hash.
 */
export function operationDifferences(
  handler: GraphQLHandlerShape,
  ctx: RequestContext,
  operation: ParsedOperation,
): NearMissReason[] | undefined {
  const { operationName: name, operationType: type } = operation
  if (type === undefined || operation.persistedQueryNotFound) return undefined
  const { type: handlerType, name: handlerName, regexp } = handler.describeMatch()
  const reasons: NearMissReason[] = []
  if (handler.endpoint !== undefined && !handler.endpointMatches(ctx)) {
    if (handler.endpoint.relative && ctx.baseUrl === undefined) return undefined // diagnose() says why
    reasons.push({ kind: 'endpoint', expected: handler.endpoint.source, received: ctx.cleanUrl })
  }
  if (handlerType !== 'all' && handlerType !== type)
    reasons.push({ kind: 'operation-type', expected: handlerType, received: type })
  if (handlerName !== undefined) {
    if (name === undefined) return undefined // anonymous: diagnose() points to graphql.operation()
    if (handlerName !== name) {
      const distance = editDistance(handlerName.toLowerCase(), name.toLowerCase())
      if (distance > Math.max(2, Math.floor(name.length / 4))) return undefined
      reasons.push({ kind: 'operation-name', expected: handlerName, received: name, distance })
    }
  } else if (regexp !== undefined ? !regexp.test(name ?? '') : handlerType !== 'all') {
    return undefined
  }
  return reasons
}
