import { format } from '../runtime/messages'
import type { GraphQLResponseBody, GraphQLResponseError } from '../graphql/types'
import type { GraphQLSubscriptionHandle } from './types'

/**
 * How a live subscription reaches its client: one sink per transport puts results, errors and
 * the end on its wire (graphql-transport-ws messages, GraphQL over SSE events, multipart parts).
 */
export interface SubscriptionSink {
  next(id: string, result: GraphQLResponseBody<object | null>): void
  /** Terminal: the transport ends the subscription with these errors. */
  error(id: string, errors: readonly GraphQLResponseError[]): void
  /** Terminal: the server completed the subscription. */
  complete(id: string): void
  /** The subscription is over, whoever ended it: the transport forgets its id. */
  ended(id: string): void
}

/**
 * One subscription's state: its handle, its cleanup callbacks and whether it is over.
 * `stop()` is the client's side (complete message, socket closed): nothing more is sent.
 */
export class LiveSubscription implements GraphQLSubscriptionHandle<object | null> {
  readonly #id: string
  readonly #sink: SubscriptionSink
  readonly #finalizers: Array<() => void> = []
  #active = true

  constructor(id: string, sink: SubscriptionSink) {
    this.#id = id
    this.#sink = sink
  }

  get active(): boolean {
    return this.#active
  }

  publish(result: GraphQLResponseBody<object | null>): void {
    if (this.#active) this.#sink.next(this.#id, result)
  }

  error(errors: readonly GraphQLResponseError[]): void {
    if (!this.#active) return
    this.#sink.error(this.#id, errors)
    this.stop()
  }

  complete(): void {
    if (!this.#active) return
    this.#sink.complete(this.#id)
    this.stop()
  }

  from(source: AsyncIterable<GraphQLResponseBody<object | null>> | Iterable<GraphQLResponseBody<object | null>>): void {
    void (async () => {
      try {
        for await (const result of source) {
          if (!this.#active) return
          this.publish(result)
        }
        this.complete()
      } catch (error) {
        this.error([{ message: error instanceof Error ? error.message : String(error) }])
      }
    })()
  }

  finalize(callback: () => void): void {
    if (this.#active) this.#finalizers.push(callback)
    else runFinalizer(callback)
  }

  /** Ends the subscription without a message and runs the cleanup callbacks, last first. */
  stop(): void {
    if (!this.#active) return
    this.#active = false
    this.#sink.ended(this.#id)
    while (this.#finalizers.length > 0) runFinalizer(this.#finalizers.pop() as () => void)
  }
}

function runFinalizer(callback: () => void): void {
  try {
    callback()
  } catch (error) {
    console.error(format('A graphql.subscription() finalize callback threw; the other callbacks still ran.'), error)
  }
}
