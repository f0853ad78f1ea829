import type { CallHistory } from '../runtime/call-history'
import type { LifeCycleEmitter } from '../runtime/emitter'
import type { PipelineResult } from '../runtime/handle-request'

/**
 * Runs an HTTP request through the handler list the connection was matched against
 * (the request pipeline), for protocols that carry requests over the socket (GraphQL queries
 * sent over graphql-transport-ws).
 */
export interface ConnectionPipeline {
  (request: Request, requestId: string): Promise<PipelineResult>
  /** The lifecycle events of the server or worker the connection came through (for `graphql:subscription`). */
  readonly emitter?: LifeCycleEmitter
  /** The history of the scope the connection belongs to, when it keeps one (what runs on the connection is noted there). */
  readonly history?: CallHistory
}
