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
      readonly client: { readonly id: string; readonly url: URL }
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

/** Decides about an unhandled frame. An async callback is awaited; throwing fails the request or connection. */
export type UnhandledFrameCallback = (args: { frame: UnhandledFrame; defaults: UnhandledFrameDefaults }) => Promise<void> | void

export type UnhandledFrameHandle = UnhandledFrameStrategy | UnhandledFrameCallback
