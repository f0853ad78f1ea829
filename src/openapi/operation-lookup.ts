import { BoundedCache } from '../runtime/bounded-cache'
import { getDocumentBaseUrl } from '../runtime/environment'
import {
  compilePattern,
  execPattern,
  getCleanUrl,
  normalizeKey,
  urlPrefixes,
  type ResolvedPattern,
} from '../rest/path-pattern'
import { handlerPath, type Operation } from './operations'

/** What a request is, for a document: one of its operations, a path under its servers it does not declare, or neither. */
export type LookupResult = { operation: Operation } | { undeclared: string } | undefined

interface Index {
  baseUrl: string | undefined
  index: Map<string, Candidate[]>
  servers: Array<[string, ResolvedPattern]>
  /**
   * What recent requests (method and clean URL) were found to be: a large document's bucket (all
   * of GitHub's GET /repos/... operations) costs hundreds of RegExp runs, and tests repeat URLs.
   */
  found: BoundedCache<string, { result: LookupResult }>
}

interface Candidate {
  operation: Operation
  pattern: ResolvedPattern
}

/**
 * Finds the operation a request is for, matching as the document's own handlers do (server URL +
 * path template + method), so an answer from any handler can be checked against it. Patterns are
 * indexed by method and literal URL prefix (as the handler list indexes handlers), so a request
 * runs the RegExps of one prefix's operations, not of all; a URL looked up recently is not run again.
 */
export class OperationLookup {
  private built: Index | undefined

  constructor(private readonly operations: readonly Operation[]) {}

  find(request: Request): LookupResult {
    const built = this.index()
    const clean = getCleanUrl(new URL(request.url))
    const method = request.method.toLowerCase()
    return built.found.getOrCreate(`${method} ${clean}`, () => ({ result: this.search(built, method, clean) })).result
  }

  private search({ index, servers }: Index, method: string, clean: string): LookupResult {
    const found: Candidate[] = []
    for (const prefix of [...urlPrefixes(normalizeKey(clean)), ANY]) {
      for (const candidate of index.get(`${method} ${prefix}`) ?? []) {
        if (execPattern(candidate.pattern, clean) !== undefined) found.push(candidate)
      }
    }
    // A concrete path wins over a template that also matches it (/pets/mine over /pets/{petId}), as OpenAPI says.
    const best = found.sort((a, b) => templated(a.operation.path) - templated(b.operation.path))[0]
    if (best !== undefined) return { operation: best.operation }
    const server = servers.find(([, pattern]) => execPattern(pattern, clean) !== undefined)
    return server === undefined ? undefined : { undeclared: server[0] }
  }

  /** Built on first use, and again if the page's base URL (which relative servers resolve against) changed. */
  private index(): Index {
    const baseUrl = getDocumentBaseUrl()
    if (this.built !== undefined && this.built.baseUrl === baseUrl) return this.built
    const index = new Map<string, Candidate[]>()
    for (const operation of this.operations) {
      const pattern = compilePattern(handlerPath(operation)).resolve(baseUrl)
      if (pattern === undefined) continue
      const key = `${operation.method} ${pattern.key ?? pattern.prefix ?? ANY}`
      index.set(key, [...(index.get(key) ?? []), { operation, pattern }])
    }
    const servers: Array<[string, ResolvedPattern]> = []
    for (const server of new Set(this.operations.map((operation) => operation.server))) {
      const pattern = compilePattern(`${server}/*`).resolve(baseUrl)
      if (pattern !== undefined) servers.push([server, pattern])
    }
    this.built = { baseUrl, index, servers, found: new BoundedCache(256) }
    return this.built
  }
}

/** The bucket of patterns without a literal prefix (a wildcard in the authority): tried for every request. */
const ANY = '*'

const templated = (path: string): number => path.split('{').length - 1
