import { bypass } from '../runtime/bypass'
import { getSetCookies, HttpResponse } from '../runtime/http-response'
import type { PartOutcome, RequestExpander } from '../runtime/request-expander'
import { negotiateResponse } from './content-negotiation'
import { graphqlMessages } from './messages'
import { readGraphQLRequest, setPartParams } from './graphql-request'
import type { OperationParams } from './request-params'
import { scanOperations } from './scan-operations'

/**
 * Batched GraphQL (a JSON array of operations, as Apollo's BatchHttpLink sends; or a
 * multipart `operations` array): when no handler answers the request as a whole, each entry
 * runs through the handler list as a request of its own, and the answer is the array of
 * results in order. Entries no handler answers are sent to the network together, as one
 * smaller batch, and their real results take their places.
 */
export const graphqlBatchExpander: RequestExpander = {
  async expand(ctx) {
    const parsed = await readGraphQLRequest(ctx)
    if (parsed.kind !== 'batch') return undefined
    const { entries, multipart } = parsed
    return {
      parts: entries.map((entry) => partRequest(ctx.request, entry)),
      combine: (outcomes) => combine(ctx.request, entries, multipart, outcomes),
    }
  },
}

/** A batch entry as a request of its own: same URL and headers, the entry as its JSON body. */
function partRequest(batch: Request, entry: OperationParams): Request {
  const headers = new Headers(batch.headers)
  headers.delete('content-length')
  headers.set('content-type', 'application/json')
  const part = new Request(batch.url, { method: 'POST', headers, body: JSON.stringify(entry) })
  // The entry is already read (files included): the part is never parsed from its body.
  setPartParams(part, entry)
  return part
}

async function combine(
  request: Request,
  entries: readonly OperationParams[],
  multipart: boolean,
  outcomes: readonly PartOutcome[],
): Promise<Response> {
  const results: unknown[] = new Array(entries.length)
  const setCookies: Array<[string, string]> = []
  const toNetwork: number[] = []

  for (let index = 0; index < outcomes.length; index++) {
    const outcome = outcomes[index]
    if (outcome.type === 'passthrough') {
      toNetwork.push(index)
      continue
    }
    const { response } = outcome
    // A network error for one entry fails the whole batch: there is no partial connection.
    if (response.type === 'error') return Response.error()
    for (const cookie of getSetCookies(response)) setCookies.push(['set-cookie', cookie])
    results[index] = await entryResult(index, labelOf(entries[index]), response)
  }

  if (toNetwork.length > 0) {
    if (multipart) {
      for (const index of toNetwork)
        results[index] = errorResult(graphqlMessages.multipartPassthrough(index, labelOf(entries[index])))
    } else {
      await fetchFromNetwork(request, entries, toNetwork, results)
    }
  }
  return negotiateResponse(HttpResponse.json(results, { headers: setCookies }), request)
}

/** An entry's response as a GraphQL result; anything else becomes an `errors` entry. */
async function entryResult(index: number, label: string, response: Response): Promise<unknown> {
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (typeof body === 'object' && body !== null && ('data' in body || 'errors' in body)) return body
  if (response.status >= 400) {
    const detail =
      typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : text.slice(0, 200)
    return errorResult(graphqlMessages.batchEntryFailed(index, label, response.status, detail))
  }
  return errorResult(graphqlMessages.batchEntryNotJson(index, label, response.status))
}

async function fetchFromNetwork(
  request: Request,
  entries: readonly OperationParams[],
  indexes: readonly number[],
  results: unknown[],
): Promise<void> {
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  const body = JSON.stringify(indexes.map((index) => entries[index]))
  try {
    const response = await fetch(bypass(new Request(request.url, { method: 'POST', headers, body })))
    const json: unknown = await response.json()
    const list = Array.isArray(json) ? json : indexes.length === 1 ? [json] : undefined
    if (list === undefined || list.length !== indexes.length) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- the server's answer, not an argument
      throw new Error(
        `the server answered status ${response.status} with ${Array.isArray(json) ? `${json.length} results` : 'a body that is not an array'} for ${indexes.length} entries`,
      )
    }
    indexes.forEach((entryIndex, position) => (results[entryIndex] = list[position]))
  } catch (error) {
    const message = graphqlMessages.batchPassthroughFailed(
      request,
      error instanceof Error ? error.message : String(error),
    )
    for (const index of indexes) results[index] = errorResult(message)
  }
}

/** How a batch entry is named in messages: its operationName, else its document's only operation's name. */
function labelOf(entry: OperationParams): string {
  if (typeof entry.operationName === 'string' && entry.operationName !== '') return `"${entry.operationName}"`
  const operations = typeof entry.query === 'string' ? scanOperations(entry.query) : []
  const only = operations.length === 1 ? operations[0].name : undefined
  return only === undefined ? 'an anonymous operation' : `"${only}"`
}

function errorResult(message: string): { errors: Array<{ message: string }> } {
  return { errors: [{ message }] }
}
