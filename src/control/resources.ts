// The JSON documents of the control API's routes, shared by the server that writes them and
// the clients that read them (docs/control-protocol.md lists the routes).

import type { UnansweredReason } from '../runtime/call-history'
import type { HistoryFrame } from '../runtime/history-frame'
import type { NearMissReason } from '../runtime/near-miss'

export type { HistoryFrame }

/** `GET /__mocklib/health`: the only route answered without a token (liveness). */
export interface HealthInfo {
  name: 'mocklib'
  /** `server`: `mocklib serve` or `createMockServer()`; `remote`: a test process's `setupRemoteServer()`. */
  role: 'server' | 'remote'
  version: string
  protocol: number
  pid: number
}

/** One entry of `GET /__mocklib/handlers`, in list order (the first that answers wins). */
export interface HandlerInfo {
  /** Stable for the handler's life in the list; the key of `PATCH /__mocklib/handlers/:id`. */
  id: string
  /** 'http', 'graphql', 'ws', ... */
  kind: string
  /** What the handler matches, as its diagnostics print it: 'GET /user', 'query GetUser'. */
  header: string
  enabled: boolean
  /** The scenario that brought it in; absent for the module's default handlers and runtime ones. */
  scenario?: string
  /** Added at run time (`use`), dropped by `reset`. */
  runtime: boolean
  /** Requests this handler answered. */
  calls: number
}

/** `GET/PUT /__mocklib/scenario`. `name: null` is the module's default handlers alone. */
export interface ScenarioInfo {
  name: string | null
  /** The scenarios the module exports (GET only). */
  available?: string[]
}

/**
 * `POST /__mocklib/use`: a response described in JSON, put in front of the list. Either
 * `path` (with `method`, default any) or `operationName` (a GraphQL query, or the
 * `operationType` given) says what it answers.
 */
export interface UseSpec {
  method?: string
  path?: string
  operationName?: string
  operationType?: 'query' | 'mutation'
  status?: number
  headers?: Record<string, string>
  /** A string is sent as it is; anything else as JSON. A GraphQL `body` is the whole result ({ data }). */
  body?: unknown
  /** Answer one request, then step aside. */
  once?: boolean
  scope?: string
}

/** Why no handler answered a request the mock server or the remote saw. */
export type HistoryReason = UnansweredReason | 'proxied' | 'next'

/** One entry of `GET /__mocklib/requests` (newest last). */
export interface RequestRecord {
  id: string
  method: string
  url: string
  operationName?: string
  /** The header of the handler that answered (absent when none did). */
  handler?: string
  /**
   * Why no handler answered, in the words of the pipeline's history (runtime/call-history.ts),
   * plus the mock server's own: 'proxied' (sent to its upstream) and 'next' (left to the
   * middleware's next handler).
   */
  reason?: HistoryReason
  /** The response status; 0 for a network error or a request still in flight. */
  status: number
  durationMs: number
  startedAt: string
  scope?: string
  /**
   * For a request no handler took: the handler that came closest and why it did not match, in
   * the words of the pipeline's history (`HistoryEntry.nearMiss`), the handler named by its header.
   */
  nearMiss?: RecordedNearMiss
}

/** A near miss as the control API lists it (runtime/near-miss.ts's `NearMiss`, the handler as its header). */
export interface RecordedNearMiss {
  handler: string
  reasons: NearMissReason[]
  message: string
}

/** `GET /__mocklib/requests/:id`: a record with its messages (bodies as text, base64 when binary). */
export interface RequestDetails extends RequestRecord {
  requestHeaders: Array<[string, string]>
  requestBody?: BodyText
  responseHeaders: Array<[string, string]>
  responseBody?: BodyText
  /** WebSocket or SSE frames, in order, for a connection or stream. */
  frames?: HistoryFrame[]
}

export interface BodyText {
  text: string
  encoding?: 'base64'
  /** The body was longer than the history keeps; `text` is its beginning. */
  truncated?: boolean
}

/** One event of `GET /__mocklib/events` (the SSE `event:` field is `type`, `data:` the rest as JSON). */
export interface ControlEvent {
  /** `ready` comes first: the stream is live, later changes reach this reader. */
  type: 'ready' | 'request' | 'response' | 'frame' | 'handlers' | 'scenario'
  data: unknown
}
