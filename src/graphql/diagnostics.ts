import type { RequestContext } from '../runtime/request-context'
import type { RequestHandler } from '../runtime/request-handler'
import { asGraphQLHandler, type GraphQLHandlerShape } from './as-graphql-handler'
import { readGraphQLRequest, type ParsedOperation } from './graphql-request'

const kDiagnosed = Symbol('graphql.diagnosed')

/**
 * The GraphQL part of an unhandled-request message, written once per request (the first
 * GraphQL handler in the list writes it, the others stay silent): what the operation is, in
 * GraphQL terms, and the handlers that came closest.
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

  const lines = [`This is the GraphQL ${type} "${name}" (${ctx.request.method} ${ctx.url.href}).`]
  const closest: Array<{ header: string; distance: number }> = []
  for (const handler of handlers) {
    const { type: handlerType, name: handlerName, regexp } = handler.describeMatch()
    const sameName = handlerName === name || (regexp !== undefined && regexp.test(name))
    if (sameName && (handlerType === type || handlerType === 'all')) {
      if (!handler.endpointMatches(ctx)) {
        const why =
          handler.endpoint?.relative && ctx.baseUrl === undefined
            ? 'its endpoint is relative and there is no document URL to resolve it against here; use an absolute URL'
            : `its endpoint does not match ${ctx.cleanUrl}`
        lines.push(`The handler "${handler.info.header}" has this name, but ${why}.`)
      }
      continue
    }
    if (sameName) {
      lines.push(
        `The handler "${handler.info.header}" has this name, but handles ${handlerType} operations: use graphql.${type}().`,
      )
      continue
    }
    if (handlerName === undefined) continue
    const distance = editDistance(handlerName.toLowerCase(), name.toLowerCase())
    if (distance <= Math.max(2, Math.floor(name.length / 4))) closest.push({ header: handler.info.header, distance })
  }
  if (closest.length > 0) {
    closest.sort((a, b) => a.distance - b.distance)
    const unique = [...new Set(closest.map((entry) => `"${entry.header}"`))].slice(0, 3)
    lines.push(`Closest handlers: ${unique.join(', ')}.`)
  }
  return lines
}

/** Levenshtein distance, for "did you mean" hints. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]
}
