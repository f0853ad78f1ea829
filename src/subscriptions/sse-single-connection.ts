import type { CompiledEndpoint } from '../graphql/endpoint'
import { graphqlSseTokenOf } from '../graphql/event-stream-result'
import type { GraphQLResponseBody, GraphQLResponseError } from '../graphql/types'
import type { ConnectionPipeline } from '../ws/websocket-handler'
import { onAbort } from '../runtime/on-abort'
import type { MaybePromise } from '../runtime/maybe-promise'
import type { WhenHandlerRemoved } from '../runtime/outlives-request'
import type { RequestContext } from '../runtime/request-context'
import type { EventStreamFields } from '../sse/event-stream-encoder'
import { eventStreamResponse, EventStreamWriter } from '../sse/event-stream-writer'
import { acceptsEventStream } from '../sse/sse-handler'
import { EventStreamSink } from './event-stream-sink'
import { answerOverHttp } from './operation-over-socket'
import { readHttpOperation } from './read-http-subscription'
import { startSubscription, type SessionHandler, type SubscribeOperation } from './start-subscription'
import { followRequest } from './stream-lifetime'
import type { LiveSubscription } from './subscription-handle'

/**
 * Answers a request the handler took (run as its resolver, never while matching); a
 * subscription it starts completes through `whenRemoved` when its handler leaves the list.
 */
export type ServeHttp = ((whenRemoved?: WhenHandlerRemoved) => Response) & {
  /** The subscription it starts, when it starts one: its call in the history names the operation. */
  operation?: SubscribeOperation
}

/** Reservations by token, from the PUT that made them until their stream ends. */
const reservations = new Map<string, StreamReservation>()

/**
 * graphql-sse's "single connection" mode (its PROTOCOL.md): PUT makes a reservation (201 and
 * a token), GET with the token opens its event stream, each operation is a POST with the
 * token and `extensions.operationId` (202; results arrive on the stream as
 * `next {id, payload}` and `complete {id}`), and `DELETE ?operationId=` stops one.
 * Undefined when the request is none of these, so the distinct connections mode may take it.
 * A PUT carries nothing that marks it as GraphQL, so only handlers with a link take one.
 */
export function matchSingleConnection(
  handler: SessionHandler,
  endpoint: CompiledEndpoint | undefined,
  ctx: RequestContext,
): MaybePromise<ServeHttp | null> | undefined {
  const { request } = ctx
  const { token } = graphqlSseTokenOf(ctx)
  if (token === null) {
    if (request.method !== 'PUT' || endpoint === undefined || !endpoint.matches(ctx)) return undefined
    return () => reserve(ctx)
  }
  const reservation = reservations.get(token)
  if (reservation === undefined || (endpoint !== undefined && !endpoint.matches(ctx))) return undefined
  switch (request.method) {
    case 'GET':
      return acceptsEventStream(request.headers.get('accept')) ? () => reservation.open(ctx) : null
    case 'DELETE':
      return () => reservation.stop(ctx.url.searchParams.get('operationId'))
    case 'POST':
      return readHttpOperation(ctx).then(async (read) => {
        if (read === undefined) return null
        // Queries and mutations: the first subscription handler at the URL runs them through the list.
        if (read.type !== 'subscription') return () => reservation.answer(read.operation, ctx)
        if (!(await handler.matches(read.operation))) return null
        const serve: ServeHttp = (whenRemoved) => reservation.start(handler, read.operation, ctx, whenRemoved)
        return Object.assign(serve, { operation: read.operation })
      })
    case 'PUT':
      return () => errorResponse(409, 'Stream already registered')
    default:
      return null
  }
}

function reserve(ctx: RequestContext): Response {
  const token =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  const reservation = new StreamReservation(token)
  reservations.set(token, reservation)
  if (ctx.lifetime !== undefined) reservation.onEnd(onAbort(ctx.lifetime, () => reservation.end()))
  return new Response(token, { status: 201, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}

function errorResponse(status: number, message: string): Response {
  return new Response(JSON.stringify({ errors: [{ message }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

/** One reserved stream and the operations running on it; events sent before it opens wait. */
class StreamReservation {
  readonly #token: string
  readonly #live = new Map<string, LiveSubscription>()
  readonly #waiting: EventStreamFields[] = []
  readonly #sink: EventStreamSink
  readonly #onEnd: Array<() => void> = []
  #writer: EventStreamWriter | undefined

  constructor(token: string) {
    this.#token = token
    this.#sink = new EventStreamSink(
      {
        send: (fields) => (this.#writer === undefined ? this.#waiting.push(fields) : this.#writer.send(fields)),
        completed: () => {},
        ended: (id) => this.#live.delete(id),
      },
      true,
    )
  }

  open(ctx: RequestContext): Response {
    if (this.#writer !== undefined) return errorResponse(409, 'Stream already open')
    const writer = (this.#writer = new EventStreamWriter())
    writer.onWrite = ctx.streamFrames()
    for (const fields of this.#waiting.splice(0)) writer.send(fields)
    writer.signal.addEventListener('abort', () => this.end(), { once: true })
    followRequest(ctx, writer.signal, { left: (reason) => writer.abandon(reason), stopped: () => writer.close() })
    return eventStreamResponse(writer)
  }

  start(
    handler: SessionHandler,
    operation: SubscribeOperation,
    ctx: RequestContext,
    whenRemoved?: WhenHandlerRemoved,
  ): Response {
    const id = operation.extensions.operationId
    if (typeof id !== 'string' || id === '') return errorResponse(400, 'Operation ID is missing')
    if (this.#live.has(id)) return errorResponse(409, 'Operation with ID already exists')
    const live = startSubscription(
      handler,
      operation,
      { requestId: ctx.requestId, subscriptionId: id },
      this.#sink,
      whenRemoved,
    )
    if (live.active) this.#live.set(id, live)
    return new Response(null, { status: 202 })
  }

  /**
   * A query or mutation: answered by the handlers that answer it over HTTP (a plain POST to the
   * same URL through the same list), its result sent on the stream as `next` then `complete`.
   */
  answer(operation: SubscribeOperation, ctx: RequestContext): Response {
    const id = operation.extensions.operationId
    if (typeof id !== 'string' || id === '') return errorResponse(400, 'Operation ID is missing')
    const sink = this.#sink
    const send = (message: { type: 'next' | 'error' | 'complete'; payload?: unknown }) => {
      if (message.type === 'next') sink.next(id, message.payload as GraphQLResponseBody<object | null>)
      else if (message.type === 'complete') sink.complete(id)
      else sink.error(id, message.payload as GraphQLResponseError[])
    }
    if (ctx.rerun === undefined) {
      const message =
        "mocklib cannot answer a query or mutation sent over graphql-sse's single connection mode under getResponse(); use distinct connections."
      send({ type: 'error', payload: [{ message }] })
    } else {
      const pipeline = ctx.rerun as ConnectionPipeline
      void answerOverHttp(pipeline, id, ctx.requestId, operation, 'GraphQL over SSE').then((messages) => {
        for (const message of messages) send(message)
      })
    }
    return new Response(null, { status: 202 })
  }

  stop(id: string | null): Response {
    if (id === null || id === '') return errorResponse(400, 'Operation ID is missing')
    this.#live.get(id)?.stop()
    return new Response(null, { status: 200 })
  }

  /** Runs `callback` when the reservation ends. */
  onEnd(callback: () => void): void {
    this.#onEnd.push(callback)
  }

  /** The stream ended (or the server stopped): every operation on it ends and runs its cleanup. */
  end(): void {
    if (!reservations.delete(this.#token)) return
    for (const callback of this.#onEnd.splice(0)) callback()
    for (const live of [...this.#live.values()]) live.stop()
    this.#writer?.close()
  }
}
