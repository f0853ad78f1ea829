// A handler made from a response described in JSON (`POST /__mocklib/use`), so clients in any
// language can override an answer without writing JavaScript.
import type { UseSpec } from '../control/resources'
import { graphql } from '../graphql/graphql'
import { http } from '../rest/http'
import { HttpMethods } from '../rest/http-methods'
import { HttpResponse } from '../runtime/http-response'
import type { RequestHandler } from '../runtime/request-handler'

const METHODS: readonly string[] = Object.values(HttpMethods).map((method) => method.toLowerCase())

/** Throws a message saying which field is wrong; the control route answers it as a 400. */
export function handlerFromSpec(spec: unknown): RequestHandler {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new SpecError(
      'the body must be a JSON object such as { "path": "/user", "status": 200, "body": { "id": 1 } }',
    )
  }
  const use = spec as UseSpec
  const status = use.status ?? 200
  if (!Number.isInteger(status) || status < 200 || status > 999)
    throw new SpecError(`"status" must be an integer from 200 to 999, got ${JSON.stringify(use.status)}`)
  if (use.headers !== undefined && !isStringRecord(use.headers))
    throw new SpecError('"headers" must be an object of string values')
  const options = { once: use.once === true }
  const answer = () => responseOf(use, status)
  if (typeof use.operationName === 'string' && use.operationName !== '') {
    if (use.operationType !== undefined && use.operationType !== 'query' && use.operationType !== 'mutation') {
      throw new SpecError(`"operationType" must be "query" or "mutation", got ${JSON.stringify(use.operationType)}`)
    }
    return graphql[use.operationType ?? 'query'](use.operationName, answer, options)
  }
  if (typeof use.path !== 'string' || use.path === '') {
    throw new SpecError('say what it answers: "path" (with "method") or "operationName" (a GraphQL operation)')
  }
  const method = (use.method ?? 'all').toLowerCase()
  if (method !== 'all' && !METHODS.includes(method)) {
    throw new SpecError(
      `"method" ${JSON.stringify(use.method)} is not one of ${METHODS.join(', ')} (or leave it out: any method)`,
    )
  }
  return http[method as 'all'](use.path, answer, options)
}

export class SpecError extends Error {}

function responseOf(use: UseSpec, status: number): Response {
  const headers = new Headers(use.headers)
  let body: string | null = null
  if (typeof use.body === 'string') body = use.body
  else if (use.body !== undefined) {
    body = JSON.stringify(use.body)
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  }
  return new HttpResponse(body, { status, headers })
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string')
}
