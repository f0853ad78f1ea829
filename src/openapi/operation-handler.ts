import { HttpHandler, type HttpResolverInfo, type HttpResponseResolver } from '../rest/http-handler'
import type { MaybePromise } from '../runtime/maybe-promise'
import type { RequestContext } from '../runtime/request-context'
import { answerFor, answerOf, type AnswerContext } from './answer'
import { CollectionStore, collectionAnswer } from './collection-store'
import type { Collection, CollectionRole } from './collections'
import { isJsonMediaType } from '../runtime/media-types'
import { documentParams, handlerPath, type Operation } from './operations'
import { readPrefer, type ResponseChoice } from './prefer'
import { RequestCheck } from './request-check'
import { refuseRequest, type ValidateRequests } from './request-refusal'
import type { DocumentValidators } from './validators'

/** What the handlers of one document share. */
export interface DocumentContext {
  answers: AnswerContext
  validateRequests: ValidateRequests
  validators: DocumentValidators
  /** Each operation's request checks, made by its first checked request (a handler and its overrides share them). */
  checks: Map<Operation, RequestCheck>
  /** The operations that read and change a collection (collections on), with their role. */
  collections: Map<Operation, [CollectionRole, Collection]> | undefined
  /** The `collections` option's items, by collection path. */
  seeds: Record<string, readonly unknown[]>
}

type ScopedInfo = HttpResolverInfo & { keep: <T extends object>(owner: object, init: () => T) => T }

/** An http handler whose resolver keeps state in the scope resolving the request until its `resetHandlers()`. */
class ScopedHttpHandler extends HttpHandler {
  override match(ctx: RequestContext): MaybePromise<HttpResolverInfo | null> {
    const attach = (info: HttpResolverInfo | null) => {
      if (info !== null) (info as ScopedInfo).keep = (owner, init) => ctx.inScope(owner, init, 'until reset')
      return info
    }
    const info = super.match(ctx)
    return info instanceof Promise ? info.then(attach) : attach(info)
  }
}

/** The handler of one operation; `fixed` is an override's choice (a request's `Prefer` wins over it). */
export function handlerFor(context: DocumentContext, operation: Operation, fixed: ResponseChoice): HttpHandler {
  const method = operation.method === 'trace' ? 'ALL' : operation.method.toUpperCase()
  const choose = (request: Request) => ({ ...fixed, ...readPrefer(request.headers.get('prefer')) })
  const role = context.collections?.get(operation)
  const { validators, validateRequests: mode } = context
  if (role === undefined && mode === false) {
    return new HttpHandler(method, handlerPath(operation), ({ request }) =>
      answerFor(context.answers, operation, choose(request)),
    )
  }
  const resolver: HttpResponseResolver = async (args) => {
    const { request, cookies } = args
    const params = documentParams(operation.path, args.params)
    const text = await request.clone().text()
    if (mode !== false) {
      let check = context.checks.get(operation)
      if (check === undefined) context.checks.set(operation, (check = new RequestCheck(validators, operation)))
      const sent = { url: new URL(request.url), headers: request.headers, pathParams: params, cookies }
      const violations = await check.violations(sent, text)
      const refusal =
        violations.length === 0 ? undefined : refuseRequest(mode, handler.info.header, operation, request, violations)
      if (refusal !== undefined) return refusal
    }
    const choice = choose(request)
    if (role === undefined || choice.status !== undefined || choice.example !== undefined) {
      return answerFor(context.answers, operation, choice)
    }
    const store = (args as unknown as ScopedInfo).keep(
      context,
      () => new CollectionStore((collection) => seedOf(context, collection)),
    )
    const body = text !== '' && isJsonMediaType(request.headers.get('content-type') ?? '') ? parseJson(text) : undefined
    return collectionAnswer(context.answers, store, role, operation, { pathParams: params, body })
  }
  const handler: HttpHandler = new ScopedHttpHandler(method, handlerPath(operation), resolver)
  return handler
}

function seedOf(context: DocumentContext, collection: Collection): unknown {
  if (collection.path in context.seeds) return context.seeds[collection.path]
  if (collection.list === undefined) return []
  return listAnswer(context, collection.list)
}

function listAnswer(context: DocumentContext, list: Operation): unknown {
  const answer = answerOf(context.answers, list, {})
  return answer.mediaType === undefined ? [] : answer.value()
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
