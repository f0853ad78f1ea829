import { BoundedCache } from '../../runtime/bounded-cache'
import { currentScopes } from '../../runtime/current-scope'
import type { RequestContext } from '../../runtime/request-context'
import { RequestHandler } from '../../runtime/request-handler'
import type { SchemaOverrides } from './types'

/**
 * Override layers noted for requests in flight, by request id. The executor's resolver only
 * sees the request id (not the handler list), so the handlers leave their layers here.
 * Entries are taken when the executor answers; the cap drops those of requests it never saw.
 */
const pending = new BoundedCache<string, Array<{ owner: object; overrides: SchemaOverrides }>>(1000)

/**
 * A per-test override of the executor's fields, used as a handler: `server.use(executor.override(...))`.
 * It never answers. While the handler list is tried for a request it notes its layer, and the
 * executor's handler later in the list applies it. Because it lives in the handler list, it goes
 * away with `server.resetHandlers()`, stays inside the `boundary()` that added it, and precedence
 * follows list order (the latest `use()` wins) with no extra call from the test.
 */
export class SchemaOverrideHandler extends RequestHandler {
  override readonly kind = 'schema-override'

  constructor(
    readonly owner: object,
    readonly overrides: SchemaOverrides,
  ) {
    super(`schema override ${describeOverrides(overrides)}`, () => undefined)
  }

  override match(ctx: RequestContext): null {
    let layers = pending.get(ctx.requestId)
    if (layers === undefined) {
      pending.set(ctx.requestId, (layers = []))
    }
    // The same handler may be tried twice for one request (a nested getResponse): note it once.
    if (!layers.some((layer) => layer.overrides === this.overrides && layer.owner === this.owner)) {
      layers.push({ owner: this.owner, overrides: this.overrides })
    }
    return null
  }
}

/** The layers noted for a request, for one executor, in precedence order; the note is consumed. */
export function takeOverrideLayers(requestId: string | undefined, owner: object): SchemaOverrides[] {
  if (requestId === undefined) return []
  const layers = pending.get(requestId)
  if (layers === undefined) return []
  const mine = layers.filter((layer) => layer.owner === owner)
  if (mine.length === layers.length) pending.delete(requestId)
  else
    pending.set(
      requestId,
      layers.filter((layer) => layer.owner !== owner),
    )
  return mine.map((layer) => layer.overrides)
}

/**
 * The layers for work that starts outside the request pipeline (a subscription on a WebSocket
 * connection): `owner`'s override handlers listed before `carrier` (the executor's handler) in
 * the list the code running now uses, in precedence order. Empty when `carrier` is not listed.
 */
export function listedOverrideLayers(carrier: RequestHandler, owner: object): SchemaOverrides[] {
  for (const list of currentScopes()) {
    const handlers = list.current()
    const at = handlers.indexOf(carrier)
    if (at === -1) continue
    // By kind, not instanceof: an override handler of the other build (ESM or CommonJS) is one too.
    return handlers
      .slice(0, at)
      .filter(
        (handler): handler is SchemaOverrideHandler =>
          handler.kind === 'schema-override' && (handler as SchemaOverrideHandler).owner === owner,
      )
      .map((handler) => handler.overrides)
  }
  return []
}

function describeOverrides(overrides: SchemaOverrides): string {
  const fields: string[] = []
  for (const [typeName, map] of Object.entries(overrides)) {
    for (const fieldName of Object.keys(map)) fields.push(`${typeName}.${fieldName}`)
  }
  return fields.join(', ')
}
