import { MocklibTypeError } from './errors'
import type { RequestHandler } from './request-handler'
/**
 * Lifecycle events of a server or worker, and the arguments each listener receives (one payload
 * object, as a one-element tuple: the shape of MSW's map, so `LifeCycleEventsMap['request:start'][0]`
 * names a payload and typed emitters accept it). A type alias, not an interface: an emitter typed
 * by an index signature (strict-event-emitter's `Emitter<LifeCycleEventsMap>`) accepts only those.
 */
export type LifeCycleEventsMap = {
  'request:start': [args: { request: Request; requestId: string }]
  /** A handler took the request (its resolver ran); `handler` is that handler (MSW 3). */
  'request:match': [args: { request: Request; requestId: string; handler: RequestHandler }]
  'request:unhandled': [args: { request: Request; requestId: string }]
  'request:end': [args: { request: Request; requestId: string }]
  'response:mocked': [args: { response: Response; request: Request; requestId: string }]
  'response:bypass': [args: { response: Response; request: Request; requestId: string }]
  /**
   * A resolver or a WebSocket listener threw. For a WebSocket, `request` is the handshake
   * (a GET to the ws:// URL with `upgrade: websocket`) and `requestId` the client's id.
   */
  unhandledException: [args: { error: Error; request: Request; requestId: string }]
  /**
   * A WebSocket connection was intercepted, whether a handler takes it or not. `request` is
   * the handshake (see unhandledException), `requestId` the client's id.
   */
  connection: [args: WebSocketConnectionPayload]
  /** MSW 3's name for `connection`. */
  'websocket:connection': [args: WebSocketConnectionPayload]
  /**
   * An intercepted WebSocket's client got an `error` event: a handler's listener threw, the
   * unhandled strategy refused the connection, or the real server failed (MSW 3). `error` is
   * the cause when one is known.
   */
  'websocket:error': [args: WebSocketConnectionPayload & { error: unknown }]
  /**
   * A GraphQL subscription over a WebSocket started: a subscription handler took it and its
   * resolver was called (MSW 3.0's event). `request` is the socket's handshake, `requestId` the
   * connection's id, `subscriptionId` the id the client chose.
   */
  'graphql:subscription': [
    args: {
      operationName: string
      query: string
      variables: Record<string, unknown>
      request: Request
      requestId: string
      subscriptionId: string
    },
  ]
}

/** An intercepted WebSocket connection: its URL, subprotocols, handshake and client id. */
export interface WebSocketConnectionPayload {
  url: URL
  protocols: string | string[] | undefined
  request: Request
  requestId: string
}

export type LifeCycleEventName = keyof LifeCycleEventsMap
/** The payload a listener of event `E` receives. */
export type LifeCycleEventPayload<E extends LifeCycleEventName> = LifeCycleEventsMap[E][0]
export type LifeCycleListener<E extends LifeCycleEventName> = (...args: LifeCycleEventsMap[E]) => void

/** The public face of `server.events` / `worker.events`. */
export interface LifeCycleEvents {
  /**
   * Adds a listener (the same one added twice is called twice, as with Node's EventEmitter); returns the emitter, for
   * chaining.
   */
  on<E extends LifeCycleEventName>(event: E, listener: LifeCycleListener<E>): this
  /** Removes one registration of the listener, the latest. */
  removeListener<E extends LifeCycleEventName>(event: E, listener: LifeCycleListener<E>): void
  removeAllListeners(event?: LifeCycleEventName): void
}

/**
 * A small synchronous emitter. Listener errors are reported, never thrown into the request
 * pipeline: an observer must not change what the client receives.
 */
export class LifeCycleEmitter implements LifeCycleEvents {
  #listeners = new Map<LifeCycleEventName, Array<LifeCycleListener<never>>>()
  #onChange: (() => void) | undefined

  /** Called whenever listeners are added or removed (sources subscribe lazily). */
  onListenersChange(callback: () => void): void {
    this.#onChange = callback
  }

  on<E extends LifeCycleEventName>(event: E, listener: LifeCycleListener<E>): this {
    if (typeof listener !== 'function') {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        `[mocklib] events.on("${event}", listener): the listener must be a function.`,
      )
    }
    const list = this.#listeners.get(event)
    if (list === undefined) this.#listeners.set(event, [listener as LifeCycleListener<never>])
    else list.push(listener as LifeCycleListener<never>)
    this.#onChange?.()
    return this
  }

  removeListener<E extends LifeCycleEventName>(event: E, listener: LifeCycleListener<E>): void {
    const list = this.#listeners.get(event)
    const index = list === undefined ? -1 : list.lastIndexOf(listener as LifeCycleListener<never>)
    if (index !== -1) list?.splice(index, 1)
    this.#onChange?.()
  }

  removeAllListeners(event?: LifeCycleEventName): void {
    if (event === undefined) this.#listeners.clear()
    else this.#listeners.delete(event)
    this.#onChange?.()
  }

  has(event: LifeCycleEventName): boolean {
    const list = this.#listeners.get(event)
    return list !== undefined && list.length > 0
  }

  emit<E extends LifeCycleEventName>(event: E, payload: LifeCycleEventPayload<E>): void {
    const list = this.#listeners.get(event)
    if (list === undefined || list.length === 0) return
    for (const listener of [...list]) {
      try {
        ;(listener as (payload: LifeCycleEventPayload<E>) => void)(payload)
      } catch (error) {
        console.error(`[mocklib] A "${event}" event listener threw; the request is not affected.`, error)
      }
    }
  }
}
