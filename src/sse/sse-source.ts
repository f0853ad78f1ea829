import { bypass } from '../runtime/bypass'
import { EventStreamParser } from '../runtime/event-stream-parser'
import { rememberEventId, type ServerSentEventClient } from './sse-client'
import { sseMessages } from './messages'
import type { PlatformMessageEvent } from '../runtime/message-event'

type Listener<E extends Event> = ((this: ServerSentEventSource, event: E) => unknown) | null
/**
 * EventTarget's own argument types (1: the listener, 2: the options), read off EventTarget:
 * Node's types (a project without the DOM lib) have no global names for them.
 */
type AddArgument<Index extends 1 | 2> = Parameters<EventTarget['addEventListener']>[Index]
type RemoveArgument<Index extends 1 | 2> = Parameters<EventTarget['removeEventListener']>[Index]

/** The events of a real stream by type, as an EventSource has them; any other type is a message too. */
export interface ServerSentEventSourceEventMap {
  open: Event
  message: PlatformMessageEvent<string>
  /** The real stream failed: `error` is why (a network error, or a refusal naming its status). */
  error: Event & { readonly error?: unknown }
  /** The real stream ended. `preventDefault()` keeps the mocked stream open. */
  close: Event
}

/**
 * The real event stream behind a mocked one, opened by `server.connect()`. It has the shape of
 * an EventSource: 'open', 'message', custom event types and 'error', plus 'close' when the real
 * stream ends. Every event is passed on to the mocked client unless a listener calls
 * `event.preventDefault()`: a message is sent as it came (type, data and id), 'error' errors
 * the mocked stream and 'close' closes it. It does not reconnect by itself: the client does,
 * and its new request reaches the handler again, Last-Event-ID included.
 */
export class ServerSentEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  readonly CONNECTING = 0
  readonly OPEN = 1
  readonly CLOSED = 2
  readonly url: string
  readonly withCredentials: boolean
  #readyState = 0
  readonly #abort = new AbortController()
  readonly #handlers = new Map<string, { listener: Listener<never>; bound: EventListener }>()

  constructor(request: Request, client: ServerSentEventClient<never>) {
    super()
    this.url = request.url
    this.withCredentials = request.credentials === 'include'
    // The mocked stream ended (handler, client or server.close()): the real one is not needed.
    client.signal.addEventListener('abort', () => this.close(), { once: true, signal: this.#abort.signal })
    void this.#run(bypass(request), client)
  }

  get readyState(): number {
    return this.#readyState
  }

  get onopen(): Listener<Event> {
    return this.#handler<Event>('open')
  }
  set onopen(listener: Listener<Event>) {
    this.#setHandler('open', listener)
  }
  get onmessage(): Listener<PlatformMessageEvent<string>> {
    return this.#handler<PlatformMessageEvent<string>>('message')
  }
  set onmessage(listener: Listener<PlatformMessageEvent<string>>) {
    this.#setHandler('message', listener)
  }
  get onerror(): Listener<Event> {
    return this.#handler<Event>('error')
  }
  set onerror(listener: Listener<Event>) {
    this.#setHandler('error', listener)
  }

  /** Listens as on an EventSource: `message` and custom event types get a `MessageEvent` of the text. */
  override addEventListener<Type extends keyof ServerSentEventSourceEventMap>(
    type: Type,
    listener: Listener<ServerSentEventSourceEventMap[Type]>,
    options?: AddArgument<2>,
  ): void
  override addEventListener(
    type: string,
    listener: Listener<ServerSentEventSourceEventMap['message']>,
    options?: AddArgument<2>,
  ): void
  override addEventListener(type: string, listener: AddArgument<1> | null, options?: AddArgument<2>): void
  override addEventListener(type: string, listener: Listener<never> | AddArgument<1>, options?: AddArgument<2>): void {
    super.addEventListener(type, listener as EventListenerOrEventListenerObject, options)
  }

  override removeEventListener<Type extends keyof ServerSentEventSourceEventMap>(
    type: Type,
    listener: Listener<ServerSentEventSourceEventMap[Type]>,
    options?: RemoveArgument<2>,
  ): void
  override removeEventListener(
    type: string,
    listener: Listener<ServerSentEventSourceEventMap['message']>,
    options?: RemoveArgument<2>,
  ): void
  override removeEventListener(type: string, listener: RemoveArgument<1> | null, options?: RemoveArgument<2>): void
  override removeEventListener(
    type: string,
    listener: Listener<never> | RemoveArgument<1>,
    options?: RemoveArgument<2>,
  ): void {
    super.removeEventListener(type, listener as EventListenerOrEventListenerObject, options)
  }

  /** Stops reading the real stream. The mocked stream stays as it is. */
  close(): void {
    this.#readyState = this.CLOSED
    this.#abort.abort()
  }

  async #run(request: Request, client: ServerSentEventClient<never>): Promise<void> {
    const signal = this.#abort.signal
    let response: Response
    try {
      response = await fetch(request, { signal })
    } catch (error) {
      return this.#fail(client, error)
    }
    const type = response.headers.get('content-type')
    // eslint-disable-next-line mocklib/no-response-body -- the real server's event stream, from the network
    const stream = response.body
    if (response.status !== 200 || stream === null || !/^text\/event-stream\s*(;|$)/i.test(type ?? '')) {
      void stream?.cancel().catch(() => {})
      return this.#fail(client, new Error(sseMessages.upstreamRefused(this.url, response.status, type)))
    }
    if (signal.aborted) return void stream.cancel().catch(() => {})
    this.#readyState = this.OPEN
    this.dispatchEvent(new Event('open'))
    const parser = new EventStreamParser({
      event: ({ type: eventType, data, id, lastEventId }) => {
        const event = cancelable(
          new MessageEvent(eventType, { data, lastEventId, origin: new URL(this.url).origin, cancelable: true }),
        )
        rememberEventId(event, id)
        this.#forward(event, client)
      },
      retry: (milliseconds) => {
        if (!client.signal.aborted) client.send({ retry: milliseconds })
      },
    })
    const reader = stream.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parser.pushBytes(value)
      }
    } catch (error) {
      if (signal.aborted) return
      return this.#fail(client, error)
    }
    parser.end()
    if (signal.aborted) return
    this.#readyState = this.CLOSED
    this.#forward(new Event('close', { cancelable: true }), client)
  }

  #fail(client: ServerSentEventClient<never>, error: unknown): void {
    if (this.#abort.signal.aborted) return
    this.#readyState = this.CLOSED
    const event = new Event('error', { cancelable: true })
    Object.defineProperty(event, 'error', { value: error, enumerable: true })
    if (this.#forward(event, client) && error instanceof Error && error.message.startsWith('[mocklib]')) {
      console.warn(error.message)
    }
  }

  /** Dispatches an event here, then passes it on unless prevented. True when passed on. */
  #forward(event: Event, client: ServerSentEventClient<never>): boolean {
    this.dispatchEvent(event)
    if (event.defaultPrevented || client.signal.aborted) return false
    client.dispatchEvent(event)
    return true
  }

  #handler<E extends Event>(type: string): Listener<E> {
    return (this.#handlers.get(type)?.listener as Listener<E> | undefined) ?? null
  }

  #setHandler(type: string, listener: Listener<never>): void {
    const previous = this.#handlers.get(type)
    if (previous !== undefined) this.removeEventListener(type, previous.bound)
    this.#handlers.delete(type)
    if (typeof listener !== 'function') return
    const bound = listener.bind(this) as unknown as EventListener
    this.#handlers.set(type, { listener, bound })
    this.addEventListener(type, bound)
  }
}

/**
 * Node's MessageEvent ignores `cancelable` (so preventDefault() would do nothing); there the
 * event gets its own preventDefault() and defaultPrevented. Browsers need none of this.
 */
function cancelable<E extends Event>(event: E): E {
  if (event.cancelable) return event
  let prevented = false
  return Object.defineProperties(event, {
    cancelable: { value: true },
    preventDefault: { value: () => void (prevented = true) },
    defaultPrevented: { get: () => prevented },
  })
}
