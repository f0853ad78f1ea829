import type { IndexFamily, RequestHandler, RequestKeys } from './request-handler'
import type { RequestContext } from './request-context'

interface Bucket {
  positions: number[]
  handlers: RequestHandler[]
}

/**
 * The handlers worth trying for a request, in list order: a list, or a list in two parts when
 * an index family's keys need work (reading a GraphQL body): `head` holds the handlers before
 * the first one of such a family, and `rest()` does the work and gives the others. Resolution
 * runs `head` first, so a handler there answers without the work being done.
 */
export type Candidates = readonly RequestHandler[] | SplitCandidates

export interface SplitCandidates {
  readonly head: readonly RequestHandler[]
  rest(): Promise<readonly RequestHandler[]>
}

interface Deferred {
  buckets: Map<string, Bucket>
  keys: Promise<RequestKeys> | (() => Promise<RequestKeys>)
}

/**
 * Finds the handlers that can match a request without walking the whole list.
 * Handlers that name one key (a literal URL, an operation name) go into a bucket per key;
 * the rest are always candidates. The result is the exact list-ordered subset the scan
 * would have tried, so precedence is unchanged: first match that answers wins.
 */
export class HandlerIndex {
  readonly #all: readonly RequestHandler[]
  readonly #families = new Map<IndexFamily, Map<string, Bucket>>()
  /** The list position of each family's first handler. */
  readonly #firstPosition = new Map<IndexFamily, number>()
  readonly #always: Bucket = { positions: [], handlers: [] }

  constructor(handlers: readonly RequestHandler[], baseUrl: string | undefined) {
    this.#all = handlers
    for (let position = 0; position < handlers.length; position++) {
      const handler = handlers[position]
      const hint = handler.indexHint(baseUrl)
      if (hint === undefined) {
        add(this.#always, position, handler)
        continue
      }
      let buckets = this.#families.get(hint.family)
      if (buckets === undefined) {
        this.#families.set(hint.family, (buckets = new Map()))
        this.#firstPosition.set(hint.family, position)
      }
      let bucket = buckets.get(hint.key)
      if (bucket === undefined) buckets.set(hint.key, (bucket = { positions: [], handlers: [] }))
      add(bucket, position, handler)
    }
  }

  candidates(ctx: RequestContext): Candidates {
    if (this.#families.size === 0) return this.#all
    const found: Bucket[] = this.#always.handlers.length > 0 ? [this.#always] : []
    let deferred: Deferred[] | undefined
    let cut = Infinity
    for (const [family, buckets] of this.#families) {
      const keys = family.requestKeys(ctx)
      if (keys instanceof Promise || typeof keys === 'function') {
        ;(deferred ??= []).push({ buckets, keys })
        cut = Math.min(cut, this.#firstPosition.get(family) as number)
      } else {
        collect(buckets, keys, found)
      }
    }
    if (deferred === undefined) return merge(found, 0, Infinity)
    const pending = deferred
    return {
      head: merge(found, 0, cut),
      async rest() {
        const keys = await Promise.all(
          pending.map((entry) => (typeof entry.keys === 'function' ? entry.keys() : entry.keys)),
        )
        keys.forEach((resolved, index) => collect(pending[index].buckets, resolved, found))
        return merge(found, cut, Infinity)
      },
    }
  }
}

function add(bucket: Bucket, position: number, handler: RequestHandler): void {
  bucket.positions.push(position)
  bucket.handlers.push(handler)
}

function collect(buckets: Map<string, Bucket>, keys: RequestKeys, into: Bucket[]): void {
  if (keys === undefined) return
  for (const key of keys) {
    const bucket = buckets.get(key)
    if (bucket !== undefined && !into.includes(bucket)) into.push(bucket)
  }
}

/** Merges buckets back into list order, keeping the positions in [from, to). */
function merge(buckets: Bucket[], from: number, to: number): readonly RequestHandler[] {
  if (buckets.length === 0) return []
  if (buckets.length === 1 && from === 0 && to === Infinity) return buckets[0].handlers
  const pairs: Array<[number, RequestHandler]> = []
  for (const bucket of buckets) {
    for (let index = 0; index < bucket.positions.length; index++) {
      const position = bucket.positions[index]
      if (position >= from && position < to) pairs.push([position, bucket.handlers[index]])
    }
  }
  pairs.sort((a, b) => a[0] - b[0])
  return pairs.map((pair) => pair[1])
}
