// JSON in and out of a control route on Node's server objects: the mock server's control API
// (control-routes.ts) and the remote's endpoint (src/remote/control-endpoint.ts) read request
// bodies and write answers and problem documents (docs/control-protocol.md) through these.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { problem, PROBLEM_CONTENT_TYPE, type ProblemDetails } from '../control/problem'

/** The most a control request's body may hold: control bodies are small JSON documents. */
const BODY_LIMIT = 1024 * 1024

/** A control route's refusal: answered as a problem document with this status. */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail)
  }
}

/** The id after `collection/` in a route's path, decoded; a malformed escape is the client's mistake (400). */
export function routeId(path: string, collection: string): string {
  const raw = path.slice(collection.length + 1)
  try {
    return decodeURIComponent(raw)
  } catch {
    throw new RouteError(400, `"${raw}" in ${path} is not a percent-encoded id: encode it with encodeURIComponent.`)
  }
}

/** The request's JSON body; an empty body is `{}` when `optional`. Throws a RouteError saying what to send. */
export async function readJsonBody(message: IncomingMessage, optional = false): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  // Past the limit the rest is read and dropped, not cut off: destroying the request mid-body
  // leaves the client's keep-alive connection unusable for its next request.
  for await (const chunk of message as AsyncIterable<Buffer>) {
    size += chunk.byteLength
    if (size <= BODY_LIMIT) chunks.push(chunk)
  }
  if (size > BODY_LIMIT) throw new RouteError(413, `A control request body may hold at most ${BODY_LIMIT} bytes.`)
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') {
    if (optional) return {}
    throw new RouteError(400, `${message.method} ${message.url} needs a JSON body (Content-Type: application/json).`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new RouteError(400, `The body of ${message.method} ${message.url} is not JSON (${(error as Error).message}).`)
  }
}

/** Answers with a whole body: JSON unless it is text of the given type. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  type = 'application/json',
  headers: Record<string, string> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  response.writeHead(status, {
    ...headers,
    'content-type': type,
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  })
  response.end(text)
}

/**
 * Answers with a problem document. `status` overrides the HTTP status where the protocol carries
 * the problem inside a successful exchange (the resolve route's `error` outcome).
 */
export function sendProblem(
  response: ServerResponse,
  details: ProblemDetails,
  options: { status?: number; headers?: Record<string, string> } = {},
): void {
  sendJson(response, options.status ?? details.status, details, PROBLEM_CONTENT_TYPE, options.headers)
}

/** A refusal thrown by a route (a RouteError), or anything else as a 500, as a problem document. */
export function sendRouteError(response: ServerResponse, error: unknown): void {
  const status = error instanceof RouteError ? error.status : 500
  sendProblem(response, problem(status, String((error as Error)?.message ?? error)))
}
