import { MocklibTypeError } from './errors'
import { format } from './messages'
import { validateStrategy, type UnhandledRequestStrategy } from './unhandled-request'

/**
 * MSW 3's `onUnhandledFrame`: what to do with a request or a WebSocket connection no handler
 * took. The same strategies as `onUnhandledRequest`; a callback gets one object, the frame and
 * the default messages.
 */
export type UnhandledFrameStrategy = 'bypass' | 'warn' | 'error'

/** An unhandled HTTP request. */
export interface HttpUnhandledFrame {
  readonly protocol: 'http'
  readonly data: { readonly request: Request }
}

/** An unhandled WebSocket connection: the client's URL and the subprotocols it asked for. */
export interface WebSocketUnhandledFrame {
  readonly protocol: 'ws'
  readonly data: {
    readonly connection: {
      readonly client: { readonly url: URL }
      readonly info: { readonly protocols: string | string[] | undefined }
    }
  }
}

export type UnhandledFrame = HttpUnhandledFrame | WebSocketUnhandledFrame

/** The default messages, for a callback to print; neither fails the frame (as in MSW 3). */
export interface UnhandledFrameDefaults {
  warn(): void
  error(): void
}

/**
 * Decides about an unhandled frame. An async callback is awaited; a throw answers a request with
 * a 500 (as an `onUnhandledRequest` callback's does) and fails a connection.
 */
export type UnhandledFrameCallback = (args: {
  frame: UnhandledFrame
  defaults: UnhandledFrameDefaults
}) => Promise<void> | void

export type UnhandledFrameHandle = UnhandledFrameStrategy | UnhandledFrameCallback

/** The options that name the unhandled strategy: MSW 2's name and MSW 3's. */
export interface UnhandledOptions {
  onUnhandledRequest?: UnhandledRequestStrategy
  onUnhandledFrame?: UnhandledFrameHandle
}

/**
 * The strategy `options` choose (`'warn'` when neither is given). `onUnhandledFrame` is
 * `onUnhandledRequest` under MSW 3's name: the same strings, and a callback adapted to take
 * `{ frame, defaults }`. `call` names the method in the error when both are given.
 */
export function unhandledStrategy(options: UnhandledOptions, call: string): UnhandledRequestStrategy {
  const frame = options.onUnhandledFrame
  if (frame === undefined) return validateStrategy(options.onUnhandledRequest)
  if (options.onUnhandledRequest !== undefined) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        `${call} received both onUnhandledRequest and onUnhandledFrame: they are one option (MSW 2's and MSW 3's name). Pass one of them.`,
      ),
    )
  }
  if (typeof frame !== 'function') {
    if (frame === 'warn' || frame === 'error' || frame === 'bypass') return frame
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(
        `Unknown onUnhandledFrame strategy ${JSON.stringify(frame)}. Use 'warn', 'error', 'bypass' or a function ({ frame, defaults }) => void.`,
      ),
    )
  }
  return (request, print) => frame({ frame: frameOf(request), defaults: { warn: print.warning, error: print.error } })
}

/** A WebSocket handshake (what the connection pipeline passes for an unhandled connection) is a `ws` frame. */
function frameOf(request: Request): UnhandledFrame {
  if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return { protocol: 'http', data: { request } }
  const protocols = request.headers
    .get('sec-websocket-protocol')
    ?.split(',')
    .map((name) => name.trim())
  const url = new URL(request.url.replace(/^http(s?):/i, 'ws$1:'))
  return { protocol: 'ws', data: { connection: { client: { url }, info: { protocols } } } }
}
