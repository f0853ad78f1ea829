import { MocklibTypeError } from './errors'
import { executeHandlers, loopOfRun } from './execute-handlers'
import { parseOnce, type MemberHandler } from './handler-members'
import { directStore } from './handler-state'
import { passthrough } from './passthrough'
import { RequestContext } from './request-context'
import type { HandlerShape } from './handler-shape'

/** Where a handler is tried outside a server: MSW's `test()` / `run()` arguments. */
export interface HandlerRunArgs {
  request: Request
  requestId?: string
  /** `baseUrl` resolves relative handler paths, as in `getResponse()`. */
  resolutionContext?: { baseUrl?: string }
}

/** What a handler's `parse()` gives (`unknown` for a handler without one). */
export type ParsedResultOf<Handler> = Handler extends { parse(...args: never[]): infer Result }
  ? Awaited<Result>
  : unknown

/** What `handler.run()` resolves to when the handler took the request. */
export interface HandlerRunResult<Handler extends HandlerShape = HandlerShape> {
  handler: Handler
  /**
   * What the handler's `parse()` read off the request, as in MSW: the result matching used
   * (a subclass matched through its members), else parsed now (mocklib's handler kinds match
   * without it, so an `http` custom predicate runs once more).
   */
  parsedResult: ParsedResultOf<Handler>
  request: Request
  requestId: string
  /** The answer; `undefined` when the resolver fell through; the `passthrough()` marker for a passthrough. */
  response: Response | undefined
}

let counter = 0

function contextFor(args: HandlerRunArgs, api: string): RequestContext {
  if (!(args?.request instanceof Request)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      `[mocklib] handler.${api}({ request }) needs a Fetch API Request.`,
    )
  }
  return new RequestContext(args.request, args.requestId ?? `direct-${++counter}`, args.resolutionContext?.baseUrl)
}

/** Whether the handler would take the request (its method, path or operation, its predicate). */
export async function testHandler(handler: HandlerShape, args: HandlerRunArgs): Promise<boolean> {
  const ctx = contextFor(args, 'test')
  try {
    return (await handler.match(ctx)) !== null
  } finally {
    // A predicate or member that read the body read a copy: the request gets its own members back.
    ctx.adoptHeaderEdits()
  }
}

/**
 * Runs one handler against a request, outside any server, with the state (`once`, generator
 * progress) that `getResponse()` also uses. Resolves to `null` when the handler does not
 * take the request; a resolver's exception rejects.
 */
export async function runHandler<Handler extends HandlerShape>(
  handler: Handler,
  args: HandlerRunArgs,
): Promise<HandlerRunResult<Handler> | null> {
  // Called by a subclass's own run() that a server's loop called: that request's context and scope.
  const loop = loopOfRun(args?.request)
  const ctx = loop?.ctx ?? contextFor(args, 'run')
  const outcome = await executeHandlers([handler], ctx, loop?.store ?? directStore, { direct: true })
  if (outcome.type === 'unhandled') return null
  if (outcome.type === 'exception') throw outcome.error
  const parsedResult = await parsedResultOf(handler, ctx)
  const result = { handler, request: ctx.request, requestId: ctx.requestId, parsedResult }
  switch (outcome.type) {
    case 'mocked':
      return { ...result, response: outcome.response }
    case 'passthrough':
      return { ...result, response: passthrough() }
    case 'fallthrough':
      return { ...result, response: undefined }
  }
}

async function parsedResultOf<Handler extends HandlerShape>(
  handler: Handler,
  ctx: RequestContext,
): Promise<ParsedResultOf<Handler>> {
  const parse = (handler as Partial<Pick<MemberHandler, 'parse'>>).parse
  if (typeof parse !== 'function') return undefined as ParsedResultOf<Handler>
  const request = ctx.requestForResolver()
  RequestContext.register(request, ctx)
  try {
    return (await parseOnce(
      handler as unknown as Pick<MemberHandler, 'parse'>,
      ctx,
      request,
    )) as ParsedResultOf<Handler>
  } finally {
    // The caller's request gets its own body members back, as after matching and the resolver.
    ctx.adoptHeaderEdits()
  }
}
