import { MocklibTypeError } from '../runtime/errors'
import type { MemberArgs } from '../runtime/handler-members'
import { RequestContext } from '../runtime/request-context'
import type { DefaultBodyType } from '../runtime/http-response'
import type { NeverTo } from '../runtime/never-fallback'
import { describeValue, format, messages } from '../runtime/messages'
import {
  RequestHandler,
  type HandlerInfo,
  type IndexFamily,
  type IndexHint,
  type MaybePromise,
  type RequestHandlerOptions,
  type ResolverInfoBase,
  type ResponseResolver,
  type StrictRequest,
} from '../runtime/request-handler'
import { requestCookies } from './cookies'
import type { NearMissReason } from '../runtime/near-miss'
import type { Match } from './match-request-url'
import { regexpParamNames, regexpParams } from './regexp-params'
import {
  compilePattern,
  execPattern,
  normalizeKey,
  splitHandlerPath,
  urlPrefixes,
  type CompiledPattern,
  type PathParams,
} from './path-pattern'
import { urlDifferences } from './url-difference'

export type { PathParams, StrictRequest }

/** What a custom predicate function receives. */
export interface HttpCustomPredicateInfo {
  request: Request
  cookies: Record<string, string>
}

/**
 * `true`/`false`, or a match with its path parameters. A match names its `params` (`{}` for
 * none), as MSW requires (a bare `{ matches: true }` is a boolean written the long way); a
 * refusal may leave them out.
 */
export type HttpCustomPredicateResult<Params extends PathParams = PathParams> =
  boolean | { matches: true; params: Params } | { matches: false; params?: Params }

export type HttpCustomPredicate<Params extends PathParams = PathParams> = (
  info: HttpCustomPredicateInfo,
) => MaybePromise<HttpCustomPredicateResult<Params>>

/** A path (`/posts/:id`, `https://api.test/*`), a RegExp, or a custom predicate function. */
export type HttpPredicate<Params extends PathParams = PathParams> = string | RegExp | HttpCustomPredicate<Params>

export type HttpResolverInfo<
  Params extends PathParams = PathParams,
  RequestBody extends DefaultBodyType = DefaultBodyType,
> = {
  /** The intercepted request, its `json()` typed by the handler's request body type. */
  request: StrictRequest<RequestBody>
  requestId: ResolverInfoBase['requestId']
  /** Path parameters, URL-decoded; repeated ones (`:path*`) are arrays. */
  params: Params
  /** The request's cookies by name. */
  cookies: Record<string, string>
}

export type HttpResponseResolver<
  Params extends PathParams = PathParams,
  RequestBody extends DefaultBodyType = DefaultBodyType,
  ResponseBody extends DefaultBodyType = DefaultBodyType,
> = ResponseResolver<HttpResolverInfo<Params, RequestBody>, RequestBody, NeverTo<ResponseBody, DefaultBodyType>>

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'

/** Literal URLs index by their lower-cased clean URL; the request's key is its own. */
const urlFamily: IndexFamily = {
  name: 'url',
  requestKeys(ctx) {
    return [normalizeKey(ctx.cleanUrl)]
  },
}

/**
 * Paths with params index by their literal start (`https://api.test/users` for
 * `https://api.test/users/:id`); a request is looked up by each of its path prefixes.
 */
const prefixFamily: IndexFamily = {
  name: 'url-prefix',
  requestKeys(ctx) {
    return urlPrefixes(normalizeKey(ctx.cleanUrl))
  },
}

/** A relative path with no base can match nothing: it is indexed under a key no URL has. */
const UNRESOLVABLE = '\u0000unresolvable'

/** What `HttpHandler.parse()` gives `predicate()` and `extendResolverArgs()` (MSW's shape). */
export type HttpRequestParsedResult = { match: Match; cookies: Record<string, string> }

/** An HTTP handler's info: MSW's `method` and `path` beside the header. */
export interface HttpHandlerInfo extends HandlerInfo {
  /** Upper-case method, or 'ALL' for http.all(). */
  readonly method: string
  /** The predicate as given: a path, a RegExp, or the custom predicate function. */
  readonly path: string | RegExp | ((...args: never[]) => unknown)
}

/** Handles REST requests: a method (or any) plus a path, RegExp or predicate. */
export class HttpHandler<
  Params extends PathParams = PathParams,
  RequestBody extends DefaultBodyType = DefaultBodyType,
  ResponseBody extends DefaultBodyType = DefaultBodyType,
> extends RequestHandler<HttpResolverInfo<Params, RequestBody>, NeverTo<ResponseBody, DefaultBodyType>> {
  override readonly kind = 'http'
  declare readonly info: HttpHandlerInfo
  /** Upper-case method, 'ALL' for any method, or a method RegExp as written (`/^(GET|POST)$/`). */
  readonly method: string
  /** Set when the method was given as a RegExp (as MSW allows): request methods are tested against it. */
  readonly #methods: RegExp | undefined
  readonly #pattern: CompiledPattern | undefined
  /** The query parameters its path was written with: they never decide a match, a near miss names them. */
  readonly #queryNames: readonly string[]
  readonly #regexp: RegExp | undefined
  readonly #regexpNames: readonly string[] = []

  constructor(
    method: string | RegExp,
    predicate: HttpPredicate<Params>,
    resolver: HttpResponseResolver<Params, RequestBody, ResponseBody>,
    options?: RequestHandlerOptions,
  ) {
    const methods = method instanceof RegExp ? new RegExp(method.source, method.flags.replace(/[gy]/g, '')) : undefined
    if (methods === undefined && typeof method !== 'string') {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        format(
          `new HttpHandler() needs a method name ('GET') or a RegExp (/^(GET|POST)$/) as its first argument, got ${describeValue(method)}.`,
        ),
      )
    }
    const upper = methods === undefined ? (method as string).toUpperCase() : String(method)
    const api = methods !== undefined ? 'new HttpHandler()' : `http.${upper === 'ALL' ? 'all' : upper.toLowerCase()}()`
    let pattern: CompiledPattern | undefined
    let queryNames: readonly string[] = []
    let regexp: RegExp | undefined
    let display: string

    if (typeof predicate === 'string') {
      if (predicate.trim() === '') {
        throw new MocklibTypeError(
          'MOCKLIB_INVALID_ARGUMENT',
          format(`${api} received an empty path. Pass a path such as '/posts/:id' or an absolute URL.`),
        )
      }
      const { path, query } = splitHandlerPath(predicate)
      if (query !== '') console.warn(messages.queryInHandlerPath(upper, path, query))
      queryNames = query.startsWith('?') ? [...new Set(new URLSearchParams(query.split('#')[0]).keys())] : []
      pattern = compilePattern(path)
      display = path
    } else if (predicate instanceof RegExp) {
      // A global or sticky RegExp keeps state between exec() calls; matching must not.
      regexp = new RegExp(predicate.source, predicate.flags.replace(/[gy]/g, ''))
      display = String(predicate)
    } else if (typeof predicate === 'function') {
      display = '[custom predicate]'
    } else {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        format(
          `${api} needs a path string, a RegExp or a predicate function as its first argument, got ${describeValue(predicate)}.`,
        ),
      )
    }

    super(`${upper} ${display}`, resolver, options)
    Object.assign(this.info, { method: upper, path: predicate })
    this.method = upper
    this.#methods = methods
    this.#pattern = pattern
    this.#queryNames = queryNames
    this.#regexp = regexp
    if (regexp !== undefined) this.#regexpNames = regexpParamNames(regexp.source)
  }

  override indexHint(baseUrl: string | undefined): IndexHint | undefined {
    if (this.#pattern === undefined) return undefined
    const resolved = this.#pattern.resolve(baseUrl)
    if (resolved === undefined) return { family: urlFamily, key: UNRESOLVABLE }
    if (resolved.key !== undefined) return { family: urlFamily, key: resolved.key }
    if (resolved.prefix !== undefined) return { family: prefixFamily, key: resolved.prefix }
    return undefined
  }

  #takesMethod(method: string): boolean {
    if (this.#methods !== undefined) return this.#methods.test(method)
    return this.method === 'ALL' || this.method === method || this.method === method.toUpperCase()
  }

  override match(ctx: RequestContext): MaybePromise<HttpResolverInfo<Params, RequestBody> | null> {
    if (!this.#takesMethod(ctx.head.method)) return null
    const params = this.#urlParams(ctx)
    if (params instanceof Promise) return params.then((found) => (found === undefined ? null : this.#args(ctx, found)))
    return params === undefined ? null : this.#args(ctx, params)
  }

  /** MSW's parse(): whether the URL matches (a custom predicate runs here) and the cookies. */
  override async parse(args: MemberArgs): Promise<HttpRequestParsedResult> {
    const ctx = RequestContext.of(args.request, args.resolutionContext)
    const params = await this.#urlParams(ctx)
    return { match: { matches: params !== undefined, params: params ?? {} }, cookies: { ...requestCookies(ctx) } }
  }

  /** MSW's predicate(): the method, and the URL as parse() found it. */
  override predicate(args: MemberArgs & { parsedResult: HttpRequestParsedResult }): MaybePromise<boolean> {
    return this.#takesMethod(args.request.method) && args.parsedResult.match.matches
  }

  /** MSW's extendResolverArgs(): `params` and `cookies`. */
  override extendResolverArgs(args: {
    request: Request
    parsedResult: HttpRequestParsedResult
  }): Omit<HttpResolverInfo<Params>, 'request' | 'requestId'> {
    return { params: (args.parsedResult.match.params ?? {}) as Params, cookies: args.parsedResult.cookies }
  }

  /** The path params when the URL matches (a custom predicate: its params), else undefined. */
  #urlParams(ctx: RequestContext): MaybePromise<Params | undefined> {
    if (this.#pattern !== undefined) {
      const resolved = this.#pattern.resolve(ctx.baseUrl)
      return resolved === undefined ? undefined : (execPattern(resolved, ctx.cleanUrl)?.params as Params | undefined)
    }
    if (this.#regexp !== undefined)
      return regexpParams(this.#regexp, this.#regexpNames, ctx.cleanUrl) as Params | undefined
    return this.#matchCustom(ctx)
  }

  async #matchCustom(ctx: RequestContext): Promise<Params | undefined> {
    const predicate = this.info.path as HttpCustomPredicate<Params>
    // A copy: a predicate may read the body, which the resolver and a passthrough still need.
    const result = await predicate({ request: ctx.requestForResolver(), cookies: requestCookies(ctx) })
    if (result === true) return {} as Params
    if (typeof result === 'object' && result !== null && result.matches) return (result.params ?? {}) as Params
    return undefined
  }

  #args(ctx: RequestContext, params: Params): HttpResolverInfo<Params, RequestBody> {
    return ctx.withRequest<HttpResolverInfo<Params, RequestBody>>({
      requestId: ctx.requestId,
      params,
      cookies: { ...requestCookies(ctx) },
    })
  }

  override diagnose(ctx: RequestContext): string | undefined {
    const pattern = this.#pattern
    if (pattern === undefined) return undefined
    if (pattern.relative && ctx.baseUrl === undefined) {
      const asIfSameOrigin = pattern.resolve(ctx.url.origin + '/')
      if (asIfSameOrigin !== undefined && execPattern(asIfSameOrigin, ctx.cleanUrl) !== undefined) {
        return (
          `The handler "${this.info.header}" has a relative path, and there is no document location to resolve it against here. ` +
          `Use an absolute URL: '${ctx.url.origin}${pattern.source}'.`
        )
      }
      return undefined
    }
    return undefined
  }

  /** @internal The method, origin and path segment in which a request differs (near-miss.ts). */
  override compare(ctx: RequestContext): NearMissReason[] | undefined {
    const reasons: NearMissReason[] = []
    if (!this.#takesMethod(ctx.head.method))
      reasons.push({ kind: 'method', expected: this.method, received: ctx.head.method })
    if (this.#pattern !== undefined) {
      const url = urlDifferences(this.#pattern, ctx)
      if (url === undefined) return undefined
      reasons.push(...url)
    } else if (
      this.#regexp === undefined ||
      regexpParams(this.#regexp, this.#regexpNames, ctx.cleanUrl) === undefined
    ) {
      return undefined // a custom predicate is not run again to explain itself
    }
    if (reasons.length === 0) return reasons
    const searchParams = ctx.url.searchParams
    for (const name of this.#queryNames) if (!searchParams.has(name)) reasons.push({ kind: 'query', name })
    return reasons
  }
}
