import http from 'node:http'
import https from 'node:https'
import { Readable } from 'node:stream'
import {
  bearer,
  decodeHeaderPairs,
  decodeStatusText,
  encodeHeaderPairs,
  headerNames,
  headerValue,
  parseOutcome,
  routes,
  toHeaders,
  type ResolveOutcome,
} from '../control/protocol'
import { applyFault } from '../runtime/carried-fault'
import { HttpResponse, NULL_BODY_STATUS } from '../runtime/http-response'
import { describeRequest, format, warnOnce } from '../runtime/messages'
import type { RequestContext } from '../runtime/request-context'
import { copyRequest, hasBody, knownBodyText } from '../runtime/request-body'
import { RemoteError } from './remote-error'
import type { RemoteConfig } from './remote-options'
import { nativeRequest } from './native-http'
import { responseStream, wholeBody } from './response-stream'

/** What the remote did with a request: a mocked response, or an outcome without one. */
export type RemoteAnswer =
  { outcome: 'mocked'; response: Response } | { outcome: Exclude<ResolveOutcome, 'mocked' | 'error'> }

/**
 * The app process's side of `POST /__mocklib/resolve`: sends one intercepted request, its body
 * streamed, to the test process and reads the outcome. Rejects with a RemoteError: `unavailable`
 * until the remote has acknowledged the request (a 102 it sends at once), `failed` after.
 */
export class RemoteClient {
  readonly #agent: http.Agent
  readonly #endpoint: URL

  constructor(readonly config: RemoteConfig) {
    this.#endpoint = new URL(routes.resolve, config.url)
    const Agent = config.url.protocol === 'https:' ? https.Agent : http.Agent
    this.#agent = new Agent({ keepAlive: true })
  }

  resolve(ctx: RequestContext, scope: string | undefined): Promise<RemoteAnswer> {
    const { request } = ctx
    const headers: http.OutgoingHttpHeaders = {
      authorization: bearer(this.config.token),
      [headerNames.method]: request.method,
      [headerNames.url]: request.url,
      [headerNames.headers]: encodeHeaderPairs(request.headers),
      [headerNames.requestId]: ctx.requestId,
    }
    if (scope !== undefined) headers[headerNames.scope] = scope
    if (!hasBody(request)) headers['content-length'] = '0'
    return this.#send(ctx, headers, true)
  }

  #send(ctx: RequestContext, headers: http.OutgoingHttpHeaders, mayRetry: boolean): Promise<RemoteAnswer> {
    const { request } = ctx
    return new Promise<RemoteAnswer>((resolve, reject) => {
      let accepted = false
      const fail = (error: unknown) => {
        clearTimeout(timer)
        // An idle kept-alive connection the remote closed as this request went out on it: the
        // remote never read the request, so it goes again, once, on a fresh connection.
        if (mayRetry && !accepted && outgoing.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET')
          return resolve(this.#send(ctx, headers, false))
        reject(error instanceof RemoteError ? error : this.#error(accepted, request, error))
      }
      const outgoing = nativeRequest(this.#endpoint, { method: 'POST', agent: this.#agent, headers })
      const timer = setTimeout(() => outgoing.destroy(this.#timeout(request)), this.config.timeout)
      outgoing.on('information', () => {
        accepted = true
        clearTimeout(timer)
      })
      outgoing.on('response', (incoming) => {
        accepted = true
        clearTimeout(timer)
        readAnswer(incoming, request, this.config.url).then(resolve, fail)
      })
      outgoing.on('error', fail)
      const leave = () => outgoing.destroy(new Error('The client gave up on the request.'))
      ctx.clientSignal.addEventListener('abort', leave, { once: true })
      outgoing.on('close', () => ctx.clientSignal.removeEventListener('abort', leave))
      if (headers['content-length'] === '0') outgoing.end()
      else sendBody(ctx, outgoing, this.config.largeBodyWarning, () => this.#warnLarge(request))
    })
  }

  /** Warns once per method and URL path that a body sent is larger than `largeBodyWarning`. */
  #warnLarge(request: Request): void {
    const url = new URL(request.url)
    warnOnce(
      `remote large body ${request.method} ${url.origin}${url.pathname}`,
      format(
        `${describeRequest(request)} sends a body of more than ${this.config.largeBodyWarning} bytes ` +
          `to the remote at ${this.config.url.origin}: the app and the test process each hold it whole until it is answered ` +
          `(docs/remote.md, "Large bodies"). Pass remote: { largeBodyWarning } to change the size (Infinity: never).`,
      ),
    )
  }

  /** Lets go of the idle connections to the remote. */
  close(): void {
    this.#agent.destroy()
  }

  #timeout(request: Request): RemoteError {
    return new RemoteError(
      'MOCKLIB_REMOTE_UNAVAILABLE',
      `The remote at ${this.config.url.origin} did not take ${describeRequest(request)} within ${this.config.timeout} ms.`,
    )
  }

  #error(accepted: boolean, request: Request, cause: unknown): RemoteError {
    const origin = this.config.url.origin
    const reason = cause instanceof Error ? cause.message : String(cause)
    if (!accepted) {
      return new RemoteError(
        'MOCKLIB_REMOTE_UNAVAILABLE',
        `The remote at ${origin} cannot be reached for ${describeRequest(request)} (${reason}). Is the test process listening?`,
        { cause },
      )
    }
    return new RemoteError(
      'MOCKLIB_REMOTE_FAILED',
      `The remote at ${origin} stopped while resolving ${describeRequest(request)} (${reason}).`,
      { cause },
    )
  }
}

/**
 * Streams the request's body from a copy of its own: the original stays for local handlers, the
 * network and lifecycle listeners (a resolver's lent body would stay lent after this request).
 * `large` runs once the body sent is longer than `limit` bytes.
 */
function sendBody(ctx: RequestContext, outgoing: http.ClientRequest, limit: number, large: () => void): void {
  try {
    const text = knownBodyText(ctx.request)
    const copy = text === undefined ? copyRequest(ctx.request) : undefined
    if (copy?.body == null) {
      if (text !== undefined && Buffer.byteLength(text) > limit) large()
      outgoing.end(text)
      return
    }
    const source = Readable.fromWeb(copy.body as import('node:stream/web').ReadableStream<Uint8Array>)
    let bytes = 0
    const count = (chunk: Uint8Array) => {
      if ((bytes += chunk.byteLength) <= limit) return
      source.off('data', count)
      large()
    }
    // No size to warn past (Infinity): nothing counted per chunk.
    if (Number.isFinite(limit)) source.on('data', count)
    source.on('error', (error) => outgoing.destroy(error))
    source.pipe(outgoing)
  } catch (error) {
    outgoing.destroy(error as Error)
  }
}

async function readAnswer(incoming: http.IncomingMessage, request: Request, remote: URL): Promise<RemoteAnswer> {
  const outcomeHeader = incoming.headers[headerNames.outcome]
  if (incoming.statusCode !== 200 || outcomeHeader === 'error') {
    const detail = await problemDetail(incoming)
    const hint =
      incoming.statusCode === 401 ? ' Give the app the token of this remote (remote.env(), MOCKLIB_REMOTE_TOKEN).' : ''
    throw new RemoteError(
      'MOCKLIB_REMOTE_FAILED',
      `The remote at ${remote.origin} did not resolve ${describeRequest(request)}: ${detail}${hint}`,
    )
  }
  const outcome = parseOutcome(typeof outcomeHeader === 'string' ? outcomeHeader : undefined)
  // A fault the test process's resolver answered with: this process's source fails its client with it.
  const fault = headerValue(incoming.headers[headerNames.fault])
  if (outcome !== 'mocked') {
    incoming.resume()
    const failed =
      outcome === 'network-error' && fault !== undefined ? applyFault(fault, () => Response.error()) : undefined
    if (failed !== undefined) return { outcome: 'mocked', response: failed }
    return { outcome: outcome as Exclude<ResolveOutcome, 'mocked' | 'error'> }
  }
  const status = Number(incoming.headers[headerNames.status])
  const statusText = decodeStatusText(incoming.headers[headerNames.statusText])
  const headers = toHeaders(decodeHeaderPairs(headerValue(incoming.headers[headerNames.headers])))
  const body =
    request.method === 'HEAD' || NULL_BODY_STATUS.has(status)
      ? null
      : ((await wholeBody(incoming, remote)) ?? responseStream(incoming, remote))
  if (body === null) incoming.resume()
  const response = () => new HttpResponse(body, { status, statusText, headers })
  return { outcome: 'mocked', response: (fault === undefined ? undefined : applyFault(fault, response)) ?? response() }
}

async function problemDetail(incoming: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    const parsed = JSON.parse(text) as { detail?: unknown }
    if (typeof parsed.detail === 'string') return parsed.detail
  } catch {
    // Not a problem document: report the status and the text as they are.
  }
  return `${incoming.statusCode} ${text.slice(0, 200)}`.trim()
}
