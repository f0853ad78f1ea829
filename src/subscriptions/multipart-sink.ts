import type { MultipartMixedWriter } from '../graphql/multipart-mixed-writer'
import type { GraphQLResponseBody, GraphQLResponseError } from '../graphql/types'
import type { SubscriptionSink } from './subscription-handle'

/**
 * Apollo's multipart HTTP subscriptions (`Accept: multipart/mixed;subscriptionSpec=1.0`, what
 * Apollo Client's HttpLink sends for a subscription): each result is a JSON part
 * `{ payload: result }`, `{}` is a heartbeat, and the closing delimiter completes the
 * subscription. A fatal error is the part `{ payload: null, errors }` before the close, which
 * Apollo Client reports as protocol errors. One response carries one subscription.
 */
export class MultipartSink implements SubscriptionSink {
  readonly #writer: MultipartMixedWriter

  constructor(writer: MultipartMixedWriter) {
    this.#writer = writer
  }

  heartbeat(): void {
    this.#writer.writeJson({})
  }

  next(_id: string, result: GraphQLResponseBody<object | null>): void {
    this.#writer.writeJson({ payload: result })
  }

  error(_id: string, errors: readonly GraphQLResponseError[]): void {
    this.#writer.writeJson({ payload: null, errors })
    this.#writer.close()
  }

  complete(): void {
    this.#writer.close()
  }

  ended(): void {}
}
