import { hasResponseBody } from '../runtime/node-fast-path'
import { acceptsMediaType } from '../runtime/media-ranges'
import type { RequestContext } from '../runtime/request-context'
import { encodeEventStreamFields } from '../sse/event-stream-encoder'
import { EVENT_STREAM_HEADERS } from '../sse/event-stream-writer'
import { acceptsEventStream } from '../sse/sse-handler'

/**
 * The header graphql-sse's single connection mode sends its reservation token in: a request
 * carrying it belongs to that stream (see subscriptions/sse-single-connection.ts), so plain GraphQL
 * handlers leave it alone.
 */
const GRAPHQL_SSE_TOKEN_HEADER = 'x-graphql-event-stream-token'

/** The graphql-sse stream token a request carries (see `graphqlSseTokenOf`). */
export interface GraphQLSseToken {
  /** The token header: only graphql-sse's single connection mode sends it. */
  readonly header: string | null
  /** The header, else the URL's `token` parameter (how an EventSource opens the stream). */
  readonly token: string | null
}

/**
 * The request's graphql-sse stream token, read once per request (`ctx.memo`) however many
 * GraphQL and subscription handlers ask.
 */
export function graphqlSseTokenOf(ctx: RequestContext): GraphQLSseToken {
  return ctx.memo(graphqlSseTokenOf, () => {
    const header = ctx.head.headers.get(GRAPHQL_SSE_TOKEN_HEADER)
    return { header, token: header ?? (ctx.head.url.includes('token=') ? ctx.url.searchParams.get('token') : null) }
  })
}

const JSON_RANGES = new Set(['application/json', 'application/graphql-response+json', 'application/*', '*/*'])

/**
 * True when the client takes an event stream and no JSON (a JSON type or wildcard listed with
 * `q=0` is refused, not taken): graphql-sse's distinct connections mode sends
 * `Accept: text/event-stream` for queries and mutations too.
 */
export function asksForEventStreamOnly(accept: string | null): boolean {
  return acceptsEventStream(accept) && !acceptsMediaType(accept, JSON_RANGES)
}

/**
 * A successful JSON GraphQL response re-sent as GraphQL over SSE (the graphql-sse protocol): one
 * `next` event whose data is the body, then `complete`. Other responses (an error status, a
 * body that is not JSON) stay as they are, so the client reports them as a real server's.
 */
export function asEventStreamResult(response: Response): Response {
  if (!response.ok || !/json/i.test(response.headers.get('content-type') ?? '') || !hasResponseBody(response))
    return response
  const source = response
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const text = await source.text()
      const events =
        encodeEventStreamFields({ event: 'next', data: text }) +
        encodeEventStreamFields({ event: 'complete', data: '' })
      controller.enqueue(new TextEncoder().encode(events))
      controller.close()
    },
  })
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  for (const [name, value] of Object.entries(EVENT_STREAM_HEADERS)) headers.set(name, value)
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}
