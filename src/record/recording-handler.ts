import type { RequestContext } from '../runtime/request-context'
import { RequestHandler, type MaybePromise, type ResolverInfoBase } from '../runtime/request-handler'
import type { RequestExpander } from '../runtime/request-expander'
import { graphqlBatchExpander } from '../graphql/batch'
import type { RepeatCounts } from './cassette'
import type { RequestIdentity } from './request-key'

/** What the recorder does with a request it takes. */
export type RecordAction = 'replay' | 'record' | 'refuse' | 'passthrough'

export interface RecordingResolverInfo extends ResolverInfoBase {
  readonly action: RecordAction
  /** Undefined in passthrough mode, where requests are not looked at. */
  readonly identity: RequestIdentity | undefined
  /** The repeat counts of the scope resolving the request (a server, a boundary, getResponse()). */
  readonly counts: RepeatCounts
}

/** The recorder's side of its handler: what to do with a request, and doing it. */
export interface RecordingBackend {
  readonly header: string
  decide(ctx: RequestContext): Promise<RecordingResolverInfo | null>
  answer(info: RecordingResolverInfo): Promise<Response>
}

/**
 * The one handler of a recorder (or of `fromHar()`), placed in the handler list like any
 * other: it takes the requests its recording answers or its mode records, and leaves the rest
 * to the handlers after it and the unhandled-request strategy. It splits GraphQL batches with
 * the GraphQL handlers' expander, so each operation of a batch is recorded and replayed alone.
 */
export class RecordingHandler extends RequestHandler<RecordingResolverInfo> {
  override readonly kind = 'record'
  /** @internal */
  override readonly expander: RequestExpander = graphqlBatchExpander
  readonly #backend: RecordingBackend

  constructor(backend: RecordingBackend) {
    super(backend.header, (info) => backend.answer(info))
    this.#backend = backend
  }

  override match(ctx: RequestContext): MaybePromise<RecordingResolverInfo | null> {
    return this.#backend.decide(ctx)
  }
}
