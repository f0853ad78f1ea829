import { MocklibTypeError } from '../runtime/errors'
import type { DefaultBodyType } from '../runtime/http-response'
import type { NeverTo } from '../runtime/never-to'
import { describeValue, format, messages } from '../runtime/messages'
import type { RequestContext } from '../runtime/request-context'
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

export type { PathParams, StrictRequest }


/** What a custom predicate function receives. */
export interface HttpCustomPredicateInfo {
  request: Request
  cookies: Record<string, string>
}

export type HttpCustomPredicateResult<Params extends PathParams = PathParams> =
  | boolean
  | { matches: boolean; params?: Params }

export type HttpCustomPredicate<Params extends PathParams = PathParams> = (
  info: HttpCustomPredicateInfo,
) => MaybePromise<HttpCustomPredicateResult<Params>>

/** A path (`/posts/:id`, `https://api.test/*`), a RegExp, or a custom predicate function. */
export type HttpPredicate<Params extends PathParams = PathParams> = string | RegExp | HttpCustomPredicate<Params>

export interface HttpResolverInfo<Params extends PathParams = PathParams, RequestBody extends DefaultBodyType = DefaultBodyType>
  extends ResolverInfoBase {
  request: StrictRequest<RequestBody>
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
  readonly kind = 'http'
  declare readonly info: HttpHandlerInfo
  /** Upper-case method, 'ALL' for any method, or a method RegExp as written (`/^(GET|POST)$/`). */
  readonly method: string
  readonly predicate: HttpPredicate<Params>
  /** Set when the method was given as a RegExp (as MSW allows): request methods are tested against it. */
  readonly #methods: RegExp | undefined
  readonly #pattern: CompiledPattern | undefined
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
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT',
        format(`new HttpHandler() needs a method name ('GET') or a RegExp (/^(GET|POST)$/) as its first argument, got ${describeValue(method)}.`),
      )
    }
    const upper = methods === undefined ? (method as string).toUpperCase() : String(method)
    const api = methods !== undefined ? 'new HttpHandler()' : `http.${upper === 'ALL' ? 'all' : upper.toLowerCase()}()`
    let pattern: CompiledPattern | undefined
    let regexp: RegExp | undefined
    let display: string

    if (typeof predicate === 'string') {
      if (predicate.trim() === '') {
        throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', format(`${api} received an empty path. Pass a path such as '/posts/:id' or an absolute URL.`))
      }
      const { path, query } = splitHandlerPath(predicate)
      if (query !== '') console.warn(messages.queryInHandlerPath(upper, path, query))
      pattern = compilePattern(path)
      display = path
    } else if (predicate instanceof RegExp) {
      // A global or sticky RegExp keeps state between exec() calls; matching must not.
      regexp = new RegExp(predicate.source, predicate.flags.replace(/[gy]/g, ''))
      display = String(predicate)
    } else if (typeof predicate === 'function') {
      display = '[custom predicate]'
    } else {
      throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT',
        format(`${api} needs a path string, a RegExp or a predicate function as its first argument, got ${describeValue(predicate)}.`),
      )
    }

    super(`${upper} ${display}`, resolver, options)
    Object.assign(this.info, { method: upper, path: predicate })
    this.method = upper
    this.#methods = methods
    this.predicate = predicate
    this.#pattern = pattern
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

  match(ctx: RequestContext): MaybePromise<HttpResolverInfo<Params, RequestBody> | null> {
    if (!this.#takesMethod(ctx.request.method)) return null
    if (this.#pattern !== undefined) {
      const resolved = this.#pattern.resolve(ctx.baseUrl)
      if (resolved === undefined) return null
      const result = execPattern(resolved, ctx.cleanUrl)
      return result === undefined ? null : this.#args(ctx, result.params as Params)
    }
    if (this.#regexp !== undefined) {
      const params = regexpParams(this.#regexp, this.#regexpNames, ctx.cleanUrl)
      return params === undefined ? null : this.#args(ctx, params as Params)
    }
    return this.#matchCustom(ctx)
  }

  async #matchCustom(ctx: RequestContext): Promise<HttpResolverInfo<Params, RequestBody> | null> {
    const predicate = this.predicate as HttpCustomPredicate<Params>
    // A copy: a predicate may read the body, which the resolver and a passthrough still need.
    const result = await predicate({ request: ctx.requestForResolver(), cookies: requestCookies(ctx) })
    if (result === true) return this.#args(ctx, {} as Params)
    if (typeof result === 'object' && result !== null && result.matches) {
      return this.#args(ctx, (result.params ?? {}) as Params)
    }
    return null
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
    const resolved = pattern.resolve(ctx.baseUrl)
    const otherMethod = !this.#takesMethod(ctx.request.method)
    if (resolved !== undefined && otherMethod && execPattern(resolved, ctx.cleanUrl) !== undefined) {
      return `The handler "${this.info.header}" matches this URL but not the method ${ctx.request.method}.`
    }
    return undefined
  }
}
