import { getDocumentBaseUrl } from '../runtime/environment'
import { format } from '../runtime/messages'
import type { SocketEvents } from './socket-events'
import type { WebSocketData } from './types'
import { WebSocketConnection } from './websocket-connection'

/**
 * Where a new connection goes: the connection pipeline of whoever patched the global (its outcome decides the open).
 */
export type ConnectionListener = (
  connection: WebSocketConnection,
) => Promise<{ readonly type: 'mocked' | 'passthrough' | 'failed' }>

/** A realm's constructors the intercepted class is built from. */
export interface WebSocketRealm {
  readonly Original: typeof WebSocket
  readonly EventTarget: typeof EventTarget
  readonly events: SocketEvents
}

type Handler = ((this: WebSocket, event: never) => unknown) | null

/**
 * Builds the WebSocket class mocklib puts in place of a realm's own: it speaks the WebSocket
 * API to the application (states, `binaryType`, `bufferedAmount`, event handler attributes,
 * close-code rules) and hands every connection to `listener` a microtask after construction
 * (so the application can set `binaryType` and listeners first). When `isActive()` is false
 * (the patch was removed, but someone kept the class), it constructs the realm's own class.
 */
export function createInterceptedWebSocket(
  realm: WebSocketRealm,
  listener: ConnectionListener,
  isActive: () => boolean,
): typeof globalThis.WebSocket {
  const { Original, events } = realm

  // Named as MSW's stand-in is, so code (and MSW's tests) that look at `constructor.name` see the same.
  class WebSocketOverride extends realm.EventTarget {
    static readonly CONNECTING = 0
    static readonly OPEN = 1
    static readonly CLOSING = 2
    static readonly CLOSED = 3
    declare readonly CONNECTING: 0
    declare readonly OPEN: 1
    declare readonly CLOSING: 2
    declare readonly CLOSED: 3
    readonly #connection!: WebSocketConnection
    readonly #handlers = new Map<string, { listener: Handler; wrapper: (event: Event) => void }>()

    constructor(url: string | URL, protocols?: string | string[]) {
      super()
      if (!isActive())
        return Reflect.construct(Original, protocols === undefined ? [url] : [url, protocols], Original) as never
      const resolved = resolveUrl(url)
      checkProtocols(protocols)
      const connection = new WebSocketConnection({ socket: this, url: resolved, protocols, Original, events })
      this.#connection = connection
      queueMicrotask(() => void connectThroughPipeline(connection, listener))
    }

    get url(): string {
      return this.#connection.url.href
    }
    get readyState(): number {
      return this.#connection.readyState
    }
    get protocol(): string {
      return this.#connection.protocol
    }
    get extensions(): string {
      return this.#connection.extensions
    }
    get bufferedAmount(): number {
      return this.#connection.bufferedAmount
    }
    get binaryType(): BinaryType {
      return this.#connection.binaryType
    }
    set binaryType(type: BinaryType) {
      // As the platform: a value that is not a BinaryType is ignored.
      if (type === 'blob' || type === 'arraybuffer') this.#connection.binaryType = type
    }

    send(data: WebSocketData): void {
      const connection = this.#connection
      if (connection.readyState === 0) {
        throw new DOMException(
          format(`WebSocket.send() was called on ${this.url} before it opened. Send from an "open" listener.`),
          'InvalidStateError',
        )
      }
      if (connection.readyState !== 1) return
      connection.fromApplication(asFrame(data))
    }

    close(code?: number, reason?: string): void {
      if (code !== undefined && code !== 1000 && !(Number.isInteger(code) && code >= 3000 && code <= 4999)) {
        throw new DOMException(
          format(`WebSocket.close(${String(code)}): the code must be 1000 or from 3000 to 4999.`),
          'InvalidAccessError',
        )
      }
      const text = reason === undefined ? '' : String(reason)
      if (new TextEncoder().encode(text).byteLength > 123) {
        throw new DOMException(
          format('WebSocket.close(): the reason must be at most 123 bytes of UTF-8.'),
          'SyntaxError',
        )
      }
      this.#connection.closeFromApplication(code ?? 1000, text)
    }

    get onopen(): Handler {
      return this.#handler('open')
    }
    set onopen(listener: Handler) {
      this.#setHandler('open', listener)
    }
    get onmessage(): Handler {
      return this.#handler('message')
    }
    set onmessage(listener: Handler) {
      this.#setHandler('message', listener)
    }
    get onerror(): Handler {
      return this.#handler('error')
    }
    set onerror(listener: Handler) {
      this.#setHandler('error', listener)
    }
    get onclose(): Handler {
      return this.#handler('close')
    }
    set onclose(listener: Handler) {
      this.#setHandler('close', listener)
    }

    #handler(type: string): Handler {
      return this.#handlers.get(type)?.listener ?? null
    }

    /** An event handler attribute: one listener per type, registered where it was first set, as the platform does. */
    #setHandler(type: string, listener: Handler): void {
      const current = this.#handlers.get(type)
      const value = typeof listener === 'function' ? listener : null
      if (current !== undefined) {
        current.listener = value
        return
      }
      if (value === null) return
      const entry = {
        listener: value,
        wrapper: (event: Event) => {
          entry.listener?.call(this as never, event as never)
        },
      }
      this.#handlers.set(type, entry)
      this.addEventListener(type, entry.wrapper)
    }
  }
  for (const [name, value] of [
    ['CONNECTING', 0],
    ['OPEN', 1],
    ['CLOSING', 2],
    ['CLOSED', 3],
  ] as const) {
    Object.defineProperty(WebSocketOverride.prototype, name, { value, enumerable: true })
  }
  return WebSocketOverride as unknown as typeof globalThis.WebSocket
}

/**
 * Runs the pipeline, then opens the application's socket as its outcome says. Every client
 * socket mocklib stands in for goes through here (this class, and an undici WebSocket's
 * upgrade: websocket-wire/upgrade-bridge.ts).
 */
export async function connectThroughPipeline(
  connection: WebSocketConnection,
  listener: ConnectionListener,
): Promise<void> {
  let outcome: 'mocked' | 'passthrough' | 'failed'
  try {
    outcome = (await listener(connection)).type
  } catch (error) {
    // The pipeline reports its own failures; this is a bug in it, and must not leave the client waiting.
    console.error(error)
    connection.failClient(error, 1011, error instanceof Error ? error.message : String(error))
    return
  }
  if (outcome === 'mocked') {
    const { protocols } = connection
    connection.open(typeof protocols === 'string' ? protocols : (protocols?.[0] ?? ''), '')
  } else if (outcome === 'passthrough') {
    const real = connection.realSocket
    if (real !== undefined && real.readyState === 1) connection.open(real.protocol, real.extensions)
  }
}

/** The URL as the platform resolves it: against the page, http(s) as ws(s), no fragment. */
function resolveUrl(url: string | URL): URL {
  let resolved: URL
  try {
    resolved = new URL(String(url), getDocumentBaseUrl())
  } catch {
    throw new DOMException(
      format(`new WebSocket(${JSON.stringify(String(url))}): the URL is not valid.`),
      'SyntaxError',
    )
  }
  if (resolved.protocol === 'http:') resolved.protocol = 'ws:'
  else if (resolved.protocol === 'https:') resolved.protocol = 'wss:'
  if (resolved.protocol !== 'ws:' && resolved.protocol !== 'wss:') {
    throw new DOMException(
      format(`new WebSocket(${JSON.stringify(resolved.href)}): the URL's scheme must be ws:, wss:, http: or https:.`),
      'SyntaxError',
    )
  }
  if (resolved.hash !== '' || resolved.href.endsWith('#')) {
    throw new DOMException(
      format(`new WebSocket(${JSON.stringify(resolved.href)}): a WebSocket URL cannot have a fragment.`),
      'SyntaxError',
    )
  }
  return resolved
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

function checkProtocols(protocols: string | string[] | undefined): void {
  const list = protocols === undefined ? [] : typeof protocols === 'string' ? [protocols] : [...protocols]
  const seen = new Set<string>()
  for (const protocol of list) {
    if (!TOKEN.test(String(protocol)) || seen.has(String(protocol))) {
      throw new DOMException(
        format(`new WebSocket(url, ${JSON.stringify(protocols)}): subprotocols must be distinct tokens.`),
        'SyntaxError',
      )
    }
    seen.add(String(protocol))
  }
}

/** What the platform sends for a value that is not a frame: its string form. */
function asFrame(data: WebSocketData): WebSocketData {
  if (typeof data === 'string' || data instanceof Blob || data instanceof ArrayBuffer || ArrayBuffer.isView(data))
    return data
  if (typeof SharedArrayBuffer !== 'undefined' && data instanceof SharedArrayBuffer) return data
  return String(data)
}
