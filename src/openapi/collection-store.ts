import { problem, PROBLEM_CONTENT_TYPE } from '../control/problem'
import { HttpResponse } from '../runtime/http-response'
import type { MaybePromise } from '../runtime/maybe-promise'
import { answerFor, answerOf, respond, type AnswerContext } from './answer'
import type { JsonObject } from './document'
import type { Collection, CollectionRole } from './collections'
import { openApiMessages } from './messages'
import type { Operation } from './operations'

type Item = JsonObject

/**
 * The items of every collection of one document in one scope (a server, a boundary), each
 * collection seeded on first use: from the `collections` option, else from its list operation's
 * answer (its example or generated data). `resetHandlers()` starts a new store.
 */
export class CollectionStore {
  readonly #items = new Map<Collection, Map<string, Item>>()

  constructor(private readonly seed: (collection: Collection) => unknown) {}

  of(collection: Collection): Map<string, Item> {
    let items = this.#items.get(collection)
    if (items === undefined) {
      items = new Map()
      const seeded = this.seed(collection)
      for (const [index, value] of (Array.isArray(seeded) ? seeded : []).entries()) {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) continue
        const item = { ...(value as Item) }
        item[collection.idKey] ??= index + 1
        items.set(String(item[collection.idKey]), item)
      }
      this.#items.set(collection, items)
    }
    return items
  }
}

/** What one request does to a collection, and the answer: the operation's first 2xx with the item(s). */
export function collectionAnswer(
  context: AnswerContext,
  store: CollectionStore,
  [role, collection]: [CollectionRole, Collection],
  operation: Operation,
  request: { url: string; pathParams: Record<string, string | readonly string[] | undefined>; body: unknown },
): MaybePromise<Response> {
  const items = store.of(collection)
  const answer = answerOf(context, operation, {})
  const body = isItem(request.body) ? request.body : {}
  if (role === 'list') return respond(answer, [...items.values()])
  if (role === 'create') {
    const base = answer.mediaType === undefined ? undefined : answer.value()
    const item: Item = { ...(isItem(base) ? base : {}), ...body }
    item[collection.idKey] = body[collection.idKey] ?? nextId(items, collection, base)
    items.set(String(item[collection.idKey]), item)
    const declaresLocation = Object.keys(answer.headers()).some((name) => name.toLowerCase() === 'location')
    const named = answer.status === 201 || declaresLocation
    return respond(answer, item, named ? { Location: itemUrl(request.url, item[collection.idKey]) } : {})
  }
  const id = String(request.pathParams[collection.idParam])
  const existing = items.get(id)
  if (existing === undefined) return notFound(context, operation, collection, id)
  const kept = { [collection.idKey]: existing[collection.idKey] }
  if (role === 'delete') items.delete(id)
  else if (role === 'update') items.set(id, { ...existing, ...body, ...kept })
  else if (role === 'replace') items.set(id, { ...body, ...kept })
  return respond(answer, items.get(id) ?? existing)
}

/** The URL of a collection's new item: the collection's URL (the request's, without its query) and the id. */
function itemUrl(collectionUrl: string, id: unknown): string {
  const url = new URL(collectionUrl)
  url.search = ''
  url.hash = ''
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(String(id))}`
  return url.href
}

/** The next id: a number past the largest, else a UUID or a string counting the items. */
function nextId(items: Map<string, Item>, collection: Collection, sample: unknown): unknown {
  const ids = [...items.values()].map((item) => item[collection.idKey])
  const model = isItem(sample) ? sample[collection.idKey] : ids[0]
  if (typeof model === 'number' || (model === undefined && ids.every((id) => typeof id === 'number'))) {
    return Math.max(0, ...ids.filter((id): id is number => typeof id === 'number')) + 1
  }
  const uuid = typeof model === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(model)
  for (let count = items.size + 1; ; count++) {
    const id = uuid ? `00000000-0000-4000-8000-${count.toString(16).padStart(12, '0')}` : String(count)
    if (!items.has(id)) return id
  }
}

/** The operation's declared 404 (or 4XX, or default) answer, else a problem document naming the item. */
function notFound(
  context: AnswerContext,
  operation: Operation,
  collection: Collection,
  id: string,
): MaybePromise<Response> {
  if (['404', '4XX', 'default'].some((key) => key in operation.responses)) {
    return answerFor(context, operation, { status: 404 })
  }
  const detail = openApiMessages.noSuchItem(operation.label, collection.path, id)
  return HttpResponse.json(problem(404, detail), { status: 404, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE } })
}

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value)
