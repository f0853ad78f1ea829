import { withBody } from './clone-response'
import { delay } from './delay'
import { MocklibTypeError } from './errors'
import { format } from './messages'

/**
 * How a connection fails. Before any response: `reset` (the server resets the connection),
 * `refused` (nothing listens), `dns` (the host name does not resolve). After the headers:
 * `reset-after` (reset once `bytes` of the body were sent), `truncate` (closed once `bytes`
 * were sent, short of what the headers promised), `stall` (nothing more after `bytes`).
 */
export type FaultKind = 'reset' | 'refused' | 'dns' | 'reset-after' | 'truncate' | 'stall'

/** The faults before any response: the request fails as its connection does. */
export type ConnectionFaultKind = Extract<FaultKind, 'reset' | 'refused' | 'dns'>

/** What a source gives a faulted body so that its client sees its own platform's failure. */
export interface FaultWire {
  /** The error the body fails with when it is cut (`reset-after`, `truncate`); it may act on the socket too. */
  cut?: (kind: 'reset-after' | 'truncate') => unknown | Promise<unknown>
  /** The client gave up: a stalled (or any pending) body fails with its reason. */
  signal?: AbortSignal
}

/** A fault a resolver answered with, as the sources read it off the response. */
export interface Fault {
  readonly kind: FaultKind
  /** Bytes of the body sent before the fault (0 for the faults before any response). */
  readonly bytes: number
  /** Binds the body to the source's client (once, before the body is read). */
  wire(wire: FaultWire): void
}

// On the global symbol registry: the ESM and CommonJS builds read each other's faults.
const FAULT = Symbol.for('mocklib.fault')

/** What a WebSocket handler's `client` does for `fault.drop()` (ws/mocked-connection.ts); global: across builds. */
export const DROP_CONNECTION: unique symbol = Symbol.for('mocklib.fault.drop') as typeof DROP_CONNECTION

/** What a WebSocket handler's `client` does for chaos' `latency`: its messages delayed (ws/mocked-connection.ts). */
export const DELAY_MESSAGES: unique symbol = Symbol.for('mocklib.chaos.delayMessages') as typeof DELAY_MESSAGES

/** A WebSocket handler's `client` (`ws.link(...).addEventListener('connection', ({ client }) => ...)`). */
export interface DroppableClient {
  readonly id: string
  close(code?: number, reason?: string): void
}

function dropConnection(client: DroppableClient, afterMessages: unknown): void {
  const drop = (client as { [DROP_CONNECTION]?: (afterMessages: number) => void } | null)?.[DROP_CONNECTION]
  if (typeof drop !== 'function') {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(`fault.drop(client) needs the client of a WebSocket handler's 'connection' event.`),
    )
  }
  if (typeof afterMessages !== 'number' || !Number.isInteger(afterMessages) || afterMessages < 0) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(`fault.drop(client, ${String(afterMessages)}): afterMessages must be a whole number, 0 or more.`),
    )
  }
  drop.call(client, afterMessages)
}

/** The fault a response stands for, if a `fault.*()` call made it. */
export function faultOf(response: Response): Fault | undefined {
  return (response as { [FAULT]?: Fault })[FAULT]
}

/** Whether `fault` fails the request before any response (it has no body to wire). */
export function isConnectionFault(fault: Fault | undefined): fault is Fault & { readonly kind: ConnectionFaultKind } {
  return fault?.kind === 'reset' || fault?.kind === 'refused' || fault?.kind === 'dns'
}

function connectionFault(kind: ConnectionFaultKind): Response {
  // A network error to every source that knows no better (a browser's worker: that is all a page sees).
  const response = Response.error()
  const state: Fault = { kind, bytes: 0, wire: () => {} }
  Object.defineProperty(response, FAULT, { value: state })
  return response
}

function bodyFault(kind: 'reset-after' | 'truncate' | 'stall', name: string, response: unknown, bytes: unknown) {
  if (!(response instanceof Response)) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(`fault.${name}(response, bytes) needs the Response whose body it cuts, e.g. HttpResponse.text('...').`),
    )
  }
  if (typeof bytes !== 'number' || !Number.isInteger(bytes) || bytes < 0) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      format(`fault.${name}(response, ${String(bytes)}): bytes must be a whole number of bytes, 0 or more.`),
    )
  }
  if (response.bodyUsed) {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_RESPONSE',
      format(`fault.${name}() got a Response whose body was already read: give it a fresh one.`),
    )
  }
  return withCut(response, bytes, kind, () => false)
}

/** `response` with its body cut as `kind` says after `bytes`, or when it fails with an error `isCut` accepts. */
function withCut(
  response: Response,
  bytes: number,
  kind: 'reset-after' | 'truncate' | 'stall',
  isCut: (error: unknown) => boolean,
): Response {
  let wire: FaultWire = {}
  const state: Fault = { kind, bytes, wire: (next) => (wire = next) }
  const body = cutBody(response, bytes, kind, () => wire, isCut)
  const faulted = withBody(response, body)
  // Configurable: a fault given a faulted response (its marker copied by withBody) replaces it.
  Object.defineProperty(faulted, FAULT, { value: state, configurable: true })
  return faulted
}

/**
 * `response` as a connection that may break off mid-body: when its body fails with an error
 * `isCut` accepts (an event stream its handler ended with an error), the client sees what a
 * reset connection gives it, as after `fault.resetAfter()`. Other failures pass as they are.
 */
export function breakable(response: Response, isCut: (error: unknown) => boolean): Response {
  return withCut(response, Number.POSITIVE_INFINITY, 'reset-after', isCut)
}

/**
 * The first `bytes` bytes of `response`'s body, then the fault: an error for a cut (the
 * source's, through its wire), nothing at all for a stall. A client that gives up (the wire's
 * signal) fails a pending read with its reason.
 */
function cutBody(
  response: Response,
  bytes: number,
  kind: 'reset-after' | 'truncate' | 'stall',
  wire: () => FaultWire,
  isCut: (error: unknown) => boolean,
): ReadableStream {
  let sent = 0
  // eslint-disable-next-line mocklib/no-response-body -- the fault streams the given body itself, chunk by chunk
  const reader = response.body?.getReader()
  const fail = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    void reader?.cancel().catch(() => {})
    if (kind === 'stall') return waitForAbort(controller, wire().signal)
    const cut = wire().cut
    controller.error(
      cut !== undefined ? await cut(kind) : new Error(format(`the mocked connection was cut (${kind}).`)),
    )
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (sent >= bytes) return fail(controller)
        let next: ReadableStreamReadResult<Uint8Array>
        try {
          next = reader === undefined ? { done: true, value: undefined } : await reader.read()
        } catch (error) {
          if (isCut(error)) return fail(controller)
          throw error
        }
        if (next.done) return bytes === Number.POSITIVE_INFINITY ? controller.close() : fail(controller)
        const chunk = next.value.byteLength > bytes - sent ? next.value.subarray(0, bytes - sent) : next.value
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
      cancel(reason) {
        return reader?.cancel(reason)
      },
    },
    { highWaterMark: 0 },
  )
}

/** A stalled body: pending until the client gives up, then failed with its reason. */
function waitForAbort(controller: ReadableStreamDefaultController<Uint8Array>, signal: AbortSignal | undefined) {
  if (signal === undefined) return new Promise<void>(() => {})
  return new Promise<void>((resolve) => {
    const abort = () => {
      controller.error(signal.reason)
      resolve()
    }
    if (signal.aborted) abort()
    else signal.addEventListener('abort', abort, { once: true })
  })
}

/**
 * Network failures a resolver answers with, as it answers with a Response. Each source makes
 * its client see what that client sees when a real network fails that way (Node: the error
 * class, `code` and `cause` of a real socket; a browser: the network error a page gets).
 */
export const fault = {
  /** The server resets the connection before answering (`ECONNRESET`). */
  reset: (): Response => connectionFault('reset'),
  /** Nothing listens at the request's address (`ECONNREFUSED`). */
  refused: (): Response => connectionFault('refused'),
  /** The request's host name does not resolve (`ENOTFOUND`). */
  dns: (): Response => connectionFault('dns'),
  /** The response's status and headers, `bytes` of its body, then a connection reset. */
  resetAfter: (response: Response, bytes: number): Response => bodyFault('reset-after', 'resetAfter', response, bytes),
  /** The response's status and headers, `bytes` of its body, then the connection closes short of the rest. */
  truncate: (response: Response, bytes: number): Response => bodyFault('truncate', 'truncate', response, bytes),
  /** The response's status and headers, `bytes` of its body (default none), then nothing until the client gives up. */
  stall: (response: Response, bytes = 0): Response => bodyFault('stall', 'stall', response, bytes),
  /** No response at all: the request stays pending until the client aborts it (finalize() cleanups run then). */
  hang: (): Promise<never> => delay('infinite') as Promise<never>,
  /**
   * A WebSocket connection drops as when the server or the network goes away, with no close
   * frame: at once, or once `afterMessages` more messages reached the client. The client sees
   * what it sees of a real drop: close code 1006, not clean (after an `error` event where its
   * platform fires one).
   */
  drop: (client: DroppableClient, afterMessages = 0): void => dropConnection(client, afterMessages),
}
