import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http'
import { headersFor, type ClientResponse, type SendOptions } from './posts-contract'

type RequestFunction = (
  url: string | URL,
  options: RequestOptions,
  callback: (response: IncomingMessage) => void,
) => ClientRequest

/** Sends one request with http.request or https.request and reads the whole answer. */
export function sendWithNodeRequest(
  request: RequestFunction,
  method: string,
  url: string,
  options: SendOptions = {},
): Promise<ClientResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: headersFor(options) }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      )
      response.on('error', reject)
    })
    req.on('error', reject)
    if (options.json !== undefined) req.write(JSON.stringify(options.json))
    req.end()
  })
}
