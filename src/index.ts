// The `mocklib` entry: handlers, responses and utilities shared by Node and the browser.
// It loads no `graphql` until a GraphQL handler actually reads a request.
// First: under Jest's jsdom environment this installs the Fetch API classes everything below extends.
import './runtime/fetch-globals'
export { http } from './rest/http'
export type { HttpHandlerFactory, HttpNamespace, HttpRequestHandler } from './rest/http'
export { HttpMethods } from './rest/http-methods'
export { HttpHandler } from './rest/http-handler'
export type {
  HttpCustomPredicate,
  HttpCustomPredicateInfo,
  HttpCustomPredicateResult,
  HttpHandlerInfo,
  HttpMethod,
  HttpPredicate,
  HttpResolverInfo,
  HttpResponseResolver,
  PathParams,
  StrictRequest,
} from './rest/http-handler'
export { parseCookieHeader } from './rest/cookies'
export { getCleanUrl } from './rest/path-pattern'
export { matchRequestUrl } from './rest/match-request-url'
export { cleanUrl, getCleanUrlString } from './rest/clean-url'
export type { Match, Path } from './rest/match-request-url'

export { graphql } from './subscriptions/graphql-namespace'
export type {
  GraphQLLinkOptions,
  GraphQLLinkSubscriptions,
  GraphQLSubscriptionFactory,
  GraphQLSubscriptionHandlers,
  GraphQLWithSubscriptions,
} from './subscriptions/graphql-namespace'
export { GraphQLSubscriptionHandler } from './subscriptions/subscription-handler'
export type { GraphQLSubscriptionLinkState } from './subscriptions/subscription-handler'
export type {
  GraphQLConnectHook,
  GraphQLConnectInfo,
  GraphQLConnectionOptions,
  GraphQLPassthroughEvent,
  GraphQLPassthroughEventMap,
  GraphQLPassthroughListener,
  GraphQLPassthroughSubscription,
  GraphQLSubscriptionHandle,
  GraphQLSubscriptionOptions,
  GraphQLSubscriptionResolver,
  GraphQLSubscriptionResolverInfo,
} from './subscriptions/types'
export type {
  GraphQLHandlers,
  GraphQLLinkHandlers,
  GraphQLNamespace,
  GraphQLOperationHandler,
  GraphQLRequestHandler,
  TypedGraphQLLinkHandlers,
} from './graphql/graphql'
export type {
  GeneratedOperations,
  GraphQLOperationEntry,
  GraphQLOperationMap,
  KnownOperationType,
  OperationNames,
  OperationTypeCheck,
  TypedGraphQLRequestHandler,
  Unmasked,
} from './graphql/typed-operations'
export { incrementalResponse } from './graphql/incremental-response'
export type { IncrementalInitial, IncrementalPart, IncrementalResponseOptions } from './graphql/incremental-response'
export type { IncrementalError, IncrementalFormat, ResultPath } from './graphql/incremental-format'
export { GraphQLHandler } from './graphql/graphql-handler'
export type { GraphQLHandlerInfo, GraphQLRequestParsedResult } from './graphql/graphql-handler'
export type { HandlerOperationType } from './graphql/compile-predicate'
export type {
  DocumentTypeDecoration,
  GraphQLCustomPredicate,
  GraphQLCustomPredicateInfo,
  GraphQLCustomPredicateResult,
  GraphQLDocumentNode,
  GraphQLExtensions,
  GraphQLJsTypedDocument,
  GraphQLOperationType,
  GraphQLPredicate,
  GraphQLQuery,
  GraphQLResolverInfo,
  GraphQLResponseBody,
  GraphQLResponseError,
  GraphQLResponseResolver,
  GraphQLVariables,
  LegacyTypedDocument,
  PersistedDocument,
  ResultOf,
  TypedDocument,
  VariablesOf,
} from './graphql/types'

export { ws } from './ws/ws'
export type { WebSocketLink, WebSocketNamespace } from './ws/ws'
export { WebSocketHandler } from './ws/websocket-handler'
export type { WebSocketCallArgs } from './ws/websocket-handler'
export { WebSocketConnectionEvent } from './ws/connection-event'
export type { WebSocketEventListener, WebSocketHandlerEventMap } from './ws/connection-event'
export type { WebSocketClientRegistry, WebSocketResolverInfo } from './ws/websocket-handler'
export { WebSocketExtension } from './ws/websocket-extension'
export type {
  AnyWebSocketExtension,
  WebSocketExtensionApi,
  WebSocketExtensionContext,
  WebSocketExtensionMessage,
  WebSocketExtensionMessageContext,
  WebSocketExtensionResult,
  WebSocketLinkApi,
  WebSocketLinkMessage,
  WebSocketLinkOptions,
} from './ws/websocket-extension'
export { SocketIo } from './ws/socket-io'
export type { SocketIoApi, SocketIoMessage, SocketIoRooms } from './ws/socket-io'
export type {
  WebSocketClientConnectionProtocol,
  WebSocketClientSocket,
  WebSocketClientEventMap,
  WebSocketCloseEvent,
  WebSocketData,
  WebSocketHandlerConnection,
  WebSocketListener,
  WebSocketListenerTarget,
  WebSocketMessageEvent,
  WebSocketServerConnectionProtocol,
  WebSocketServerEventMap,
} from './ws/types'

export { HttpResponse } from './runtime/http-response'
export type { DefaultBodyType, HttpResponseInit, ResponseBodyInit } from './runtime/http-response'
export { delay, MAX_DELAY_MS } from './runtime/delay'
export type { DelayDistribution } from './runtime/delay'
export { seededRandom } from './runtime/seeded-random'
export { fault } from './runtime/fault'
export { networkPresets, throttle } from './runtime/throttle'
export { createChaos } from './runtime/chaos'
export type { Chaos, ChaosFault, ChaosOptions, ChaosOutcome } from './runtime/chaos'
export type { NetworkConditions, NetworkPreset } from './runtime/throttle'
export type { NetworkOption } from './runtime/scope-network'
export type { DroppableClient, FaultKind } from './runtime/fault'
export type { DelayMode } from './runtime/delay'
export { passthrough, isPassthroughResponse } from './runtime/passthrough'
export { bypass } from './runtime/bypass'
export type { BypassRequestInput } from './runtime/bypass'
export { getResponse } from './runtime/get-response'
export type { ResolutionContext } from './runtime/get-response'
export { isCommonAssetRequest } from './runtime/is-common-asset'
export { RequestHandler } from './runtime/request-handler'
export type {
  AsyncResponseResolverReturnType,
  HandlerInfo,
  IndexFamily,
  IndexHint,
  MaybePromise,
  RequestHandlerArgs,
  RequestHandlerOptions,
  RequestKeys,
  ResolverCleanup,
  ResolverExtras,
  ResolverInfoBase,
  ResponseResolver,
  ResponseResolverReturnType,
} from './runtime/request-handler'
export type { RequestContext } from './runtime/request-context'
// What a RequestContext holds of its request before a Fetch Request is made (request-draft.ts).
export type { DraftParts, RequestDraft, RequestHead, SourceRequest } from './runtime/request-draft'
export type { HandlerRunArgs, HandlerRunResult, ParsedResultOf } from './runtime/run-handler'
export type { MemberArgs } from './runtime/handler-members'
export type { HandlerShape } from './runtime/handler-shape'
export type {
  LifeCycleEventName,
  LifeCycleEventPayload,
  LifeCycleEvents,
  LifeCycleEventsMap,
  LifeCycleListener,
  WebSocketConnectionPayload,
} from './runtime/emitter'
export { handleRequest, onUnhandledRequest } from './runtime/public-pipeline'
export { SetupApi, type HandlerListApi } from './runtime/setup-api'
export type {
  AnyHandler,
  DefaultRequestMultipartBody,
  GraphQLJsonRequestBody,
  GraphQLRequestBody,
  HttpHandlerMethod,
  HttpRequestParsedResult,
  HttpRequestResolverExtras,
  ParsedGraphQLRequest,
  JsonBodyType,
  RequestQuery,
  ResponseResolutionContext,
  ResponseResolverInfo,
  ServerSentEventResolverExtras,
  SharedOptions,
  StrictResponse,
  WebSocketHandlerOptions,
} from './msw-type-names'
export type { HandleRequestOptions, LifeCycleEventSink } from './runtime/public-pipeline'
export { UnhandledRequestError } from './runtime/unhandled-request'
export { UnusedHandlersError } from './runtime/unused-handlers'
export type { UnusedHandlerCheckpoint, UnusedHandlerDetails, UnusedHandlerStrategy } from './runtime/unused-handlers'
export type {
  CallBase,
  HandlerCall,
  HistoryEntry,
  HistoryOption,
  RecordedResponse,
  UnansweredReason,
  UnhandledPart,
} from './runtime/call-history'
export type { RequestPredicate, WaitForRequestOptions } from './runtime/wait-for-request'
export type { NearMiss, NearMissReason } from './runtime/near-miss'
export type { FrameData, HistoryFrame } from './runtime/history-frame'
export type { RequestVerification, VerificationOptions } from './runtime/verification-api'
export { MocklibTypeError } from './runtime/errors'
export type { MocklibErrorCode } from './runtime/errors'
export type {
  HttpUnhandledFrame,
  UnhandledFrame,
  UnhandledFrameCallback,
  UnhandledFrameDefaults,
  UnhandledFrameHandle,
  UnhandledFrameStrategy,
  WebSocketUnhandledFrame,
} from './runtime/unhandled-frame'
export type {
  UnhandledRequestCallback,
  UnhandledRequestPrint,
  UnhandledRequestStrategy,
} from './runtime/unhandled-request'

export { sse } from './sse/sse'
export type { ServerSentEventRequestHandler } from './sse/sse'
export { ServerSentEventHandler } from './sse/sse-handler'
export type {
  ServerSentEventHandlerOptions,
  ServerSentEventResolver,
  ServerSentEventResolverInfo,
} from './sse/sse-handler'
export { ServerSentEventClient } from './sse/sse-client'
export type { ServerSentEventMap, ServerSentEventMessage } from './sse/sse-client'
export { ServerSentEventServer } from './sse/sse-server'
export { ServerSentEventSource } from './sse/sse-source'
export type { ServerSentEventSourceEventMap } from './sse/sse-source'
export type { EventStreamEnd, EventStreamWriter } from './sse/event-stream-writer'
export type { EventStreamFields } from './sse/event-stream-encoder'
