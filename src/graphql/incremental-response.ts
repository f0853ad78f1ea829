import { MocklibTypeError } from '../runtime/errors'
import { HttpResponse } from '../runtime/http-response'
import { negotiateContentType } from './content-negotiation'
import { AssembledResult } from './incremental-data'
import { multipartIncrementalResponse, partDelay, type BeforePayload } from './incremental-delivery'
import {
  incrementalFormatOf,
  type IncrementalError,
  type IncrementalFormat,
  type IncrementalPayload,
  type LegacyIncrementalPayload,
  type ResultPath,
} from './incremental-format'
import { legacyToV02 } from './incremental-v02'
import type { GraphQLQuery, GraphQLResponseBody } from './types'

/** One later part of a hand-written incremental result. */
export interface IncrementalPart {
  /** Where it goes: the object a deferred fragment belongs to, or the streamed list (`['hero', 'friends']`). */
  path: ResultPath
  /** The `@defer`/`@stream` label, when the query gives one (Apollo Client adds labels to every `@defer`). */
  label?: string
  /** A deferred fragment's fields; `null` with `errors` when the fragment failed as a whole. */
  data?: Record<string, unknown> | null
  /** Streamed items, appended to the list at `path` (after the ones sent before). */
  items?: readonly unknown[]
  errors?: readonly IncrementalError[]
  /** Milliseconds to wait before sending this part. */
  delay?: number
  /** Sends this part only once this promise settles: the test decides when it arrives. */
  until?: PromiseLike<unknown>
}

export interface IncrementalResponseOptions {
  /** The format for a client that accepts `multipart/mixed` without naming one. Default `'deferSpec=20220824'`. */
  defaultFormat?: IncrementalFormat
}

/** The first payload of a hand-written incremental result. */
export interface IncrementalInitial<Query extends object | null = GraphQLQuery> extends GraphQLResponseBody<Query> {}

/**
 * Answers a `@defer`/`@stream` query from a hand-written handler: the initial result, then
 * each part. The format follows the request's Accept (`deferSpec=20220824` or
 * `incrementalSpec=v0.2`, as multipart/mixed); a client that accepts no multipart gets one
 * complete result, once every part's `delay`/`until` has passed.
 */
export function incrementalResponse<Query extends object | null = GraphQLQuery>(
  request: Request,
  initial: IncrementalInitial<Query>,
  parts: readonly IncrementalPart[],
  options: IncrementalResponseOptions = {},
): HttpResponse<GraphQLResponseBody<Query>> {
  const payloads = legacyPayloads(initial as LegacyIncrementalPayload, parts)
  const before: BeforePayload<IncrementalPayload> = (_payload, index, ended) => waitFor(parts[index], ended)
  const format = incrementalFormatOf(request.headers.get('accept'), options.defaultFormat)
  if (format === undefined) return completeResponse(request, payloads, before)
  const [first, ...rest] = format === 'incrementalSpec=v0.2' ? legacyToV02(payloads) : payloads
  return multipartIncrementalResponse<IncrementalPayload>(first, rest, {
    before,
    clientSignal: request.signal,
  }) as HttpResponse<GraphQLResponseBody<Query>>
}

/** The parts as `deferSpec=20220824` payloads: each in its own, streamed items at their index. */
function legacyPayloads(
  initial: LegacyIncrementalPayload,
  parts: readonly IncrementalPart[],
): LegacyIncrementalPayload[] {
  const assembled = new AssembledResult()
  const first: LegacyIncrementalPayload = { ...initial, hasNext: parts.length > 0 }
  assembled.apply(first)
  const payloads = [first]
  parts.forEach((part, index) => {
    if (!Array.isArray(part?.path))
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        `incrementalResponse(): part ${index} has no "path" array (where its data or items go, such as ['hero']).`,
      )
    const { path, label, data, items, errors } = part
    let entry: LegacyIncrementalPayload['incremental'] & object
    if (items !== undefined) {
      const list = assembled.at(path)
      if (!Array.isArray(list))
        throw new MocklibTypeError(
          'MOCKLIB_INVALID_ARGUMENT',
          `incrementalResponse(): part ${index} streams items into ${JSON.stringify(path)}, which is not a list in the data sent before it.`,
        )
      entry = [
        {
          items,
          path: [...path, list.length],
          ...(label !== undefined && { label }),
          ...(errors !== undefined && { errors }),
        },
      ]
    } else {
      entry = [
        { data: data ?? null, path, ...(label !== undefined && { label }), ...(errors !== undefined && { errors }) },
      ]
    }
    const payload: LegacyIncrementalPayload = { incremental: entry, hasNext: index < parts.length - 1 }
    assembled.apply(payload)
    payloads.push(payload)
  })
  return payloads
}

async function waitFor(part: IncrementalPart | undefined, ended: AbortSignal): Promise<void> {
  if (part?.delay !== undefined) await partDelay(part.delay, ended)
  if (part?.until !== undefined) await Promise.resolve(part.until).catch(() => undefined)
}

/** One JSON result, sent once every part may go: for a client that accepts no multipart. */
function completeResponse<Query extends object | null>(
  request: Request,
  payloads: readonly LegacyIncrementalPayload[],
  before: BeforePayload<IncrementalPayload>,
): HttpResponse<GraphQLResponseBody<Query>> {
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const assembled = new AssembledResult()
      for (const [index, payload] of payloads.entries()) {
        if (index > 0) await before(payload, index - 1, request.signal)
        assembled.apply(payload)
      }
      controller.enqueue(new TextEncoder().encode(JSON.stringify(assembled.result())))
      controller.close()
    },
  })
  return new HttpResponse(body, { headers: { 'content-type': negotiateContentType(request.headers.get('accept')) } })
}
