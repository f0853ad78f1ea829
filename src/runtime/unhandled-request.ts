import { MocklibTypeError, type MocklibErrorCode } from './errors'
import { isCommonAssetRequest } from './is-common-asset'
import { describeRequest, format, messages } from './messages'
import type { NearMiss } from './near-miss'
import { hasBody, readBodyText } from './request-body'
import type { RequestHandler } from './request-handler'

export interface UnhandledRequestPrint {
  /**
   * Prints the default warning for this request, once its body preview is read (the body
   * may still be arriving; the request is not held back meanwhile).
   */
  warning(): void
  /** Prints the default error for this request (it does not fail the request). */
  error(): void
  /**
   * The handler that came closest to this request and why it did not match (the last line of
   * the printed message), or undefined when none came close. Read only when called.
   */
  nearMiss(): Promise<NearMiss<RequestHandler> | undefined>
}

/**
 * Decides about an unhandled request. An async callback is awaited: its rejection fails the
 * request. Typed as returning `void`, as MSW does, so a callback returning anything (`() => null`) fits.
 */
export type UnhandledRequestCallback = (request: Request, print: UnhandledRequestPrint) => void

/**
 * What to do with a request no handler matched:
 * - 'warn' (default): print a warning and perform it as-is;
 * - 'error': print an error and fail the request;
 * - 'bypass': perform it as-is, silently;
 * - a callback: decide yourself; throwing from it fails the request.
 */
export type UnhandledRequestStrategy = 'warn' | 'error' | 'bypass' | UnhandledRequestCallback

export function validateStrategy(strategy: unknown): UnhandledRequestStrategy {
  if (strategy === undefined) return 'warn'
  if (strategy === 'warn' || strategy === 'error' || strategy === 'bypass' || typeof strategy === 'function') {
    return strategy as UnhandledRequestStrategy
  }
  throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', messages.unknownStrategy(strategy))
}

/** Raised to fail a request under the 'error' strategy. */
export class UnhandledRequestError extends Error {
  readonly code: MocklibErrorCode = 'MOCKLIB_UNHANDLED_REQUEST'

  constructor(message: string) {
    super(message)
    this.name = 'UnhandledRequestError'
  }
}

export async function buildUnhandledMessage(request: Request, hints: readonly string[]): Promise<string> {
  const lines = [`no handler matched ${describeRequest(request)}`]
  const body = await readBodyPreview(request)
  if (body !== undefined) lines.push(`  Request body: ${body}`)
  for (const hint of hints) lines.push(`  ${hint}`)
  lines.push(
    'Add a handler for it, or choose what happens to such requests with onUnhandledRequest ' +
      "('warn', 'error', 'bypass' or a callback).",
  )
  return lines.join('\n')
}

async function readBodyPreview(request: Request): Promise<string | undefined> {
  if (!hasBody(request)) return undefined
  try {
    const text = await readBodyText(request)
    if (text === '') return undefined
    return text.length > 500 ? `${text.slice(0, 500)}… (${text.length} characters)` : text
  } catch {
    return undefined
  }
}

/**
 * Applies the strategy. Returns normally to let the request through; throws
 * UnhandledRequestError to fail it (or whatever a callback threw).
 */
export async function onUnhandledRequest(
  request: Request,
  strategy: UnhandledRequestStrategy,
  hints: () => Promise<readonly string[]>,
  nearMiss: () => Promise<NearMiss<RequestHandler> | undefined> = async () => undefined,
): Promise<void> {
  const message = async () => {
    const [lines, closest] = await Promise.all([hints(), nearMiss()])
    return buildUnhandledMessage(request, closest === undefined ? lines : [...lines, closest.message])
  }

  if (typeof strategy === 'function') {
    // The callback runs at once: the message (with its body preview) is built only if it
    // prints one, so a streamed upload is never held back waiting for its end.
    let text: Promise<string> | undefined
    const printer = (print: (line: string) => void, label: string) => (): Promise<void> =>
      (text ??= message()).then(
        (line) => print(format(`${label}: ${line}`)),
        () => {},
      )
    const result: unknown = strategy(request, {
      warning: printer((line) => console.warn(line), 'Warning'),
      error: printer((line) => console.error(line), 'Error'),
      nearMiss,
    })
    // Awaited so that an async callback's failure answers the request instead of escaping.
    if (result instanceof Promise) await result
    return
  }
  if (strategy === 'bypass' || isCommonAssetRequest(request)) return
  const text = await message()
  if (strategy === 'warn') {
    console.warn(format(`Warning: ${text}`))
    return
  }
  console.error(format(`Error: ${text}`))
  throw new UnhandledRequestError(
    format(`${describeRequest(request)} was not sent: no handler matched it and onUnhandledRequest is 'error'.`),
  )
}
