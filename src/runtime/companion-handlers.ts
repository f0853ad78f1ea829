import type { RequestHandler } from './request-handler'

const kCompanions = Symbol.for('mocklib.companionHandlers')

interface Carrier {
  readonly [kCompanions]?: readonly RequestHandler[]
}

/**
 * Handlers of other kinds that a handler brings into the list with it, in its place: the schema
 * executor's handler answers GraphQL over HTTP itself and brings the subscription handler that
 * serves its subscriptions on WebSocket connections. Pipelines that look for a kind other than
 * the carrier's (ws/handle-connection.ts) look at the companions too. Keyed by a global symbol,
 * so the ESM and CommonJS builds agree.
 */
export function companionsOf(handler: RequestHandler): readonly RequestHandler[] {
  return (handler as Carrier)[kCompanions] ?? []
}

/** Makes `handler` carry `companions` (see companionsOf). */
export function carryCompanions<Handler extends RequestHandler>(handler: Handler, companions: readonly RequestHandler[]): Handler {
  Object.defineProperty(handler, kCompanions, { value: Object.freeze([...companions]), enumerable: false })
  return handler
}
