import { iterateUntil } from '../runtime/iterate-until'
import { format } from '../runtime/messages'
import type { GraphQLResponseBody, GraphQLResponseError, GraphQLVariables } from '../graphql/types'
import { PassthroughSubscription } from './passthrough-subscription'
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
  /**
   * Serves the subscription from the real server (see passthrough-connection.ts); a transport
   * without it ends the subscription with an error naming the transport.
   */
  passthrough?(subscription: LiveSubscription): PassthroughSubscription
}

/** What the client asked to subscribe to. */
export interface SubscribedOperation {
  query: string
  operationName: string
  variables: GraphQLVariables
  extensions: Record<string, unknown>
}

/**
 * One subscription's state: its handle, its cleanup callbacks and whether it is over.
 * `stop()` is the client's side (complete message, socket closed): nothing more is sent.
 */
export class LiveSubscription implements GraphQLSubscriptionHandle<object | null> {
  readonly subscriptionId: string
  readonly operation: SubscribedOperation
  readonly #sink: SubscriptionSink
  readonly #finalizers: Array<() => void> = []
  /** mocklib's own bookkeeping (the handler's and link's sets), run before the user's finalizers. */
  readonly #onStop: Array<() => void> = []
  /** Aborted by stop(): what reads a source for this subscription stops reading. */
  readonly #stopped = new AbortController()
  #active = true

  constructor(id: string, operation: SubscribedOperation, sink: SubscriptionSink) {
    this.subscriptionId = id
    this.operation = operation
    this.#sink = sink
  }

  get active(): boolean {
    return this.#active
  }

  get operationName(): string {
    return this.operation.operationName
  }

  get variables(): GraphQLVariables {
    return this.operation.variables
  }

  get id(): string {
    return this.subscriptionId
  }

  get query(): string {
    return this.operation.query
  }

  /** Sends one result; after the end it only warns (the test holds a handle that outlived its subscription). */
  publish(result: GraphQLResponseBody<object | null>): void {
    if (this.#active) return this.#sink.next(this.subscriptionId, result)
    console.warn(
      format(
        `Failed to publish to the GraphQL subscription "${this.operationName || '(anonymous)'}": the subscription is no longer active ` +
          `(id ${this.subscriptionId}: completed, errored, unsubscribed by the client, or its handler was reset), so nothing was sent.`,
      ),
    )
  }

  error(errors: readonly GraphQLResponseError[]): void {
    if (!this.#active) return
    this.#sink.error(this.subscriptionId, errors)
    this.stop()
  }

  complete(): void {
    if (!this.#active) return
    this.#sink.complete(this.subscriptionId)
    this.stop()
  }

  /**
   * Publishes what `source` yields; the subscription ending (the client left) closes the source at once.
   * Settles once the source is over (completed, errored or closed), never rejecting: a resolver may await it.
   */
  from(source: AsyncIterable<object | null> | Iterable<object | null>): Promise<void> {
    return iterateUntil(
      source,
      this.#stopped.signal,
      (value) => this.#active && this.#sink.next(this.subscriptionId, asResult(value)),
    ).then(
      (end) => {
        if (end === 'done') this.complete()
      },
      (error: unknown) => this.error([{ message: error instanceof Error ? error.message : String(error) }]),
    )
  }

  passthrough(): PassthroughSubscription {
    if (!this.#active) return new PassthroughSubscription(this.operationName)
    if (this.#sink.passthrough !== undefined) return this.#sink.passthrough(this)
    this.error([
      {
        message:
          `subscription.passthrough() is available over graphql-transport-ws only; the subscription "${this.operationName}" ` +
          'came over another transport. Publish its results from the handler instead.',
      },
    ])
    return new PassthroughSubscription(this.operationName)
  }

  finalize(callback: () => void): void {
    if (this.#active) this.#finalizers.push(callback)
    else runFinalizer(callback)
  }

  /** @internal Runs when the subscription ends, before the finalize callbacks. */
  onStop(callback: () => void): void {
    if (this.#active) this.#onStop.push(callback)
    else callback()
  }

  /** Ends the subscription without a message and runs the cleanup callbacks, last first. */
  stop(): void {
    if (!this.#active) return
    this.#active = false
    this.#stopped.abort()
    this.#sink.ended(this.subscriptionId)
    for (const callback of this.#onStop.splice(0)) callback()
    while (this.#finalizers.length > 0) runFinalizer(this.#finalizers.pop() as () => void)
  }
}

const RESULT_KEYS = new Set(['data', 'errors', 'extensions'])

/**
 * A value of `from()` as the result to send: a whole result as it is, anything else as its
 * `data` (MSW 3.0 publishes `{ data: value }`, so a pub/sub's payloads can be passed in as they are).
 */
function asResult(value: object | null): GraphQLResponseBody<object | null> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { data: value }
  const keys = Object.keys(value)
  const whole = keys.length > 0 && keys.every((key) => RESULT_KEYS.has(key)) && ('data' in value || 'errors' in value)
  return whole ? (value as GraphQLResponseBody<object | null>) : { data: value }
}

function runFinalizer(callback: () => void): void {
  try {
    callback()
  } catch (error) {
    console.error(format('A graphql.subscription() finalize callback threw; the other callbacks still ran.'), error)
  }
}
