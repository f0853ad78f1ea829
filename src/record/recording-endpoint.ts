import { checkHar, resolveFile, writeHarFile } from './recording-file'

/** The parts of Node's IncomingMessage the endpoint reads (connect, Express and Vite pass one). */
export interface EndpointRequest {
  readonly method?: string
  readonly url?: string
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown
  on(event: 'end', listener: () => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
}

/** The parts of Node's ServerResponse the endpoint writes. */
export interface EndpointResponse {
  statusCode: number
  setHeader(name: string, value: string): unknown
  end(body?: string): unknown
}

export interface RecordingEndpointOptions {
  /** The folder recordings are written to. */
  dir: string | URL
  /** The URL path the page POSTs to, followed by the file name. Default "/__mocklib/recordings/". */
  path?: string
}

export type RecordingMiddleware = (request: EndpointRequest, response: EndpointResponse, next?: () => void) => void

const NAME = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.har$/

/**
 * A dev-server middleware (Vite's `server.middlewares.use()`, connect, Express) that saves the
 * recordings a page makes: `createRecorder({ saveUrl: '/__mocklib/recordings/app.har' })` in the
 * page, `recordingEndpoint({ dir: 'recordings' })` in the dev server. It writes only `.har` files
 * inside `dir`, and only HAR content; other requests go to `next()`.
 */
export function recordingEndpoint(options: RecordingEndpointOptions): RecordingMiddleware {
  const prefix = options.path ?? '/__mocklib/recordings/'
  return (request, response, next) => {
    const path = (request.url ?? '').split('?')[0]
    if (request.method !== 'POST' || !path.startsWith(prefix)) {
      next?.()
      return
    }
    const name = decodeURIComponent(path.slice(prefix.length))
    const reply = (status: number, text = '') => {
      response.statusCode = status
      response.setHeader('content-type', 'text/plain; charset=utf-8')
      response.end(text)
    }
    if (!NAME.test(name) || name.split('/').includes('..'))
      return reply(400, `Not a recording name: "${name}" (letters, digits, "-", "_", "." and folders; ending in .har).`)
    const chunks: Uint8Array[] = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('error', (error) => reply(400, error.message))
    request.on('end', () => {
      save(options.dir, name, chunks).then(
        () => reply(204),
        (error: unknown) => reply(400, error instanceof Error ? error.message : String(error)),
      )
    })
  }
}

async function save(dir: string | URL, name: string, chunks: readonly Uint8Array[]): Promise<void> {
  const text = new TextDecoder().decode(concat(chunks))
  const har = checkHar(JSON.parse(text), `The recording POSTed as ${name}`)
  const folder = await resolveFile(dir)
  await writeHarFile(`${folder}/${name}`, har)
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0))
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
