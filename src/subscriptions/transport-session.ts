import { parseDocument } from '../graphql/document-cache'
import type { GraphQLOperationType, GraphQLResponseBody, GraphQLResponseError } from '../graphql/types'
import type { PathParams } from '../rest/path-pattern'
import type { RequestNotes } from '../runtime/call-history'
import type { HandlerShape } from '../runtime/handler-shape'
import { markHandlerUsed, type HandlerRunState } from '../runtime/handler-state'
import { format } from '../runtime/messages'
import type { WebSocketClientConnectionProtocol, WebSocketServerConnectionProtocol } from '../ws/types'
import type { ConnectionPipeline, WebSocketResolverInfo, WhenRemoved } from '../ws/websocket-handler'
import { answerOverHttp } from './operation-over-socket'
import type { SubscribeMessage } from './client-message'
import { legacyProtocol } from './legacy-protocol'
import { transportWsProtocol, type SocketProtocol } from './socket-protocol'
import { PassthroughConnection } from './passthrough-connection'
import { PassthroughSubscription } from './passthrough-subscription'
import { startSubscription, type SessionHandler, type SubscribeOperation } from './start-subscription'
import { noteSubscription } from './subscription-history'
import type { LiveSubscription, SubscriptionSink } from './subscription-handle'
import type { GraphQLConnectionOptions } from './types'

/** graphql-ws's default for `connectionInitWaitTimeout`. */
const DEFAULT_INIT_WAIT = 3_000

/** A subscription handler on a WebSocket: it also carries connection options. */
export interface SocketHandler extends SessionHandler, Omit<HandlerShape, 'info'> {
  readonly connectionOptions: GraphQLConnectionOptions
}

/** Sessions by connection id, while the connection is open. */
const sessions = new Map<string, TransportSession>()

/** The connection's session; the first subscription handler to take the connection starts it. */
export function sessionFor(
  info: WebSocketResolverInfo,
  closed: Promise<void>,
  pipeline: ConnectionPipeline | undefined,
): TransportSession {
  let session = sessions.get(info.requestId)
  if (session === undefined) {
    const protocol = protocolOf(info.info.protocols) ?? transportWsProtocol
    const created = new TransportSession(
      protocol,
      info.client,
      info.server,
      () => info.request,
      info.requestId,
      pipeline,
    )
    sessions.set(info.requestId, created)
    void closed.then(() => {
      sessions.delete(info.requestId)
      created.closed()
    })
    session = created
  }
  return session
}

/** The GraphQL subprotocols mocklib speaks, preferred first. */
const SOCKET_PROTOCOLS: readonly SocketProtocol[] = [transportWsProtocol, legacyProtocol]
/** The subprotocols a GraphQL subscription handler takes a connection for. */
export const SOCKET_PROTOCOL_NAMES: readonly string[] = SOCKET_PROTOCOLS.map((protocol) => protocol.name)

/** The first GraphQL subprotocol mocklib speaks that the client asked for; undefined when it asked for none. */
export function protocolOf(protocols: string | string[] | undefined): SocketProtocol | undefined {
  const asked = Array.isArray(protocols) ? protocols : protocols === undefined ? [] : [protocols]
  return SOCKET_PROTOCOLS.find((protocol) => asked.includes(protocol.name))
}

/**
 * The server side of graphql-transport-ws (graphql-ws's PROTOCOL.md), or of the legacy
 * subscriptions-transport-ws protocol (legacy-protocol.ts), on one mocked connection: `connection_init` through the
 * `onConnect` hook (refusal: 4403) to the ack, `ping`,
 * each `subscribe` through the handlers that took the connection, and the protocol's close codes
 * on a broken message (4400), a subscribe before the ack (4401), no init in time (4408), a
 * duplicate id (4409) or a second init (4429).
 */
export class TransportSession implements SubscriptionSink {
  readonly #protocol: SocketProtocol
  readonly #client: WebSocketClientConnectionProtocol
  readonly #server: WebSocketServerConnectionProtocol
  readonly #request: () => Request
  readonly #requestId: string
  readonly #pipeline: ConnectionPipeline | undefined
  readonly #handlers: Array<{
    handler: SocketHandler
    whenRemoved: WhenRemoved | undefined
    params: PathParams
    state: HandlerRunState | undefined
  }> = []
  /** Subscriptions by id; undefined while the handler is being chosen. */
  readonly #live = new Map<string, LiveSubscription | undefined>()
  /** The history's notes of each subscription still running, when the scope keeps a history. */
  readonly #notes = new Map<string, RequestNotes>()
  #initReceived = false
  #acknowledged = false
  #closed = false
  #connectionParams: Record<string, unknown> = {}
  #initTimer: ReturnType<typeof setTimeout> | undefined
  #passthrough: PassthroughConnection | undefined
  /** Settles with whether the connection was acknowledged. */
  #initDone: Promise<boolean> | undefined

  constructor(
    protocol: SocketProtocol,
    client: WebSocketClientConnectionProtocol,
    server: WebSocketServerConnectionProtocol,
    request: () => Request,
    requestId: string,
    pipeline: ConnectionPipeline | undefined,
  ) {
    this.#protocol = protocol
    this.#client = client
    this.#server = server
    this.#pipeline = pipeline
    this.#request = request
    this.#requestId = requestId
    client.addEventListener('message', (event) => {
      // The session speaks for the server: no client frame reaches a real one (see passthrough()).
      event.preventDefault()
      this.#receive(event.data)
    })
    // Every handler that takes the connection joins in this turn; the first one's options count.
    queueMicrotask(() => this.#startInitTimer())
  }

  /**
   * `state`: the handler's run state in the connection's scope, where a `once` handler records serving a
   * subscription.
   */
  add(handler: SocketHandler, whenRemoved?: WhenRemoved, params: PathParams = {}, state?: HandlerRunState): void {
    this.#handlers.push({ handler, whenRemoved, params, state })
  }

  send(message: object): void {
    const text = JSON.stringify(message)
    this.#client.send(text)
    const id = (message as { id?: unknown }).id
    if (typeof id === 'string') this.#notes.get(id)?.frame('out', text)
  }

  next(id: string, payload: GraphQLResponseBody<object | null>): void {
    this.send(this.#protocol.next(id, payload))
  }

  error(id: string, payload: readonly GraphQLResponseError[]): void {
    this.send(this.#protocol.error(id, payload))
  }

  complete(id: string): void {
    this.send(this.#protocol.complete(id))
  }

  ended(id: string): void {
    this.#live.delete(id)
    this.#notes.delete(id)
  }

  passthrough(subscription: LiveSubscription): PassthroughSubscription {
    if (this.#protocol !== transportWsProtocol) {
      subscription.error([
        {
          message:
            `subscription.passthrough() speaks graphql-transport-ws to the real server; the subscription "${subscription.operationName}" ` +
            `came over the legacy "${this.#protocol.name}" subprotocol. Move the client to graphql-ws, or publish its results from the handler.`,
        },
      ])
      return new PassthroughSubscription(subscription.operationName)
    }
    this.#passthrough ??= new PassthroughConnection(this.#server, this.#request().url, this.#connectionParams)
    return this.#passthrough.subscribe(subscription)
  }

  /** The socket closed: every subscription ends and runs its cleanup. */
  closed(): void {
    this.#closed = true
    clearTimeout(this.#initTimer)
    for (const live of [...this.#live.values()]) live?.stop()
    this.#live.clear()
    this.#notes.clear()
    this.#passthrough?.close()
  }

  /** The first option of the connection's handlers, in list order, that is set. */
  #option<Key extends keyof GraphQLConnectionOptions>(
    key: Key,
  ): { value: GraphQLConnectionOptions[Key]; header: string } | undefined {
    for (const { handler } of this.#handlers) {
      const value = handler.connectionOptions[key]
      if (value !== undefined) return { value, header: handler.info.header }
    }
    return undefined
  }

  #startInitTimer(): void {
    if (this.#initReceived || this.#closed) return
    const wait = this.#option('connectionInitWaitTimeout')?.value ?? DEFAULT_INIT_WAIT
    if (!Number.isFinite(wait)) return
    this.#initTimer = setTimeout(() => {
      if (!this.#initReceived) this.#client.close(4408, 'Connection initialisation timeout')
    }, wait)
  }

  #receive(data: unknown): void {
    const message = this.#protocol.read(data)
    if (typeof message === 'string') return this.#client.close(4400, message)
    switch (message.type) {
      case 'connection_init':
        if (this.#initReceived) return this.#client.close(4429, 'Too many initialisation requests')
        this.#initReceived = true
        clearTimeout(this.#initTimer)
        this.#initDone = this.#init(message.payload)
        return
      case 'ping':
        return this.send({ type: 'pong' })
      case 'pong':
        return
      case 'terminate':
        return this.#client.close(1000, 'Normal Closure')
      case 'complete': {
        this.#notes.get(message.id)?.frame('in', JSON.stringify(message))
        const live = this.#live.get(message.id)
        // Still choosing its handler: forgetting the id is enough, #subscribe checks for it.
        if (live === undefined) this.#live.delete(message.id)
        return live?.stop()
      }
      case 'subscribe':
        if (!this.#acknowledged && this.#initDone !== undefined && this.#protocol.subscribeWaitsForAck) {
          return void this.#initDone.then((acknowledged) => acknowledged && this.#receive(data))
        }
        if (!this.#acknowledged) return this.#client.close(4401, 'Unauthorized')
        if (this.#live.has(message.id)) return this.#client.close(4409, `Subscriber for ${message.id} already exists`)
        this.#live.set(message.id, undefined)
        void this.#subscribe(message).catch((error: unknown) => this.#fail(message.id, error))
    }
  }

  /** Asks the onConnect hook, then acknowledges (with its payload) or refuses with 4403. */
  async #init(payload: Record<string, unknown>): Promise<boolean> {
    this.#connectionParams = payload
    const hook = this.#option('onConnect')
    let verdict: Awaited<ReturnType<NonNullable<GraphQLConnectionOptions['onConnect']>>> = true
    try {
      if (hook?.value !== undefined)
        verdict = await hook.value(payload, { request: this.#request(), requestId: this.#requestId })
    } catch (error) {
      console.error(
        format(
          `The onConnect hook of "${hook?.header}" threw; mocklib closed the connection to ${this.#request().url} with 4500.`,
        ),
        error,
      )
      this.#client.close(4500, error instanceof Error ? error.message : String(error))
      return false
    }
    if (this.#closed) return false
    if (verdict === false) {
      const refused = this.#protocol.refused?.()
      if (refused !== undefined) this.send(refused)
      this.#client.close(4403, 'Forbidden')
      return false
    }
    this.#acknowledged = true
    this.send(this.#protocol.ack(typeof verdict === 'object' && verdict !== null ? verdict : undefined))
    return true
  }

  async #subscribe(message: SubscribeMessage): Promise<void> {
    const { id, payload } = message
    const operation: SubscribeOperation = {
      query: payload.query,
      operationName: payload.operationName ?? '',
      variables: payload.variables ?? {},
      extensions: payload.extensions ?? {},
      request: this.#request(),
    }
    const chosen = await this.#chooseOperation(operation)
    if (chosen === 'query' || chosen === 'mutation') return this.#answerOverHttp(id, operation)
    const handler = chosen === 'subscription' ? await this.#handlerFor(operation) : undefined
    if (!this.#live.has(id)) return // the client completed it meanwhile
    const entry = this.#handlers.find((candidate) => candidate.handler === handler)
    const ids = {
      requestId: this.#requestId,
      subscriptionId: id,
      connectionParams: this.#connectionParams,
      params: entry?.params,
    }
    const history = this.#pipeline?.history
    if (history !== undefined && (handler !== undefined || chosen === 'subscription')) {
      this.#notes.set(
        id,
        noteSubscription(history, operation, ids, handler as HandlerShape | undefined, JSON.stringify(message)),
      )
    }
    if (handler === undefined && chosen === 'subscription') {
      console.warn(format(this.#unmatchedWarning(operation)))
      return this.#reject(id, this.#unmatched(operation))
    }
    if (handler === undefined) return this.#reject(id, chosen)
    // A subscription reached the handler in the connection's scope (pendingHandlers()).
    if (entry?.state !== undefined) entry.state.reached = true
    const live = startSubscription(handler, operation, ids, this, entry?.whenRemoved)
    if (live.active) this.#live.set(id, live)
    const { operationName, query, variables, request } = operation
    this.#pipeline?.emitter?.emit('graphql:subscription', {
      operationName,
      query,
      variables,
      request,
      requestId: this.#requestId,
      subscriptionId: id,
    })
  }

  /** The selected operation's type (its name filled in), or why the document cannot be served. */
  async #chooseOperation(operation: SubscribeOperation): Promise<GraphQLOperationType | string> {
    const parsed = await parseDocument(operation.query)
    if (!parsed.ok) return `Syntax error in the subscribed document: ${parsed.error}`
    const chosen =
      operation.operationName === ''
        ? parsed.operations.length === 1
          ? parsed.operations[0]
          : undefined
        : parsed.operations.find((candidate) => candidate.name === operation.operationName)
    if (chosen === undefined) {
      return operation.operationName === ''
        ? 'The document has several operations: send "operationName" to pick one.'
        : `The document has no operation named "${operation.operationName}".`
    }
    operation.operationName = chosen.name ?? ''
    if (chosen.type !== 'subscription' && this.#pipeline === undefined) {
      return `mocklib cannot answer a ${chosen.type} sent over ${this.#protocol.name} here (${chosen.name ?? 'anonymous'}); send it over HTTP.`
    }
    return chosen.type
  }

  async #answerOverHttp(id: string, operation: SubscribeOperation): Promise<void> {
    const messages = await answerOverHttp(this.#pipeline as ConnectionPipeline, id, this.#requestId, operation)
    if (!this.#live.has(id)) return
    this.#live.delete(id)
    for (const message of messages) this.send(this.#inProtocol(id, message))
  }

  /** A graphql-transport-ws message of answerOverHttp() in this connection's protocol. */
  #inProtocol(id: string, message: { type: string; payload?: unknown }): object {
    if (message.type === 'next') return this.#protocol.next(id, message.payload as GraphQLResponseBody<object | null>)
    if (message.type === 'error') return this.#protocol.error(id, message.payload as GraphQLResponseError[])
    return this.#protocol.complete(id)
  }

  /**
   * The first handler that takes the operation; a `once` handler takes one subscription (in the connection's scope).
   */
  async #handlerFor(operation: SubscribeOperation): Promise<SocketHandler | undefined> {
    for (const { handler, state } of this.#handlers) {
      const once = handler.options.once === true
      if (once && state?.used === true) continue
      if (!(await handler.matches(operation))) continue
      if (once && state !== undefined) {
        if (state.used) continue // another subscription took it while this one was being matched
        state.used = true
        markHandlerUsed(handler as unknown as HandlerShape)
      }
      return handler
    }
    return undefined
  }

  #unmatched(operation: SubscribeOperation): string {
    const name =
      operation.operationName === '' ? 'an anonymous subscription' : `the subscription "${operation.operationName}"`
    const taken = this.#handlers.map(({ handler }) => `"${handler.info.header}"`).join(', ')
    return (
      `No graphql.subscription() handler matches ${name} at ${this.#request().url} (handlers on this connection: ${taken}). ` +
      `Add one: graphql.subscription('${operation.operationName || 'Name'}', ({ subscription }) => …)`
    )
  }

  /**
   * The console's side of an unmatched subscription (MSW 3.0's words first, so code that looks for them finds them).
   */
  #unmatchedWarning(operation: SubscribeOperation): string {
    const name = operation.operationName === '' ? '(anonymous)' : operation.operationName
    const taken = this.#handlers.map(({ handler }) => `"${handler.info.header}"`).join(', ')
    return (
      `Intercepted a GraphQL subscription "${name}" to "${this.#request().url}" that has no matching subscription handler; ` +
      `the client got an "error" message. Handlers on this connection: ${taken}. ` +
      `To mock it: graphql.subscription('${operation.operationName || 'Name'}', ({ subscription }) => …)`
    )
  }

  #reject(id: string, message: string): void {
    this.#live.delete(id)
    this.send(this.#protocol.error(id, [{ message }]))
    this.#notes.delete(id)
  }

  /** Choosing the operation or its handler failed: the subscription ends with an error. */
  #fail(id: string, error: unknown): void {
    const text = error instanceof Error ? error.message : String(error)
    console.error(
      format(`Subscription ${id} at ${this.#request().url} could not start; the client got an "error" message.`),
      error,
    )
    const live = this.#live.get(id)
    if (live === undefined) return this.#reject(id, text)
    live.error([{ message: text }])
  }
}
