import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the real server received it, body byte for byte. */
export interface RecordedRequest {
  method: string
  /** Path and query string, as sent on the request line. */
  path: string
  headers: IncomingHttpHeaders
  /** Header names and values as sent (names in the case the client wrote), alternating. */
  rawHeaders: string[]
  body: Buffer
}

export type Responder = (request: RecordedRequest, response: ServerResponse) => void

export interface RecordingServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  readonly origin: string
  /** Every request received so far, in arrival order. */
  readonly requests: RecordedRequest[]
  close(): Promise<void>
}

/**
 * By default the server answers 200 with the request echoed back: the body it received (with the
 * request's content type) and `x-received-method` / `x-received-length` headers.
 */
const echo: Responder = (request, response) => {
  response.writeHead(200, {
    'content-type': request.headers['content-type'] ?? 'application/octet-stream',
    'x-received-method': request.method,
    'x-received-length': String(request.body.byteLength),
  })
  response.end(request.body)
}

/** A real HTTP server on 127.0.0.1 (a free port) that records what reaches it. */
export async function startRecordingServer(respond: Responder = echo): Promise<RecordingServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const recorded: RecordedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        rawHeaders: incoming.rawHeaders,
        body: Buffer.concat(chunks),
      }
      requests.push(recorded)
      respond(recorded, response)
    })
  })
  // Node drops an idle keep-alive connection after 5 s; on a busy machine a client can start its next
  // request on it just then and read ECONNRESET. A test's server keeps its connections until close().
  server.keepAliveTimeout = 0
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
