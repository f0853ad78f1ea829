import { hasResponseBody, isKeptWhole } from './kept-body'
import { withBody } from '../clone-response'

/**
 * The same response with its body read to the end, for XMLHttpRequest. The interceptor appends
 * every chunk of a mocked body to a copy of all the chunks before it, so a body streamed in many
 * small chunks costs time quadratic in its size (minutes for 50 MB in 64 KB chunks), and a body
 * whose stream fails leaves the request hanging. It reads the whole body before the page sees
 * any of it anyway, so reading it first changes nothing the page can observe; a failing body
 * rejects here, and the source fails the request as a network error.
 */
export async function withWholeBody(response: Response): Promise<Response> {
  // Kept text or bytes (kept-body.ts) are whole already and cannot fail midway.
  if (response.type === 'error' || !hasResponseBody(response) || isKeptWhole(response)) return response
  return withBody(response, new Uint8Array(await response.arrayBuffer()))
}
