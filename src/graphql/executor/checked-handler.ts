import { getSetCookies, HttpResponse, kDefaultContentType } from '../../runtime/http-response'
import { BodyMismatchError, bodyMismatchMessage, type BodyCheckMode } from '../../runtime/body-mismatch'
import { CheckedHandler } from '../../runtime/checked-handler'
import type { RequestHandler } from '../../runtime/request-handler'
import type { BodyCheckInput, BodyCheckResult } from './body-check'

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
 * A GraphQL handler whose responses are checked against the schema: each JSON answer's `data`
 * runs through the schema and the request's selection, and is sent as a server would serialize it.
 */
export function checkedGraphQLHandler(
  inner: RequestHandler,
  checker: BodyChecker,
  mode: BodyCheckMode | undefined,
): RequestHandler {
  return new CheckedHandler(inner, (args, response) =>
    checkResponse(inner, checker, mode ?? checker.defaultMode(), args as unknown as GraphQLResolverArgs, response),
  )
}

async function checkResponse(
  inner: RequestHandler,
  checker: BodyChecker,
  mode: BodyCheckMode,
  args: GraphQLResolverArgs,
  value: Response,
): Promise<Response> {
  if (mode === 'off') return value
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

  const against = `the schema for ${describeOperation(args)}`
  if (mode === 'strict') {
    throw new BodyMismatchError(
      bodyMismatchMessage(inner.info.header, against, args.request, outcome.problems, 'strict'),
      outcome.problems,
    )
  }
  console.warn(bodyMismatchMessage(inner.info.header, against, args.request, outcome.problems, 'warn'))
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
