import { isIterator } from '../../runtime/is-iterator'
import { getSetCookies, HttpResponse, kDefaultContentType } from '../../runtime/http-response'
import { isPassthroughResponse } from '../../runtime/passthrough'
import { DelegatingHandler } from '../../runtime/delegating-handler'
import type { MocklibErrorCode } from '../../runtime/errors'
import type { AsyncResponseResolverReturnType, RequestHandler } from '../../runtime/request-handler'
import type { BodyCheckInput, BodyCheckMode, BodyCheckResult } from './body-check'
import { schemaMessages } from './messages'
import type { BodyProblem } from './types'

/** Thrown (strict mode) when a hand-written body does not fit the schema; the request answers 500. */
export class BodyMismatchError extends Error {
  override readonly name = 'BodyMismatchError'
  readonly code: MocklibErrorCode = 'MOCKLIB_BODY_MISMATCH'
  constructor(
    message: string,
    readonly problems: readonly BodyProblem[],
  ) {
    super(message)
  }
}

export interface BodyChecker {
  check(input: BodyCheckInput, data: Record<string, unknown>): Promise<BodyCheckResult>
  /** The mode to use when the handler was wrapped without one (read per request). */
  defaultMode(): BodyCheckMode
}

interface GraphQLResolverArgs extends BodyCheckInput {
  request?: Request
  operationType?: string
}

/**
 * A GraphQL handler whose responses are checked against the schema. It delegates matching,
 * indexing, content negotiation and diagnostics to the handler it wraps, so it behaves exactly
 * like it in the list; only the resolver's answers pass through the check.
 */
export class CheckedHandler extends DelegatingHandler {
  constructor(inner: RequestHandler, checker: BodyChecker, mode: BodyCheckMode | undefined) {
    super(
      inner,
      (args) =>
        checkedResolve(inner, checker, mode, args as unknown as GraphQLResolverArgs) as AsyncResponseResolverReturnType,
    )
  }
}

function checkedResolve(
  inner: RequestHandler,
  checker: BodyChecker,
  mode: BodyCheckMode | undefined,
  args: GraphQLResolverArgs,
): unknown {
  const result = inner.resolver(args as never) as unknown
  const check = (value: unknown) => checkResponse(inner, checker, mode ?? checker.defaultMode(), args, value)
  if (isIterator(result)) return mapIterator(result, check)
  return result instanceof Promise ? result.then(check) : check(result)
}

async function* mapIterator(
  iterator: Iterator<unknown> | AsyncIterator<unknown>,
  check: (value: unknown) => Promise<unknown>,
): AsyncGenerator<unknown, unknown, unknown> {
  while (true) {
    const step = await iterator.next()
    const value = await check(await step.value)
    if (step.done) return value
    yield value
  }
}

async function checkResponse(
  inner: RequestHandler,
  checker: BodyChecker,
  mode: BodyCheckMode,
  args: GraphQLResolverArgs,
  value: unknown,
): Promise<unknown> {
  if (mode === 'off' || !(value instanceof Response)) return value
  if (isPassthroughResponse(value) || value.type === 'error' || value.bodyUsed) return value
  if (!/json/i.test(value.headers.get('content-type') ?? '')) return value
  let body: unknown
  try {
    body = JSON.parse(await value.clone().text())
  } catch {
    return value
  }
  if (!isPlainObject(body) || !isPlainObject(body.data)) return value

  const outcome = await checker.check(args, body.data)
  if (outcome.ok) return rebuild(value, { ...body, data: outcome.data })

  const operation = describeOperation(args)
  if (mode === 'strict') {
    throw new BodyMismatchError(
      schemaMessages.bodyMismatch(inner.info.header, operation, args.request, outcome.problems, 'strict'),
      outcome.problems,
    )
  }
  console.warn(schemaMessages.bodyMismatch(inner.info.header, operation, args.request, outcome.problems, 'warn'))
  return value
}

/** The same response with a new JSON body: status, headers and cookies kept. */
function rebuild(response: Response, body: Record<string, unknown>): Response {
  const defaultType = (response as { [kDefaultContentType]?: boolean })[kDefaultContentType] === true
  const headers: Array<[string, string]> = []
  response.headers.forEach((value, name) => {
    if (name === 'content-length' || name === 'set-cookie') return
    // Leave a content type mocklib chose unset, so the handler's negotiation still applies.
    if (name === 'content-type' && defaultType) return
    headers.push([name, value])
  })
  for (const cookie of getSetCookies(response)) headers.push(['set-cookie', cookie])
  return HttpResponse.json(body, { status: response.status, statusText: response.statusText, headers })
}

function describeOperation(args: GraphQLResolverArgs): string {
  const type = args.operationType ?? 'operation'
  return args.operationName ? `${type} ${args.operationName}` : `anonymous ${type}`
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
