import type { DefaultBodyType } from '../runtime/http-response'
import type { RequestHandlerOptions } from '../runtime/request-handler'
import { HttpHandler, type HttpPredicate, type HttpResponseResolver, type PathParams } from './http-handler'

/** Creates a handler for one HTTP method; the generics type params and bodies. */
export type HttpHandlerFactory = <
  Params extends PathParams<keyof Params> = PathParams,
  RequestBody extends DefaultBodyType = DefaultBodyType,
  ResponseBody extends DefaultBodyType = DefaultBodyType,
>(
  predicate: HttpPredicate<Params>,
  resolver: HttpResponseResolver<Params, RequestBody, ResponseBody>,
  options?: RequestHandlerOptions,
) => HttpHandler<Params, RequestBody, ResponseBody>

/** MSW's name for a handler factory such as `http.get`. */
export type HttpRequestHandler = HttpHandlerFactory

function factory(method: string): HttpHandlerFactory {
  return (predicate, resolver, options) => new HttpHandler(method, predicate, resolver, options)
}

export interface HttpNamespace {
  /** Any method. `http.all('*', resolver)` sees every request. */
  all: HttpHandlerFactory
  get: HttpHandlerFactory
  post: HttpHandlerFactory
  put: HttpHandlerFactory
  patch: HttpHandlerFactory
  delete: HttpHandlerFactory
  head: HttpHandlerFactory
  options: HttpHandlerFactory
}

/** REST handlers: `http.get('/posts/:id', ({ params }) => HttpResponse.json(...))`. */
export const http: HttpNamespace = {
  all: factory('ALL'),
  get: factory('GET'),
  post: factory('POST'),
  put: factory('PUT'),
  patch: factory('PATCH'),
  delete: factory('DELETE'),
  head: factory('HEAD'),
  options: factory('OPTIONS'),
}
