import { matchRequestUrl } from '../rest/match-request-url'
import { handlerPath, type Operation } from './operations'

/** What a request is, for a document: one of its operations, a path under its servers it does not declare, or neither. */
export type LookupResult = { operation: Operation } | { undeclared: string } | undefined

/**
 * Finds the operation a request is for, matching as the document's own handlers do (server URL +
 * path template + method), so an answer from any handler can be checked against it.
 */
export class OperationLookup {
  private readonly byMethod = new Map<string, Operation[]>()
  private readonly servers: string[]

  constructor(operations: readonly Operation[]) {
    // A concrete path wins over a template that also matches it (/pets/mine over /pets/{petId}), as OpenAPI says.
    const ordered = [...operations].sort((a, b) => templated(a.path) - templated(b.path))
    for (const operation of ordered) {
      const list = this.byMethod.get(operation.method) ?? []
      list.push(operation)
      this.byMethod.set(operation.method, list)
    }
    this.servers = [...new Set(operations.map((operation) => operation.server))]
  }

  find(request: Request): LookupResult {
    const url = new URL(request.url)
    const method = request.method.toLowerCase()
    const operation = this.byMethod
      .get(method)
      ?.find((candidate) => matchRequestUrl(url, handlerPath(candidate)).matches)
    if (operation !== undefined) return { operation }
    const server = this.servers.find((candidate) => matchRequestUrl(url, `${candidate}/*`).matches)
    return server === undefined ? undefined : { undeclared: server }
  }
}

const templated = (path: string): number => path.split('{').length - 1
