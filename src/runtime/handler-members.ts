import type { MaybePromise } from './maybe-promise'
import { RequestContext } from './request-context'

/**
 * MSW's overridable handler members. A handler kind of mocklib matches with one compiled
 * `match()`; a subclass written for MSW overrides these instead, so a class that does gets
 * a `match()` that calls them, in MSW's order (parse, predicate, extendResolverArgs). Decided
 * once per class, when its first instance is made: classes that override nothing keep the
 * compiled path.
 */
export interface MemberHandler {
  parse(args: MemberArgs): MaybePromise<unknown>
  predicate(args: MemberArgs & { parsedResult: unknown }): MaybePromise<boolean>
  extendResolverArgs(args: { request: Request; parsedResult: unknown }): object
}

/** What MSW passes its members: the request, and where relative paths resolve. */
export interface MemberArgs {
  request: Request
  resolutionContext?: { baseUrl?: string }
}

const MATCH_MEMBERS = ['parse', 'predicate', 'extendResolverArgs'] as const
/** Members that decide what matches: a class overriding one cannot be found by an index key. */
const DECIDING_MEMBERS = ['parse', 'predicate'] as const

const kOwnRun = Symbol('mocklib.ownRun')
const adopted = new WeakSet<object>()

/**
 * Looks at a handler class once: when it (or a class between it and the one that defines
 * `match()`) overrides a member, its prototype gets a `match()` that calls the members, and
 * no index hint when what matches is its own. An overridden `run()` is marked so the
 * resolution loop calls it, as MSW's loop does. `baseRun` is RequestHandler's own.
 */
export function adoptOverrides(prototype: object, baseRun: unknown): void {
  if (adopted.has(prototype)) return
  adopted.add(prototype)
  const owner = ownerOf(prototype, 'match')
  if (owner !== undefined && owner !== prototype) {
    const differs = (name: string) => get(prototype, name) !== get(owner, name)
    if (MATCH_MEMBERS.some(differs)) {
      define(prototype, 'match', matchByMembers)
      if (DECIDING_MEMBERS.some(differs) && !Object.hasOwn(prototype, 'indexHint'))
        define(prototype, 'indexHint', () => undefined)
    }
  }
  if (get(prototype, 'run') !== baseRun) define(prototype, kOwnRun, true)
}

/** Whether the handler's class overrides `run()`: the loop then calls it instead of matching. */
export function hasOwnRun(handler: object): boolean {
  return (handler as { [kOwnRun]?: boolean })[kOwnRun] === true
}

/**
 * MSW's resolution of one handler: parse, predicate, then the resolver's extra arguments.
 * The members get a request whose body they may read (a copy, for a request with a body);
 * the built-in members find this request's context through it (`RequestContext.of`).
 */
export async function matchByMembers(this: MemberHandler, ctx: RequestContext): Promise<object | null> {
  const request = ctx.requestForResolver()
  RequestContext.register(request, ctx)
  const resolutionContext = { baseUrl: ctx.baseUrl }
  const parsedResult = await parseOnce(this, ctx, request)
  if (!(await this.predicate({ request, parsedResult, resolutionContext }))) return null
  const extras = this.extendResolverArgs({ request, parsedResult })
  return ctx.withRequest({ ...extras, requestId: ctx.requestId })
}

const parsedKeys = new WeakMap<object, object>()

/**
 * The handler's `parse()` result for this request, computed once: matching and `run()`'s
 * result (MSW's `parsedResult`) share it. `request` is the copy the members read.
 */
export function parseOnce(
  handler: Pick<MemberHandler, 'parse'>,
  ctx: RequestContext,
  request: Request,
): MaybePromise<unknown> {
  let key = parsedKeys.get(handler)
  if (key === undefined) parsedKeys.set(handler, (key = {}))
  return ctx.memo(key, () => handler.parse({ request, resolutionContext: { baseUrl: ctx.baseUrl } }))
}

function ownerOf(prototype: object, name: string): object | undefined {
  for (
    let current: object | null = prototype;
    current !== null;
    current = Object.getPrototypeOf(current) as object | null
  ) {
    if (Object.hasOwn(current, name)) return current
  }
  return undefined
}

function get(target: object, name: string): unknown {
  return (target as Record<string, unknown>)[name]
}

function define(target: object, key: string | symbol, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false })
}
