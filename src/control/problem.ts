// Errors of the control API as RFC 9457 problem details (`application/problem+json`): a client in
// any language reads `status` and `detail`, and `detail` says what to change.

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

export interface ProblemDetails {
  /** A URI naming the kind of problem; mocklib uses `about:blank` plus `title`, or a tag URI. */
  type: string
  title: string
  status: number
  /** What went wrong with this request and what to change. */
  detail: string
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
}

export function problem(status: number, detail: string, type = 'about:blank'): ProblemDetails {
  return { type, title: TITLES[status] ?? 'Error', status, detail }
}

/** Whether a parsed JSON body is a problem document (so a client can throw it as such). */
export function isProblemDetails(value: unknown): value is ProblemDetails {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return typeof record.status === 'number' && typeof record.title === 'string' && typeof record.detail === 'string'
}
