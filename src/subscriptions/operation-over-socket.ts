import type { ConnectionPipeline } from '../ws/websocket-handler'
import type { SubscribeOperation } from './start-subscription'

/**
 * A query or mutation sent with `subscribe`: answered by the handlers that answer it over HTTP
 * (graphql.query(), graphql.mutation(), graphql.operation(), an executor's handler), as a POST
 * to the socket's URL read as http(s). Resolves to the messages to send: `next` with the
 * response body then `complete`, or `error`.
 */
export async function answerOverHttp(
  pipeline: ConnectionPipeline,
  id: string,
  connectionId: string,
  operation: SubscribeOperation,
  /** Named in error messages. */
  transport = 'graphql-transport-ws',
): Promise<Array<{ id: string; type: 'next' | 'error' | 'complete'; payload?: unknown }>> {
  const url = new URL(operation.request.url)
  url.protocol = url.protocol === 'wss:' ? 'https:' : url.protocol === 'ws:' ? 'http:' : url.protocol
  const { query, operationName, variables, extensions } = operation
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify({ query, operationName: operationName || undefined, variables, extensions }),
  })
  const result = await pipeline(request, `${connectionId}:${id}`)
  const fail = (message: string) => [{ id, type: 'error' as const, payload: [{ message }] }]
  const what = `The ${operationName === '' ? 'anonymous operation' : `operation "${operationName}"`} sent over ${transport} to ${operation.request.url}`
  if (result.type === 'error')
    return fail(`${what} failed: ${result.error instanceof Error ? result.error.message : String(result.error)}`)
  if (result.type === 'passthrough') {
    return fail(
      `${what} found no handler: add graphql.query() or graphql.mutation() for it (it is answered as a POST to ${url.href}).`,
    )
  }
  let body: unknown
  try {
    body = await result.response.json()
  } catch {
    return fail(
      `${what} got a response that is not JSON (status ${result.response.status}) from "${result.handler?.info.header ?? 'a handler'}".`,
    )
  }
  return [
    { id, type: 'next', payload: body },
    { id, type: 'complete' },
  ]
}
