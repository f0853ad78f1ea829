import { MocklibTypeError, type MocklibErrorCode } from './errors'
import { declaredAt, format } from './messages'
import { reasonsText, type NearMiss } from './near-miss'
import type { RequestHandler } from './request-handler'

/** Where the unused-handler check ran: the setup method that triggered it. */
export type UnusedHandlerCheckpoint = 'resetHandlers' | 'close' | 'stop'

/** What a function given as `onUnusedHandler` receives beside the handlers. */
export interface UnusedHandlerDetails {
  /** The call that ran the check. */
  at: UnusedHandlerCheckpoint
  /** The report 'warn' and 'error' print: each handler's header and where it was declared. */
  message: string
  /**
   * For handlers a request came close to: that request (`method`, `url`) and why the handler did
   * not match it, as the unhandled-request message says (`reasons`, `message`).
   */
  nearMisses: ReadonlyMap<RequestHandler, NearMiss<RequestHandler>>
}

/**
 * What to do with handlers no request reached when they leave the list (`resetHandlers()`) or
 * the setup stops (`close()`): print a warning, throw `UnusedHandlersError` from that call, or
 * call a function of yours.
 */
export type UnusedHandlerStrategy =
  'warn' | 'error' | ((handlers: readonly RequestHandler[], details: UnusedHandlerDetails) => void)

/** Thrown by `resetHandlers()` or `close()` under `onUnusedHandler: 'error'`. */
export class UnusedHandlersError extends Error {
  readonly code: MocklibErrorCode = 'MOCKLIB_UNUSED_HANDLERS'
  /** The handlers no request reached. */
  readonly handlers: readonly RequestHandler[]

  constructor(message: string, handlers: readonly RequestHandler[]) {
    super(message)
    this.name = 'UnusedHandlersError'
    this.handlers = handlers
  }
}

/** Checks an `onUnusedHandler` value at `listen()`, so a typo fails there and not at the end. */
export function validateUnusedStrategy(strategy: unknown): UnusedHandlerStrategy | undefined {
  if (strategy === undefined || strategy === 'warn' || strategy === 'error' || typeof strategy === 'function') {
    return strategy as UnusedHandlerStrategy | undefined
  }
  throw new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(`Unknown onUnusedHandler strategy ${JSON.stringify(strategy)}. Use 'warn', 'error' or a function.`),
  )
}

/** One line per handler: what it matches and where it was declared; the request that came closest. */
function describeUnused(
  handlers: readonly RequestHandler[],
  api: string,
  nearMisses: ReadonlyMap<RequestHandler, NearMiss<RequestHandler>>,
): string {
  const lines = handlers.map((handler) => {
    const spent = handler.options.once === true ? ' (a `once` handler not spent)' : ''
    const miss = nearMisses.get(handler)
    const closest =
      miss === undefined ? '' : `\n    closest request: ${miss.method} ${miss.url}: ${reasonsText(miss.reasons)}`
    return `  - ${handler.info.header}${spent}${declaredAt(handler.info)}${closest}`
  })
  const count = handlers.length === 1 ? '1 handler was' : `${handlers.length} handlers were`
  return format(
    `${count} never reached by a request (checked at ${api}):\n${lines.join('\n')}\n` +
      'Remove what the test does not need, or check that the code under test sends these requests.',
  )
}

/** Applies the strategy to the handlers no request reached; 'error' throws. */
export function reportUnused(
  handlers: readonly RequestHandler[],
  strategy: UnusedHandlerStrategy | undefined,
  at: UnusedHandlerCheckpoint,
  instance: string,
  nearMisses: ReadonlyMap<RequestHandler, NearMiss<RequestHandler>> = new Map(),
): void {
  if (strategy === undefined || handlers.length === 0) return
  const message = describeUnused(handlers, `${instance}.${at}()`, nearMisses)
  if (typeof strategy === 'function') return strategy(handlers, { at, message, nearMisses })
  if (strategy === 'warn') return console.warn(message)
  throw new UnusedHandlersError(message, handlers)
}
