/**
 * Which HTTP statuses request errors get (GraphQL over HTTP):
 * - 'auto' (default): like a current server. Clients that accept
 *   `application/graphql-response+json` get 400 for a syntax error and 422 for validation,
 *   operation selection and variable coercion errors; clients that accept only
 *   `application/json` (the legacy media type) get 200 with the errors in the body.
 * - 'graphql-over-http': 400/422 whatever the client accepts.
 * - 'legacy-200': 200 for every request error, like older servers.
 * A mutation sent with GET is a 405 under every policy. Execution results (field errors
 * included) are 200 under every policy, as SPEC section 7 has it.
 */
export type StatusPolicy = 'auto' | 'graphql-over-http' | 'legacy-200'

export const STATUS_POLICIES: readonly StatusPolicy[] = ['auto', 'graphql-over-http', 'legacy-200']

export const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json'
const JSON_TYPE = 'application/json'

export type RequestErrorKind = 'syntax' | 'validation' | 'not-well-formed'

/** What a response to this request looks like: its media type and request-error statuses. */
export interface ResponseShape {
  contentType: string
  requestErrorStatus(kind: RequestErrorKind): number
}

export function responseShape(request: Request | undefined, policy: StatusPolicy): ResponseShape {
  const modern = request !== undefined && prefersGraphQLResponse(request.headers.get('accept'))
  const contentType = modern ? GRAPHQL_RESPONSE_TYPE : JSON_TYPE
  const strict = policy === 'graphql-over-http' || (policy === 'auto' && modern)
  return {
    contentType,
    requestErrorStatus(kind) {
      if (!strict) return 200
      return kind === 'syntax' ? 400 : 422
    },
  }
}

/**
 * True when the Accept header lists `application/graphql-response+json` at a quality at
 * least that of `application/json`. No Accept header means a legacy client.
 */
export function prefersGraphQLResponse(accept: string | null): boolean {
  if (accept === null || accept.trim() === '') return false
  let graphqlQuality = 0
  let jsonQuality = 0
  for (const part of accept.split(',')) {
    const [rawType, ...params] = part.split(';')
    const type = rawType.trim().toLowerCase()
    let quality = 1
    for (const param of params) {
      const [key, value] = param.split('=')
      if (key?.trim().toLowerCase() === 'q' && value !== undefined) {
        const parsed = Number.parseFloat(value)
        if (!Number.isNaN(parsed)) quality = parsed
      }
    }
    if (type === GRAPHQL_RESPONSE_TYPE) graphqlQuality = Math.max(graphqlQuality, quality)
    else if (type === JSON_TYPE) jsonQuality = Math.max(jsonQuality, quality)
  }
  return graphqlQuality > 0 && graphqlQuality >= jsonQuality
}
