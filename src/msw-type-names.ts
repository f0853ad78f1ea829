// MSW 2.14's and 3's names for types mocklib has under its own names (or spells out), so that type
// imports written for MSW keep compiling after `msw` → `mocklib`.
import type { HttpResolverInfo, PathParams, StrictRequest } from './rest/http-handler'
import type { GraphQLLinkHandlers } from './graphql/graphql'
import type {
  GraphQLExtensions,
  GraphQLOperationType,
  GraphQLPredicate,
  GraphQLQuery,
  GraphQLResponseBody,
  GraphQLVariables,
} from './graphql/types'
import type { GraphQLLinkSubscriptions, GraphQLSubscriptionFactory } from './subscriptions/graphql-namespace'
import type {
  GraphQLPassthroughEventMap,
  GraphQLSubscriptionHandle,
  GraphQLSubscriptionOptions,
} from './subscriptions/types'
import type { ServerSentEventMap } from './sse/sse-client'
import type { ServerSentEventResolverInfo } from './sse/sse-handler'
import type { DefaultBodyType, HttpResponse } from './runtime/http-response'
import type { ResolutionContext } from './runtime/get-response'
import type { RequestHandler } from './runtime/request-handler'
import type { UnhandledFrameHandle } from './runtime/unhandled-frame'
import type { UnhandledRequestStrategy } from './runtime/unhandled-request'

/** A body `HttpResponse.json()` accepts (MSW's name; mocklib's `DefaultBodyType`). */
export type JsonBodyType = DefaultBodyType

/** @deprecated Use `HttpResponse<BodyType>`, as in MSW 2. */
export type StrictResponse<BodyType extends DefaultBodyType> = HttpResponse<BodyType>

/** A `multipart/form-data` request body read into fields. */
export type DefaultRequestMultipartBody = Record<string, string | File | Array<string | File>>

/** What every resolver receives, plus the keys of its handler kind (`Extra`). */
export type ResponseResolverInfo<
  Extra extends object = Record<string, unknown>,
  RequestBody extends DefaultBodyType = DefaultBodyType,
> = { request: StrictRequest<RequestBody>; requestId: string } & Extra

/** Where relative handler paths are resolved (MSW's name for `getResponse()`'s third argument). */
export type ResponseResolutionContext = ResolutionContext

/** The keys an HTTP resolver receives beside the request. */
export type HttpRequestResolverExtras<Params extends PathParams = PathParams> = Omit<
  HttpResolverInfo<Params>,
  'request' | 'requestId'
>

/** The method an `HttpHandler` matches: a name, or a RegExp over names. */
export type HttpHandlerMethod = string | RegExp

/** Query parameters by name. */
export type RequestQuery = { [queryName: string]: string }

/** The options `listen()` and `start()` share. */
export interface SharedOptions {
  onUnhandledRequest?: UnhandledRequestStrategy
  /** MSW 3's name for `onUnhandledRequest`. */
  onUnhandledFrame?: UnhandledFrameHandle
}

/** Any handler a setup accepts (REST, GraphQL, WebSocket, server-sent events). */
export type AnyHandler = RequestHandler

/** A GraphQL request sent as JSON. */
export interface GraphQLJsonRequestBody<Variables extends GraphQLVariables = GraphQLVariables> {
  query: string
  variables?: Variables
  operationName?: string
  extensions?: GraphQLExtensions
}

/** A GraphQL request body: JSON, the fields of a multipart upload, or another object. */
export type GraphQLRequestBody<Variables extends GraphQLVariables = GraphQLVariables> =
  GraphQLJsonRequestBody<Variables> | Record<string, unknown> | undefined

/** A GraphQL request as read from its body or URL; `undefined` when it is not one. */
export type ParsedGraphQLRequest<Variables extends GraphQLVariables = GraphQLVariables> =
  { operationType: GraphQLOperationType; operationName?: string; query: string; variables?: Variables } | undefined

/** What an HTTP handler reads from a request it matches: the URL match and the cookies. */
export type { HttpRequestParsedResult } from './rest/http-handler'

/** The keys a server-sent events resolver receives beside the request. */
export type ServerSentEventResolverExtras<
  EventMap extends ServerSentEventMap = { message: unknown },
  Params extends PathParams = PathParams,
> = Omit<ServerSentEventResolverInfo<EventMap, Params>, 'request' | 'requestId'>

// MSW 3's names (msw/graphql) for mocklib's subscription and link types.

/** A link's handlers: queries, mutations, operations and subscriptions at one endpoint. */
export type GraphQLLink = GraphQLLinkHandlers & GraphQLLinkSubscriptions

/** `link.subscription`: creates a subscription handler. */
export type GraphQLSubscriptionHandlerFactory = GraphQLSubscriptionFactory

/** The options of a subscription handler. */
export type GraphQLSubscriptionHandlerOptions = GraphQLSubscriptionOptions

/** What a subscription handler matches: an operation name, a RegExp, a document or a custom predicate. */
export type GraphQLSubscriptionName<
  Query extends GraphQLQuery = GraphQLQuery,
  Variables extends GraphQLVariables = GraphQLVariables,
> = GraphQLPredicate<Query, Variables>

/** One result published to a subscription. */
export type GraphQLSubscriptionPayload<Query extends GraphQLQuery = GraphQLQuery> = GraphQLResponseBody<Query>

/** A subscription as its resolver sees it (a type: mocklib's subscriptions are not built with `new`). */
export type GraphQLSubscription<
  Query extends GraphQLQuery = GraphQLQuery,
  Variables extends GraphQLVariables = GraphQLVariables,
> = GraphQLSubscriptionHandle<Query, Variables>

/** What the real server sends for a passed-through subscription, by event type. */
export type GraphQLPassthroughSubscriptionEventMap<Query extends GraphQLQuery = GraphQLQuery> =
  GraphQLPassthroughEventMap<Query>

export type { WebSocketHandlerOptions } from './ws/websocket-handler'
