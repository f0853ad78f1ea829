import { withListenerCopy } from '../../runtime/listener-copy'
import { discardBody } from '../../runtime/node-fast-path'
import { faultOf, isConnectionFault } from '../../runtime/fault'
import { connectionError, cutError } from '../node-shared/fault-errors'
import { asError } from '../../runtime/as-error'
import { randomUUID } from 'node:crypto'
import type { LifeCycleEmitter } from '../../runtime/emitter'
import { handleRequest, type PipelineOptions } from '../../runtime/handle-request'
import type { HandlerList } from '../../runtime/handler-list'
import { describeRequest, format } from '../../runtime/messages'
import { CallbackChannel } from './callback-channel'
import { ControllerChannel } from './controller-channel'
import { DispatchedRequest } from './dispatched-request'
import { headOf } from '../../runtime/request-draft'
import { handleConnection } from '../../ws/handle-connection'
import type { WebSocketConnection } from '../../ws/websocket-connection'
import { isBoundForNetwork } from '../node-shared/network-scope'
import { networkWebSocket } from './network-websocket'
import { observeResponse } from './observed-response'
import type { ResponseChannel } from './response-channel'
import { isControllerHandler, type DispatcherLike, type DispatchHandler, type DispatchOptions } from './types'
import { answerUpgrade, readUpgrade } from '../../websocket-wire/upgrade-bridge'
import { writeResponse } from './write-response'

/**
 * The undici source of one server: it takes requests dispatched to an undici dispatcher (the
 * global one, see shared-dispatcher.ts, or one wrapped by `server.dispatcher()`), runs each
 * through the shared pipeline once, and answers through the request's handler, or dispatches it
 * to `network`, the dispatcher that would have sent it without mocklib.
 */
export class DispatcherSource {
  constructor(
    private readonly getList: () => HandlerList,
    private readonly options: () => PipelineOptions,
    private readonly emitter: LifeCycleEmitter,
  ) {}

  dispatch(options: DispatchOptions, handler: DispatchHandler, network: DispatcherLike): boolean {
    // A request another source already dealt with goes on as it is, and so do CONNECT tunnels
    // and upgrades to other protocols than WebSocket.
    if (isBoundForNetwork() || options.method === 'CONNECT') return network.dispatch(options, handler)
    const websocket = isWebSocketUpgrade(options)
    if (options.upgrade && !websocket) return network.dispatch(options, handler)
    const channel = isControllerHandler(handler) ? new ControllerChannel(handler) : new CallbackChannel(handler)
    channel.start()
    if (websocket) this.#upgrade(options, channel, network)
    else void this.#answer(options, channel, network)
    return true
  }

  /** A WebSocket handshake (undici's WebSocket): the connection pipeline takes it, as for the global WebSocket. */
  #upgrade(options: DispatchOptions, channel: ResponseChannel, network: DispatcherLike): void {
    const dispatched = readRequest(options, channel)
    if (dispatched === undefined) return
    const upgrade = readUpgrade(dispatched.request)
    const connect = (connection: WebSocketConnection) => handleConnection(connection, this.getList(), this.options())
    answerUpgrade(upgrade, channel, connect, networkWebSocket(network, dispatched.request.headers))
  }

  async #answer(options: DispatchOptions, channel: ResponseChannel, network: DispatcherLike): Promise<void> {
    const dispatched = readRequest(options, channel)
    if (dispatched === undefined) return
    channel.onAbort = (reason) => dispatched.abort(reason)
    // Event listeners and resolvers are the user's code: they run once dispatch() has returned,
    // as a network answer would. undici's fetch cannot take an abort until then (a resolver that
    // aborted synchronously tripped its `controller != null` assertion, an uncaught exception).
    await Promise.resolve()
    const requestId = randomUUID()
    const result = await handleRequest(dispatched.source, requestId, this.getList(), this.options(), dispatched.signal)
    if (channel.aborted) {
      if (result.type === 'mocked') discardBody(result.response)
      return
    }
    switch (result.type) {
      case 'passthrough': {
        const { emitter } = this
        const observer = emitter.has('response:bypass')
          ? observeResponse((response) =>
              emitter.emit('response:bypass', { response, request: dispatched.request, requestId }),
            )
          : undefined
        try {
          network.dispatch(dispatched.forwardOptions(), channel.forwarder(observer))
        } catch (error) {
          channel.fail(asError(error))
        }
        return
      }
      case 'error':
        channel.fail(asError(result.error))
        return
      case 'mocked':
        await this.#respond(result.response, channel, dispatched, requestId)
    }
  }

  async #respond(
    response: Response,
    channel: ResponseChannel,
    dispatched: DispatchedRequest,
    requestId: string,
  ): Promise<void> {
    const request = headOf(dispatched.source)
    const faulted = faultOf(response)
    // As a real socket failing: undici.request gets the socket's error, undici's fetch wraps it.
    if (isConnectionFault(faulted)) {
      channel.fail(connectionError(faulted.kind, new URL(request.url)))
      return
    }
    faulted?.wire({ cut: cutError })
    if (response.type === 'error') {
      channel.fail(
        new TypeError(
          format(`The handler for ${describeRequest(request)} answered with a network error (Response.error()).`),
        ),
      )
      return
    }
    const { emitter } = this
    // Listeners get a copy, so reading it never takes the body from the client (listener-copy.ts).
    const [delivered, clone] = emitter.has('response:mocked') ? withListenerCopy(response) : [response, undefined]
    const written = writeResponse(delivered, channel, request.method)
    if (clone !== undefined)
      emitter.emit('response:mocked', { response: clone, request: dispatched.request, requestId })
    await written
  }
}

/** The dispatched request as a Fetch API Request; one that cannot be read fails its channel. */
function readRequest(options: DispatchOptions, channel: ResponseChannel): DispatchedRequest | undefined {
  try {
    return new DispatchedRequest(options)
  } catch (error) {
    channel.fail(invalidRequest(options, error))
    return undefined
  }
}

function isWebSocketUpgrade(options: DispatchOptions): boolean {
  return typeof options.upgrade === 'string' && options.upgrade.toLowerCase() === 'websocket'
}

function invalidRequest(options: DispatchOptions, error: unknown): Error {
  const target = `${String(options.method)} ${String(options.origin ?? '')}${String(options.path)}`
  const reason = error instanceof Error ? error.message : String(error)
  const hint =
    options.origin === undefined
      ? ' It carries no origin: dispatch it with `origin`, or through a Client or Pool wrapped by server.dispatcher().'
      : ''
  return new TypeError(
    format(`Could not read the undici request ${target} as a Fetch API Request: ${reason}.${hint}`),
    { cause: error },
  )
}
