import { GRAPHQL_RESPONSE_JSON, JSON_TYPE, negotiateContentType } from '../content-negotiation'

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

export type RequestErrorKind = 'syntax' | 'validation' | 'not-well-formed'

/** What a response to this request looks like: its media type and request-error statuses. */
export interface ResponseShape {
  contentType: string
  requestErrorStatus(kind: RequestErrorKind): number
}

/** The negotiated media type (content-negotiation.ts, as for GraphQL handlers) decides the statuses under 'auto'. */
export function responseShape(request: Request | undefined, policy: StatusPolicy): ResponseShape {
  const contentType = request === undefined ? JSON_TYPE : negotiateContentType(request.headers.get('accept'))
  const modern = contentType === GRAPHQL_RESPONSE_JSON
  const strict = policy === 'graphql-over-http' || (policy === 'auto' && modern)
  return {
    contentType,
    requestErrorStatus(kind) {
      if (!strict) return 200
      return kind === 'syntax' ? 400 : 422
    },
  }
}
