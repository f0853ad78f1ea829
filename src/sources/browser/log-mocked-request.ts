import { discardBody, hasResponseBody } from '../../runtime/node-fast-path'
import type { RequestHandler } from '../../runtime/request-handler'
import { describeRequest, format } from '../../runtime/messages'

const TEXTUAL = /^(text\/|application\/(.+\+)?(json|xml|javascript|x-www-form-urlencoded|graphql-response\+json))/i
const MAX_LOGGED_BODY = 64 * 1024

/**
 * Prints one collapsed console group per mocked request: the request, the handler that
 * answered (and where it was defined) and the response, so what happened is visible
 * without a debugger. `response` is a clone the caller will not use again.
 */
export async function logMockedRequest(
  request: Request,
  handler: RequestHandler | undefined,
  response: Response,
  /** Names the request instead of its method and URL ("query GetUser" for GraphQL, as in MSW). */
  title: string = describeRequest(request),
): Promise<void> {
  const time = new Date().toTimeString().slice(0, 8)
  const outcome = response.type === 'error' ? 'network error' : `${response.status} ${response.statusText}`.trim()
  const body = response.type === 'error' ? undefined : await readLoggableBody(response)
  // The status is coloured, as in MSW; tools that read console text see "(%c200 OK%c)" and the two styles.
  console.groupCollapsed(format(`${time} ${title} (%c${outcome}%c)`), `color:${statusColor(response)}`, 'color:inherit')
  console.log('Request', request)
  if (handler) {
    console.log('Handler', handler.info.header, handler.info.callFrame ? `(defined at ${handler.info.callFrame})` : '')
  } else {
    console.log('Handler', 'none: mocklib answered 500 because a callback threw')
  }
  console.log('Response', {
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers),
    body,
  })
  console.groupEnd()
}

/** Green for success, amber for redirects, red for errors and network errors. */
function statusColor(response: Response): string {
  // MSW's three colours, so tools that read the styles see the same values.
  if (response.type === 'error' || response.status >= 400) return '#E95F5D'
  return response.status >= 300 ? '#F0BB4B' : '#69AB32'
}

/** Text bodies of a known, modest size; streams and binaries are described, not read. */
async function readLoggableBody(response: Response): Promise<unknown> {
  if (!hasResponseBody(response)) return null
  const type = response.headers.get('content-type') ?? ''
  const length = Number(response.headers.get('content-length'))
  if (!TEXTUAL.test(type) || !Number.isFinite(length) || length === 0 || length > MAX_LOGGED_BODY) {
    discardBody(response)
    return `(${type || 'no content type'}${length > 0 ? `, ${length} bytes` : ''}: not shown)`
  }
  const text = await response.text()
  if (/json/i.test(type)) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}
