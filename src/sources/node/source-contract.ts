import type { HttpRequestEventMap } from '@mswjs/interceptors'
import type { ConnectionOutcome } from '../../ws/handle-connection'
import type { WebSocketConnection } from '../../ws/websocket-connection'
import type { SourceKind } from './source-kind'
import type { SourceRequest } from '../../runtime/request-draft'

export type InterceptedRequest = HttpRequestEventMap['request'][0]
export type InterceptedResponse = HttpRequestEventMap['response'][0]

/** Which source caught a request: XMLHttpRequest answers need one adjustment, fetch passthroughs another. */
export type RequestVia = 'http' | 'xhr' | 'fetch'

/** How a source answers one request: the interceptors' controller, or the fetch source's. */
export interface AnswerController {
  respondWith(response: Response): void
  errorWith(reason?: unknown): void
  /** Performs the request as it is (called for fetch requests; the others pass through when left alone). */
  passthrough(): Promise<void>
}

/** One request handed to a server: answered through its controller, or left alone (passthrough). */
export interface SinkRequest {
  /** The lean fetch source hands over drafts (runtime/request-draft.ts), made into a `Request` on demand. */
  readonly request: SourceRequest
  readonly requestId: string
  readonly controller: AnswerController
}

/** Which source answers the global `fetch` for a server (see fetch-source.ts). */
export type FetchSourceKind = SourceKind

/** Which source answers `http`/`https` requests for a server (see http-source.ts). */
export type HttpSourceKind = SourceKind

/** A listening server, as the sources of a global scope see it. */
export interface RequestSink {
  /** Answers one request (through its controller), or leaves it alone. */
  answer(args: SinkRequest, via: RequestVia): Promise<void>
  /** Whether the server wants to observe real responses (`response:bypass`). */
  readonly wantsResponses: boolean
  /** Whether the fetch source or the fetch interceptor answers this server's `fetch` calls. */
  readonly fetchSource: FetchSourceKind
  /** Whether the lean http source or the ClientRequest interceptor answers this server's `http.request` calls. */
  readonly httpSource: HttpSourceKind
  /** A real or mocked response reached the client of a request this server answered. */
  observeResponse(args: InterceptedResponse): void
  /** Whether one of the server's handlers would take a WebSocket connection to `url` (nothing runs). */
  takesConnection(url: URL, protocols: string[] | undefined): boolean
  /** Handles one intercepted WebSocket connection; the client opens once this settles, as its outcome says. */
  connect(connection: WebSocketConnection): Promise<ConnectionOutcome>
}
