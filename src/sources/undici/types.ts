/**
 * The parts of undici's dispatcher interface mocklib uses, described here so that mocklib needs
 * no undici types: the `undici` package (6 or 7) and the copy bundled in Node speak it alike.
 */

/** What `dispatch(options, handler)` receives: an undici request (request, stream, pipeline, fetch). */
export interface DispatchOptions {
  origin?: string | URL
  path: string
  method: string
  headers?: unknown
  body?: unknown
  query?: Record<string, unknown>
  upgrade?: string | null
  [option: string]: unknown
}

/** Aborts a dispatched request (v6 hands it to `onConnect`). */
export type AbortRequest = (reason?: unknown) => void

/** The v6 handler callbacks (undici 6, and the API handlers of undici 7: request, stream, fetch). */
export interface CallbackHandler {
  onConnect?(abort: AbortRequest, context?: object): void
  onResponseStarted?(): void
  onHeaders?(statusCode: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean | void
  onData?(chunk: Buffer): boolean | void
  onComplete?(trailers: Buffer[] | null): void
  onError?(error: Error): void
  onUpgrade?(statusCode: number, rawHeaders: Buffer[], socket: unknown): void
  onBodySent?(chunk: unknown): void
  onRequestSent?(): void
}

/** The controller a v7 handler gets: it pauses, resumes and aborts the request. */
export interface DispatchController {
  abort(reason: Error): void
  pause(): void
  resume(): void
  readonly aborted: boolean
  readonly paused: boolean
  readonly reason: Error | null
}

export type HeaderRecord = Record<string, string | string[]>

/** The v7 handler callbacks (undici 7 interceptors, `compose()`). */
export interface ControllerHandler {
  onRequestStart?(controller: DispatchController, context: object): void
  onRequestUpgrade?(controller: DispatchController, statusCode: number, headers: HeaderRecord, socket: unknown): void
  onResponseStart?(
    controller: DispatchController,
    statusCode: number,
    headers: HeaderRecord,
    statusMessage?: string,
  ): void
  onResponseData?(controller: DispatchController, chunk: Buffer): void
  onResponseEnd?(controller: DispatchController, trailers: HeaderRecord): void
  onResponseError?(controller: DispatchController, error: Error): void
}

export type DispatchHandler = CallbackHandler | ControllerHandler

/** Anything with undici's `dispatch()`: an Agent, Pool, Client, MockAgent, or a composed dispatcher. */
export interface DispatcherLike {
  dispatch(options: DispatchOptions, handler: DispatchHandler): boolean
}

/** A v7 handler is known by `onRequestStart`, the test undici itself applies. */
export function isControllerHandler(handler: DispatchHandler): handler is ControllerHandler {
  return typeof (handler as ControllerHandler).onRequestStart === 'function'
}
