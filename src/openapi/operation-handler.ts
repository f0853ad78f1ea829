import { HttpHandler, type HttpResolverInfo, type HttpResponseResolver } from '../rest/http-handler'
import type { MaybePromise } from '../runtime/maybe-promise'
import type { RequestContext } from '../runtime/request-context'
import type { RequestHead } from '../runtime/request-draft'
import { answerFor, answerOf, type AnswerContext } from './answer'
import { CollectionStore, collectionAnswer } from './collection-store'
import type { Collection, CollectionRole } from './collections'
import { isJsonMediaType } from '../runtime/media-types'
import { hasBody, readBodyText } from '../runtime/request-body'
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

/** What a generated handler's resolver is given beyond an http resolver's: the request's context. */
const kContext = Symbol('mocklib.openapi.context')
type OperationInfo = HttpResolverInfo & { [kContext]: RequestContext }

/**
 * An http handler that gives its resolver the request's context: the request's head (method,
 * URL, headers, body text), read without making the `Request` a hand-written handler that never
 * reads it does not make either, and the scope that keeps a collection store until `resetHandlers()`.
 */
class OperationHttpHandler extends HttpHandler {
  override match(ctx: RequestContext): MaybePromise<HttpResolverInfo | null> {
    const attach = (info: HttpResolverInfo | null) => {
      if (info !== null) (info as OperationInfo)[kContext] = ctx
      return info
    }
    const info = super.match(ctx)
    return info instanceof Promise ? info.then(attach) : attach(info)
  }
}

/** The handler of one operation; `fixed` is an override's choice (a request's `Prefer` wins over it). */
export function handlerFor(context: DocumentContext, operation: Operation, fixed: ResponseChoice): HttpHandler {
  const method = operation.method === 'trace' ? 'ALL' : operation.method.toUpperCase()
  const plain = context.collections?.get(operation) === undefined && context.validateRequests === false
  const resolver: HttpResponseResolver = (args) => {
    const ctx = (args as unknown as OperationInfo)[kContext]
    if (plain) return answerFor(context.answers, operation, choose(fixed, ctx.head))
    return statefulAnswer(context, operation, fixed, handler.info.header, args, ctx)
  }
  const handler: HttpHandler = new OperationHttpHandler(method, handlerPath(operation), resolver)
  return handler
}

const choose = (fixed: ResponseChoice, head: RequestHead): ResponseChoice => ({
  ...fixed,
  ...readPrefer(head.headers.get('prefer')),
})

/** The answer of a handler that checks requests or keeps a collection. */
async function statefulAnswer(
  context: DocumentContext,
  operation: Operation,
  fixed: ResponseChoice,
  header: string,
  args: HttpResolverInfo,
  ctx: RequestContext,
): Promise<Response> {
  const { head } = ctx
  const { validateRequests: mode } = context
  const params = documentParams(operation.path, args.params)
  const text = hasBody(head) ? await readBodyText(head) : ''
  if (mode !== false) {
    let check = context.checks.get(operation)
    if (check === undefined) context.checks.set(operation, (check = new RequestCheck(context.validators, operation)))
    const sent = { url: new URL(head.url), headers: head.headers, pathParams: params, cookies: args.cookies }
    const violations = await check.violations(sent, text)
    const refusal =
      violations.length === 0 ? undefined : refuseRequest(mode, header, operation, args.request, violations)
    if (refusal !== undefined) return refusal
  }
  const choice = choose(fixed, head)
  const role = context.collections?.get(operation)
  if (role === undefined || choice.status !== undefined || choice.example !== undefined) {
    return answerFor(context.answers, operation, choice)
  }
  const store = ctx.inScope(
    context,
    () => new CollectionStore((collection) => seedOf(context, collection)),
    'until reset',
  )
  const body = text !== '' && isJsonMediaType(head.headers.get('content-type') ?? '') ? parseJson(text) : undefined
  return collectionAnswer(context.answers, store, role, operation, { url: head.url, pathParams: params, body })
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
