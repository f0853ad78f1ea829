// `mocklib/http`: the names MSW 3's `msw/http` exports (HTTP handlers and responses), for code
// written against it. Like src/index.ts, it first installs the Fetch API classes under Jest's jsdom environment.
import './runtime/fetch-globals'
export { http } from './rest/http'
export type { HttpRequestHandler } from './rest/http'
export { HttpMethods } from './rest/http-methods'
export { HttpHandler } from './rest/http-handler'
export type {
  HttpCustomPredicate,
  HttpHandlerInfo,
  HttpRequestParsedResult,
  HttpResponseResolver,
  StrictRequest,
} from './rest/http-handler'
export { HttpResponse } from './runtime/http-response'
export type { HttpResponseInit } from './runtime/http-response'
export type { HttpHandlerMethod, HttpRequestResolverExtras, RequestQuery } from './msw-type-names'
