import type { RequestHead } from '../runtime/request-draft'
import { kDefaultContentType } from '../runtime/http-response'
import { mediaRanges } from '../runtime/media-ranges'
import { asEventStreamResult, asksForEventStreamOnly } from './event-stream-result'

export const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json'
export const JSON_TYPE = 'application/json'

/**
 * The response media type a client asked for (GraphQL over HTTP): the GraphQL response type
 * when its Accept quality is at least that of application/json (wildcards count for JSON),
 * application/json otherwise, and when there is no Accept header.
 */
export function negotiateContentType(accept: string | null): string {
  if (accept === null || accept === '') return JSON_TYPE
  let graphqlQuality = 0
  let jsonQuality = 0
  for (const { type, quality } of mediaRanges(accept)) {
    if (type === GRAPHQL_RESPONSE_JSON) graphqlQuality = Math.max(graphqlQuality, quality)
    else if (type === JSON_TYPE || type === 'application/*' || type === '*/*')
      jsonQuality = Math.max(jsonQuality, quality)
  }
  return graphqlQuality > 0 && graphqlQuality >= jsonQuality ? GRAPHQL_RESPONSE_JSON : JSON_TYPE
}

/**
 * Gives a JSON response the negotiated type (as an event stream for clients that take only
 * that, see event-stream-result.ts), unless its author chose a content type
 * (only `HttpResponse.json()` without an explicit content-type is marked as mocklib's choice).
 */
export function negotiateResponse(response: Response, request: RequestHead): Response {
  if (asksForEventStreamOnly(request.headers.get('accept'))) return asEventStreamResult(response)
  if ((response as { [kDefaultContentType]?: boolean })[kDefaultContentType] !== true) return response
  const type = negotiateContentType(request.headers.get('accept'))
  if (type === JSON_TYPE) return response
  try {
    response.headers.set('content-type', type)
  } catch {
    // Immutable headers (a response that came from fetch): leave it as it is.
  }
  return response
}
