import { HttpHandler, type HttpResolverInfo } from '../rest/http-handler'
import { MocklibTypeError } from '../runtime/errors'
import type { DefaultBodyType } from '../runtime/http-response'
import type { AsyncResponseResolverReturnType, RequestHandlerOptions, StrictRequest } from '../runtime/request-handler'
import { openApiMessages } from './messages'
import { documentParams, pathPattern } from './operations'

/** The methods openapi-typescript's `paths` describe. */
export type OpenApiMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch'

/** The paths of `Paths` (openapi-typescript's `paths` type) that declare method `M`. */
export type PathsWithMethod<Paths, M extends OpenApiMethod> = {
  [P in keyof Paths & string]: Paths[P] extends { [K in M]: object } ? P : never
}[keyof Paths & string]

type OperationOf<Paths, P extends keyof Paths, M extends OpenApiMethod> = Paths[P] extends { [K in M]: infer Op }
  ? Op
  : never

/** Path parameters arrive as the URL's strings, whatever their schema's type. */
type PathParamsOf<Op> = Op extends { parameters: { path: infer Params } }
  ? { [K in keyof Params]: string }
  : Record<never, never>

/** The declared query parameters; none declared: no name is accepted. */
type QueryOf<Op> = Op extends { parameters: { query?: infer Query } }
  ? [NonNullable<Query>] extends [never]
    ? Record<never, never>
    : NonNullable<Query>
  : Record<never, never>

/** A media type map's body: its JSON one, else any of them. */
type MediaBody<Content> = Content extends { 'application/json': infer Body } ? Body : Content[keyof Content]

type RequestBodyOf<Op> = Op extends { requestBody?: infer Body }
  ? NonNullable<Body> extends { content: infer Content }
    ? MediaBody<Content>
    : undefined
  : undefined

/** Every body the operation declares, whatever the status (a response without content: null). */
export type ResponseBodyOf<Op> = Op extends { responses: infer Responses }
  ? {
      [S in keyof Responses]: Responses[S] extends { content: infer Content } ? MediaBody<Content> : null
    }[keyof Responses]
  : never

/** A body type as mocklib's response and request types take it. */
type AsBody<T> = T extends DefaultBodyType ? T : never

/** The request's query, read with the operation's query parameter names only. */
export interface TypedQuery<Query> {
  get(name: keyof Query & string): string | null
  getAll(name: keyof Query & string): string[]
  has(name: keyof Query & string): boolean
}

/** What a typed resolver receives: `params`, `query` and `await request.json()` typed by the operation. */
export interface TypedResolverInfo<Op> {
  request: StrictRequest<AsBody<RequestBodyOf<Op>>>
  requestId: string
  params: PathParamsOf<Op>
  query: TypedQuery<QueryOf<Op>>
  cookies: Record<string, string>
}

export type TypedResolver<Op> = (
  info: TypedResolverInfo<Op>,
) => AsyncResponseResolverReturnType<AsBody<ResponseBodyOf<Op>>>

/** `http` for the operations of `Paths`: a path must exist for the method, and the resolver is typed by it. */
export type TypedHttp<Paths> = {
  [M in OpenApiMethod]: <P extends PathsWithMethod<Paths, M>>(
    path: P,
    resolver: TypedResolver<OperationOf<Paths, P, M>>,
    options?: RequestHandlerOptions,
  ) => HttpHandler
}

const METHODS: readonly OpenApiMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch']

/**
 * Typed `http` handlers from openapi-typescript's `paths` type: `createTypedHttp<paths>({ baseUrl })`
 * gives `get('/pets/{petId}', ({ params, query, request }) => ...)`, written as the document writes
 * the path and served under `baseUrl` (as an `http` handler path is: absolute, or relative to the page).
 */
export function createTypedHttp<Paths>(options: { baseUrl?: string } = {}): TypedHttp<Paths> {
  const baseUrl = options?.baseUrl ?? ''
  if (typeof baseUrl !== 'string') {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      openApiMessages.badTypedHttpOption('"baseUrl"', baseUrl, 'a string'),
    )
  }
  const typed = {} as Record<
    OpenApiMethod,
    (path: string, resolver: TypedResolver<unknown>, options?: RequestHandlerOptions) => HttpHandler
  >
  for (const method of METHODS) {
    typed[method] = (path, resolver, handlerOptions) =>
      new HttpHandler(
        method.toUpperCase(),
        baseUrl.replace(/\/+$/, '') + pathPattern(path),
        (info: HttpResolverInfo) => {
          // Read when asked: the request's URL is on the request, which a body-carrying request lends on first use.
          Object.defineProperty(info, 'query', { get: () => new URL(info.request.url).searchParams, enumerable: true })
          info.params = documentParams(path, info.params)
          return resolver(info as unknown as TypedResolverInfo<unknown>) as AsyncResponseResolverReturnType
        },
        handlerOptions,
      )
  }
  return typed as TypedHttp<Paths>
}
