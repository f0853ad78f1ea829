import type { GraphQLResponseBody, GraphQLResponseError } from '../graphql/types'
import type { EventStreamFields } from '../sse/event-stream-encoder'
import type { SubscriptionSink } from './subscription-handle'

/**
 * Where GraphQL over SSE events go: the stream of one response (distinct connections mode) or
 * a reserved stream that several operations share (single connection mode).
 */
export interface EventStreamTarget {
  send(fields: EventStreamFields): void
  /** The server completed operation `id` (in distinct connections mode the stream then ends). */
  completed(id: string): void
  /** The subscription ended, whoever ended it. */
  ended(id: string): void
}

/**
 * The GraphQL over SSE wire format (the graphql-sse library's PROTOCOL.md): each result is an
 * `event: next` whose data is the execution result (single connection mode: `{ id, payload }`),
 * and `event: complete` ends the operation (data empty, or `{ id }`). The protocol has no
 * error event: errors travel as a result carrying `errors`, then `complete`.
 */
export class EventStreamSink implements SubscriptionSink {
  readonly #channel: EventStreamTarget
  readonly #withIds: boolean

  constructor(channel: EventStreamTarget, withIds: boolean) {
    this.#channel = channel
    this.#withIds = withIds
  }

  next(id: string, result: GraphQLResponseBody<object | null>): void {
    this.#channel.send({ event: 'next', data: JSON.stringify(this.#withIds ? { id, payload: result } : result) })
  }

  error(id: string, errors: readonly GraphQLResponseError[]): void {
    this.next(id, { errors })
    this.complete(id)
  }

  complete(id: string): void {
    this.#channel.send({ event: 'complete', data: this.#withIds ? JSON.stringify({ id }) : '' })
    this.#channel.completed(id)
  }

  ended(id: string): void {
    this.#channel.ended(id)
  }
}
