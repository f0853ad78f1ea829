import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  decodeHeaderPairs,
  encodeHeaderPairs,
  encodeStatusText,
  headerNames,
  headerValue,
  protocolError,
  toHeaders,
  type ResolveOutcome,
} from '../control/protocol'
import { problem } from '../control/problem'
import { carryFault } from '../runtime/carried-fault'
import { withListenerCopy } from '../runtime/listener-copy'
import { handleRequest, type PipelineOptions } from '../runtime/handle-request'
import type { HandlerList } from '../runtime/handler-list'
import { discardBody } from '../runtime/node-fast-path'
import { incomingBody } from '../server/incoming-request'
import { describeRequest } from '../runtime/messages'
import { forwardResolve, type ForwardScope } from './forward-resolve'
import { sendProblem } from '../server/control-json'
import { sendResolveError } from './send-resolve-error'
import { writeMockedBody } from './write-mocked-body'

/** A scope a request is resolved in: the remote's own list (no id), or a test's. */
export interface ResolveScope {
  readonly id: string | undefined
  readonly list: HandlerList
  /** Aborted when the scope ends (its test finished, or the remote closed). */
  readonly ended: AbortSignal
}

export interface ResolveHost {
  /**
   * The open scope of that id (the remote's own for none; one held by another test process, for
   * a hub), or undefined when no such scope is open.
   */
  scope(id: string | undefined): ResolveScope | ForwardScope | undefined
  pipeline(): PipelineOptions
}

/**
 * `POST /__mocklib/resolve` in the test process: rebuilds the app's request (its body streamed
 * as it arrives), acknowledges it with a 102 so the app stops counting its timeout, runs the
 * shared pipeline in the request's scope and writes the outcome, the mocked body streamed as
 * the resolver produces it.
 */
export async function answerResolve(
  incoming: IncomingMessage,
  answer: ServerResponse,
  host: ResolveHost,
): Promise<void> {
  const left = new AbortController()
  answer.on('close', () => {
    if (!answer.writableFinished) left.abort()
  })
  const scopeId = headerValue(incoming.headers[headerNames.scope])
  const scope = host.scope(scopeId)
  if (scope === undefined) {
    incoming.resume()
    const { [headerNames.method]: method, [headerNames.url]: url } = incoming.headers
    const what = `${headerValue(method)} ${headerValue(url)}`
    return sendResolveError(
      answer,
      `The scope ${scopeId} is not open in the test process (its test ended, or it was never created) for ${what}.`,
    )
  }
  if ('forward' in scope) return forwardResolve(incoming, answer, scope)
  let request: Request
  try {
    request = requestOf(incoming, left.signal)
  } catch (error) {
    sendProblem(answer, problem(400, (error as Error).message))
    return
  }
  const ack = acknowledgeLater(answer)
  const requestId = headerValue(incoming.headers[headerNames.requestId]) ?? crypto.randomUUID()
  const pipeline = { ...host.pipeline(), onUnhandledRequest: 'bypass' as const }
  const result = await untilEnded(handleRequest(request, requestId, scope.list, pipeline, left.signal), scope.ended)
  clearImmediate(ack)
  if (result === 'ended') {
    return sendResolveError(
      answer,
      `The scope ${scope.id} ended (its test finished) while ${describeRequest(request)} was in flight.`,
    )
  }
  if (answer.destroyed) {
    if (result.type === 'mocked') discardBody(result.response)
    return
  }
  if (result.type === 'error') {
    return sendResolveError(
      answer,
      `Resolving ${describeRequest(request)} failed: ${(result.error as Error)?.message ?? String(result.error)}`,
    )
  }
  if (result.type === 'passthrough') {
    return writeOutcome(
      answer,
      result.reason === 'unhandled' || result.reason === 'fallthrough' ? 'unhandled' : (result.reason ?? 'passthrough'),
    )
  }
  // A fault crosses as its kind (and bytes), for the app's own source to apply to its client.
  // An event stream's cut ends the answer without its last chunk: the app reads what came before.
  const carried = carryFault(result.response, left.signal, () => answer.socket?.end())
  const faultHead: Record<string, string> = carried.header === undefined ? {} : { [headerNames.fault]: carried.header }
  if (result.response.type === 'error') return writeOutcome(answer, 'network-error', faultHead)
  const { emitter } = pipeline
  const [response, forEvent] = emitter.has('response:mocked')
    ? withListenerCopy(carried.response)
    : [carried.response, undefined]
  const head = {
    [headerNames.outcome]: 'mocked',
    [headerNames.status]: String(response.status),
    [headerNames.statusText]: encodeStatusText(response.statusText),
    [headerNames.headers]: encodeHeaderPairs(response.headers),
    'content-type': 'application/octet-stream',
    ...faultHead,
  }
  await writeMockedBody(response, answer, head, scope.ended, () => {
    if (forEvent !== undefined) emitter.emit('response:mocked', { response: forEvent, request, requestId })
  })
}

/**
 * The interim 102 that tells the app its request was taken (its timeout stops there), sent only
 * when the answer is not ready at once: most resolvers answer within the same turn of the event
 * loop, and a 102 before them would cost both processes a write and a parse per request.
 */
function acknowledgeLater(answer: ServerResponse): NodeJS.Immediate {
  return setImmediate(() => {
    if (!answer.headersSent && !answer.destroyed) answer.writeProcessing()
  })
}

function requestOf(incoming: IncomingMessage, signal: AbortSignal): Request {
  const method = headerValue(incoming.headers[headerNames.method])
  const url = headerValue(incoming.headers[headerNames.url])
  if (method === undefined || url === undefined)
    throw protocolError(`${headerNames.method} and ${headerNames.url} are required`)
  const headers = toHeaders(decodeHeaderPairs(headerValue(incoming.headers[headerNames.headers])))
  const length = incoming.headers['content-length']
  const withBody = incoming.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  if (!withBody || method === 'GET' || method === 'HEAD') {
    incoming.resume()
    return new Request(url, { method, headers, signal })
  }
  return new Request(url, { method, headers, signal, body: incomingBody(incoming), duplex: 'half' } as RequestInit)
}

function writeOutcome(
  answer: ServerResponse,
  outcome: Exclude<ResolveOutcome, 'mocked' | 'error'>,
  head: Record<string, string> = {},
): void {
  answer.writeHead(200, { [headerNames.outcome]: outcome, 'content-length': '0', ...head })
  answer.end()
}

function untilEnded<T>(work: Promise<T>, ended: AbortSignal): Promise<T | 'ended'> {
  if (ended.aborted) return Promise.resolve('ended')
  return new Promise<T | 'ended'>((resolve) => {
    const stop = () => resolve('ended')
    ended.addEventListener('abort', stop, { once: true })
    void work.then((value) => {
      ended.removeEventListener('abort', stop)
      resolve(value)
    })
  })
}
