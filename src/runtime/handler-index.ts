import type { MaybePromise, IndexFamily, RequestHandler } from './request-handler'
import type { RequestContext } from './request-context'

interface Bucket {
  positions: number[]
  handlers: RequestHandler[]
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
  readonly #always: Bucket = { positions: [], handlers: [] }

  constructor(handlers: readonly RequestHandler[], baseUrl: string | undefined) {
    this.#all = handlers
    for (let position = 0; position < handlers.length; position++) {
      const handler = handlers[position]
      const hint = handler.indexHint(baseUrl)
      if (hint === undefined) {
        this.#always.positions.push(position)
        this.#always.handlers.push(handler)
        continue
      }
      let buckets = this.#families.get(hint.family)
      if (buckets === undefined) this.#families.set(hint.family, (buckets = new Map()))
      let bucket = buckets.get(hint.key)
      if (bucket === undefined) buckets.set(hint.key, (bucket = { positions: [], handlers: [] }))
      bucket.positions.push(position)
      bucket.handlers.push(handler)
    }
  }

  candidates(ctx: RequestContext): MaybePromise<readonly RequestHandler[]> {
    if (this.#families.size === 0) return this.#all
    const found: Bucket[] = this.#always.handlers.length > 0 ? [this.#always] : []
    let pending: Promise<void>[] | undefined
    for (const [family, buckets] of this.#families) {
      const keys = family.requestKeys(ctx)
      if (keys instanceof Promise) {
        ;(pending ??= []).push(keys.then((resolved) => collect(buckets, resolved, found)))
      } else {
        collect(buckets, keys, found)
      }
    }
    if (pending === undefined) return merge(found)
    return Promise.all(pending).then(() => merge(found))
  }
}

function collect(buckets: Map<string, Bucket>, keys: readonly string[] | undefined, into: Bucket[]): void {
  if (keys === undefined) return
  for (const key of keys) {
    const bucket = buckets.get(key)
    if (bucket !== undefined && !into.includes(bucket)) into.push(bucket)
  }
}

/** Merges buckets back into list order. */
function merge(buckets: Bucket[]): readonly RequestHandler[] {
  if (buckets.length === 0) return []
  if (buckets.length === 1) return buckets[0].handlers
  const pairs: Array<[number, RequestHandler]> = []
  for (const bucket of buckets) {
    for (let index = 0; index < bucket.positions.length; index++) {
      pairs.push([bucket.positions[index], bucket.handlers[index]])
    }
  }
  pairs.sort((a, b) => a[0] - b[0])
  return pairs.map((pair) => pair[1])
}
