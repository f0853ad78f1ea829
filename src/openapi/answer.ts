import type { MaybePromise } from '../runtime/maybe-promise'
import {
  isReference,
  pointerToken,
  resolvePointer,
  resolveReference,
  type MediaTypeObject,
  type OpenApiDocument,
  type ResponseObject,
} from './document'
import type { AnswerContext } from './answer-context'
import type { ChosenExample } from './example-check'
import { fitOneOfs } from './fit-one-of'
import { generateData } from './generate-data'
import { declaredHeaders } from './response-headers'
import { isJsonMediaType } from '../runtime/media-types'
import { openApiMessages } from './messages'
import type { Operation } from './operations'
import type { ResponseChoice } from './prefer'
import { sendReady, type ReadyAnswer } from './ready-answers'

export type { AnswerContext }

/**
 * The response the document describes for this operation and choice: its example, else generated
 * data. An example that does not fit its schema is replaced by generated data (after a warning),
 * unless the choice names it; a promise while an example is checked for the first time.
 */
export function answerFor(
  context: AnswerContext,
  operation: Operation,
  choice: ResponseChoice,
): MaybePromise<Response> {
  const known = context.ready.get(operation, choice)
  if (known !== undefined) return sendReady(known)
  const answer = answerOf(context, operation, choice)
  const example = answer.example()
  const send = (value: unknown) => {
    const ready = readyAnswer(answer, value)
    context.ready.set(operation, choice, ready)
    return sendReady(ready)
  }
  if (example === undefined) return answer.mediaType === undefined ? send(undefined) : answer.fitted().then(send)
  const fits = context.examples.fits(operation, answer.key, answer.mediaType!, answer.media!, example)
  const chosen = (fits: boolean) =>
    fits || choice.example !== undefined ? send(example.value) : answer.fitted().then(send)
  return fits instanceof Promise ? fits.then(chosen) : chosen(fits)
}

/** A declared response, before it is sent: its status, media type (none: no body) and body. */
export interface Answer {
  status: number
  /** The response's key in the operation ("200", "4XX", "default"). */
  key: string
  mediaType: string | undefined
  media: MediaTypeObject | undefined
  /** The example the choice names, else the first one, else data generated from the schema. */
  value(): unknown
  /** The example the choice names, else the first one; undefined when there is none or the choice is `dynamic`. */
  example(): ChosenExample | undefined
  /** Data generated from the schema. */
  generated(): unknown
  /** Data generated from the schema, each `oneOf` in it fitting one member alone (fit-one-of.ts). */
  fitted(): Promise<unknown>
  /** The headers the response declares, each its example or generated from its schema (response-headers.ts). */
  headers(): Record<string, string>
}

export function answerOf(context: AnswerContext, operation: Operation, choice: ResponseChoice): Answer {
  const [key, status] = pickStatus(operation, choice.status)
  const response = resolveReference<ResponseObject>(context.document, operation.responses[key]!)
  const [mediaType, media] = pickMedia(response)
  const headers = () => declaredHeaders(context, operation, key, response)
  if (media === undefined) {
    const none = () => undefined
    const fitted = () => Promise.resolve(undefined)
    return { status, key, mediaType: undefined, media, value: none, example: none, generated: none, fitted, headers }
  }
  const example = () => exampleOf(context.document, operation, key, media, choice)
  const generated = () => generate(context, operation, key, media)
  const fitted = () => fit(context, operation, key, mediaType, generated())
  const value = () => {
    const chosen = example()
    return chosen === undefined ? generated() : chosen.value
  }
  return { status, key, mediaType, media, value, example, generated, fitted, headers }
}

/**
 * The answer's status and media type with this body (none when the response declares no content);
 * `headers` replace declared ones of the same name.
 */
export function respond(answer: Answer, value: unknown, headers: Record<string, string> = {}): Response {
  return sendReady(readyAnswer(answer, value, headers))
}

function readyAnswer(answer: Answer, value: unknown, extra: Record<string, string> = {}): ReadyAnswer {
  const { status, mediaType } = answer
  const replaced = new Set(Object.keys(extra).map((name) => name.toLowerCase()))
  const declared = Object.entries(answer.headers()).filter(([name]) => !replaced.has(name.toLowerCase()))
  const headers = { ...Object.fromEntries(declared), ...extra }
  if (mediaType === undefined) return { status, headers, text: null }
  const text = isJsonMediaType(mediaType) || typeof value !== 'string' ? JSON.stringify(value) : value
  return { status, headers: { ...headers, 'Content-Type': mediaType }, text: text as string }
}

/** The declared response key and the status to send: the asked status (exact, "4XX", "default"), else the first 2xx. */
function pickStatus(operation: Operation, asked: number | undefined): [string, number] {
  const keys = Object.keys(operation.responses)
  if (asked !== undefined) {
    const key = declaredResponse(operation, asked)
    // eslint-disable-next-line mocklib/coded-argument-errors -- a status the document does not declare, asked by an override or a Prefer header
    if (key === undefined) throw new Error(openApiMessages.undeclaredStatus(operation.label, String(asked), keys))
    return [key, asked]
  }
  const success = keys.filter((key) => /^2\d\d$/.test(key)).sort()[0] ?? keys.find((key) => /^2XX$/i.test(key))
  const key = success ?? (keys.includes('default') ? 'default' : keys[0])
  // eslint-disable-next-line mocklib/coded-argument-errors -- the document declares no response, not an argument
  if (key === undefined) throw new Error(openApiMessages.undeclaredStatus(operation.label, '(any)', keys))
  return [key, /^\d{3}$/.test(key) ? Number(key) : /^\dXX$/i.test(key) ? Number(key[0]) * 100 : 200]
}

/** The response key the operation declares for a status: exact, else its range ("4XX"), else "default". */
export function declaredResponse(operation: Operation, status: number): string | undefined {
  const keys = Object.keys(operation.responses)
  return [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => keys.includes(candidate))
}

/** JSON when the response offers it, else its first media type. */
function pickMedia(response: ResponseObject): [string, MediaTypeObject | undefined] {
  const entries = Object.entries(response.content ?? {})
  const json = entries.find(([type]) => isJsonMediaType(type))
  return json ?? entries[0] ?? ['', undefined]
}

function exampleOf(
  document: OpenApiDocument,
  operation: Operation,
  key: string,
  media: MediaTypeObject,
  choice: ResponseChoice,
): ChosenExample | undefined {
  const examples = media.examples ?? {}
  if (choice.example !== undefined) {
    const named = examples[choice.example]
    if (named === undefined) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- an example the document does not have, asked by an override or a Prefer header
      throw new Error(openApiMessages.unknownExample(operation.label, key, choice.example, Object.keys(examples)))
    }
    return { name: choice.example, value: exampleValue(document, resolveReference(document, named).value) }
  }
  if (choice.dynamic === true) return undefined
  if (media.example !== undefined) return { name: 'example', value: exampleValue(document, media.example) }
  const [name, first] = Object.entries(examples)[0] ?? []
  if (first !== undefined)
    return { name: name!, value: exampleValue(document, resolveReference(document, first).value) }
  const schema = typeof media.schema === 'object' ? resolveReference(document, media.schema) : undefined
  const value = schema?.example ?? (Array.isArray(schema?.examples) ? schema.examples[0] : undefined)
  return value === undefined ? undefined : { name: "the schema's example", value }
}

/**
 * An example's value. OpenAPI says it is literal, but documents (GitHub's among them) write a value
 * that is only a local `$ref` to mean the example it points to, so such a value is followed.
 */
function exampleValue(document: OpenApiDocument, value: unknown): unknown {
  if (!isReference(value) || Object.keys(value).length !== 1 || !value.$ref.startsWith('#')) return value
  const target = resolveReference<unknown>(document, value)
  return typeof target === 'object' && target !== null && 'value' in target ? target.value : target
}

async function fit(context: AnswerContext, operation: Operation, key: string, mediaType: string, value: unknown) {
  const { document } = context
  const response = resolvePointer(document, `${operation.pointer}/responses/${pointerToken(key)}`).pointer
  try {
    return await fitOneOfs(context, `${response}/content/${pointerToken(mediaType)}/schema`, value, operation.id)
  } catch {
    // No validator installed: sent as generated.
    return value
  }
}

function generate(context: AnswerContext, operation: Operation, key: string, media: MediaTypeObject): unknown {
  if (media.schema === undefined) return null
  // Each operation and status gets its own stable seed.
  return generateData(context, media, media.schema, `${operation.id}:${key}`)
}
