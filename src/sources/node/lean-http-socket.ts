import net from 'node:net'
import { FetchRequest } from '@mswjs/interceptors'
import { HTTPParser, type RequestParser } from 'node:_http_common'
import { rawHeaderPairs, writeMockedResponse } from './mocked-http-message'

type WriteCallback = (error?: Error | null) => void
type Write = [chunk: Buffer | string, encoding: BufferEncoding | undefined, callback: WriteCallback | undefined]

/** What the socket needs from its source: how to reach the network, and whom to hand the request. */
export interface LeanConnection {
  /** The connection options the agent got from the `ClientRequest`. */
  readonly options: ConnectionOptions
  /** Opens the real connection, for a request passed through. */
  connect(): net.Socket
  /** The request as the client wrote it, once its head is parsed. */
  onRequest(request: Request, socket: LeanHttpSocket): void
}

export interface ConnectionOptions {
  href?: string
  host?: string
  hostname?: string
  port?: number | string
  path?: string | null
  auth?: string
  method?: string
  family?: number
  session?: Buffer
}

/** The header the XMLHttpRequest interceptor marks requests with that it already handles (jsdom). */
const HANDLED_ELSEWHERE = 'x-interceptors-internal-request-id'

/** Events of a real connection the socket repeats as they come. */
const RELAYED_EVENTS = ['lookup', 'secureConnect', 'secure', 'session', 'ready', 'drain', 'resume', 'timeout']
const TLS_PROPERTIES = ['encrypted', 'authorized', 'getProtocol', 'getSession', 'isSessionReused', 'getCipher']

/**
 * The socket the lean http source gives a `ClientRequest` (http-source.ts): the client writes
 * its request to it and reads the mocked answer from it with Node's own HTTP parser, so the
 * client's events, headers and errors are Node's. It stands where the interceptor's
 * `MockHttpSocket` stands and behaves as it does towards the client (connecting until answered,
 * write callbacks held until the answer or a read of the body, the same connection events, the
 * same bytes), without its second parser for the answer and its per-request agent, web stream
 * and `ServerResponse`. A request passed through gets a real connection, which this socket
 * relays.
 */
export class LeanHttpSocket extends net.Socket {
  override connecting = true
  readonly #link: LeanConnection
  readonly #writes: Write[] = []
  #parser: RequestParser | undefined
  #rawHeaders: string[] = []
  #body: ReadableStreamDefaultController<Uint8Array> | undefined
  #keepAlive = false
  #state: 'unknown' | 'mock' | 'passthrough' = 'unknown'
  #real: net.Socket | undefined
  #request: Request | undefined
  readonly #base: URL
  /** Set once the answer has begun: every event from then on waits for it (see push()). */
  #gate: Promise<void> | undefined

  constructor(link: LeanConnection) {
    super()
    this.#link = link
    this.#base = baseUrl(link.options)
    this.#parser = requestParser({
      [HTTPParser.kOnHeaders]: (raw: string[]) => this.#rawHeaders.push(...raw),
      [HTTPParser.kOnHeadersComplete]: this.#onHead,
      [HTTPParser.kOnBody]: this.#onBody,
      [HTTPParser.kOnMessageComplete]: this.#onEnd,
    })
    this.once('finish', this.#closeParser)
    if (this.#base.protocol === 'https:') mockTls(this)
  }

  override write(...args: unknown[]): boolean {
    this.#write(args)
    return true
  }

  override end(...args: unknown[]): this {
    // Not through this.write: Node replaces it once the readable side has ended.
    this.#write(args)
    return super.end(...(args as []))
  }

  #write(args: unknown[]): void {
    const [chunk, encoding, callback] = writeArgs(args)
    if (this.#state !== 'passthrough') this.#writes.push([chunk, encoding, callback])
    if (chunk) {
      if (this.#state === 'passthrough') this.#real?.write(chunk, encoding as BufferEncoding, callback)
      this.#parser?.execute(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding))
    }
  }

  override _final(callback: (error?: Error | null) => void): void {
    callback(null)
  }

  /**
   * The interceptor's socket, once its own parser has read the answer's head, emits every event
   * only after its response listeners are done (a promise even with none, resolved a few turns
   * of the microtask queue later). From the first data pushed on, this one waits as long, so
   * that the client's events come in the same order (the response's 'end' before the socket's).
   */
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk !== null) this.#gate ??= responseListeners()
    return super.push(chunk, encoding)
  }

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (this.#gate === undefined) return super.emit(event, ...args)
    void this.#gate.then(() => super.emit(event, ...args))
    return this.listenerCount(event) > 0
  }

  /** Data arrives by `push()` alone: nothing to start reading. */
  override _read(): void {}

  override destroy(error?: Error): this {
    this.#closeParser()
    if (error) this.emit('error', error)
    // A real connection is closed by its own handle first (client-destroy.ts tells why).
    const real = this.#real
    if (real !== undefined && !real.destroyed) real.destroy()
    return super.destroy(error)
  }

  /** The client asked to give up: what `request.destroy()` and the pipeline's errors end with. */
  errorWith(error?: Error): void {
    this.destroy(error)
  }

  /** Answers the request with a mocked response, as a server on this connection would. */
  async respondWith(response: Response): Promise<void> {
    if (this.destroyed) return
    if (this.#state === 'mock') {
      const request = this.#request
      // eslint-disable-next-line mocklib/coded-argument-errors -- a second answer: a state error, not an argument
      throw new Error(`mocklib: cannot respond to ${request?.method} ${request?.url} twice: it was already answered`)
    }
    if (response.type === 'error') return this.errorWith(new TypeError('Network error'))
    this.#connected()
    this.#state = 'mock'
    this.#flushWrites()
    await writeMockedResponse(this, response, () => {
      if (this.#keepAlive) return
      this.emit('readable')
      this.push(null)
    })
  }

  /** Sends the request as written over a real connection, and relays what comes back. */
  passthrough(): void {
    this.#state = 'passthrough'
    if (this.destroyed) return
    const real = this.#link.connect()
    this.#real = real
    this.once('close', () => {
      real.removeAllListeners()
      if (!real.destroyed) real.destroy()
      this.#real = undefined
    })
    this.address = real.address.bind(real)
    const writes = this.#writes.splice(0)
    if (writes.length > 0 && this.#request !== undefined)
      writes[0][0] = withHeaders(writes[0][0], this.#request.headers)
    for (const [chunk, encoding, callback] of writes) real.write(chunk, encoding as BufferEncoding, callback)
    if (Reflect.get(real, 'encrypted')) relayTls(this, real)
    for (const event of RELAYED_EVENTS) real.on(event, (...args: unknown[]) => this.emit(event, ...args))
    real
      .on('connect', () => {
        this.connecting = real.connecting
        this.emit('connect')
      })
      .on('data', (chunk: Buffer) => this.push(chunk))
      .on('error', (error: Error) => {
        Reflect.set(this, '_hadError', Reflect.get(real, '_hadError'))
        this.emit('error', error)
      })
      .on('prefinish', () => this.emit('prefinish'))
      .on('finish', () => this.emit('finish'))
      .on('close', (hadError: boolean) => this.emit('close', hadError))
      .on('end', () => this.emit('end'))
  }

  /** The peer's address: the real connection's once passed through, none while mocked. */
  _getpeername(): object {
    const real = this.#real as { _getpeername?: () => object } | undefined
    return real?._getpeername?.() ?? {}
  }

  readonly #onHead = (
    _major: number,
    _minor: number,
    rawHeaders: string[] | undefined,
    _method: unknown,
    path: string | undefined,
    _status: unknown,
    _statusText: unknown,
    _upgrade: unknown,
    shouldKeepAlive: boolean,
  ): void => {
    this.#keepAlive = shouldKeepAlive
    const { options } = this.#link
    const url = new URL(path || '', this.#base)
    const method = options.method?.toUpperCase() || 'GET'
    const headers = new Headers()
    const raw = rawHeaders === undefined ? this.#rawHeaders : [...this.#rawHeaders, ...rawHeaders]
    for (let index = 0; index < raw.length; index += 2) headers.append(raw[index], raw[index + 1])
    this.#rawHeaders = []
    // A URL's credentials become Basic authorization, as the interceptor reads them.
    if (url.username || url.password) {
      if (!headers.has('authorization')) headers.set('authorization', `Basic ${url.username}:${url.password}`)
      url.username = ''
      url.password = ''
    }
    const hasBody = method !== 'GET' && method !== 'HEAD'
    const body = hasBody
      ? new ReadableStream<Uint8Array>({
          start: (controller) => void (this.#body = controller),
          // Reading the body releases the client's writes, as a server reading it would.
          pull: () => this.#flushWrites(),
        })
      : null
    const init = { method, headers, credentials: 'same-origin', duplex: hasBody ? 'half' : undefined, body }
    const request = new FetchRequest(url, init as RequestInit)
    this.#request = request
    if (headers.has(HANDLED_ELSEWHERE)) return this.passthrough()
    this.#link.onRequest(request, this)
  }

  // A body the resolver cancelled takes no more chunks: the rest is dropped, as a destroyed stream drops it.
  readonly #onBody = (chunk: Buffer): void => {
    try {
      this.#body?.enqueue(chunk)
    } catch {
      this.#body = undefined
    }
  }

  readonly #onEnd = (): void => {
    try {
      this.#body?.close()
    } catch {
      // Cancelled: nobody reads it.
    }
    this.#body = undefined
  }

  /** Mock connection events, as the interceptor emits them when it answers. */
  #connected(): void {
    this.connecting = false
    const { options } = this.#link
    const ipv6 = net.isIPv6(options.hostname ?? '') || options.family === 6
    const info = { address: ipv6 ? '::1' : '127.0.0.1', family: ipv6 ? 'IPv6' : 'IPv4', port: options.port }
    this.address = () => info as net.AddressInfo
    this.emit('lookup', null, info.address, ipv6 ? 6 : 4, options.host)
    this.emit('connect')
    this.emit('ready')
    if (Reflect.get(this, 'encrypted') === true) {
      this.emit('secure')
      this.emit('secureConnect')
      this.emit('session', options.session ?? Buffer.from('mock-session-renegotiate'))
      this.emit('session', Buffer.from('mock-session-resume'))
    }
  }

  /** Calls the callbacks of the writes so far, once each (the client's 'finish' waits for them). */
  readonly #flushWrites = (): void => {
    for (const write of this.#writes) {
      const callback = write[2]
      write[2] = undefined
      callback?.()
    }
  }

  /**
   * Closes the parser on a later turn: destroy() can come from inside the parser's own callbacks
   * (a caller giving up as the resolver runs).
   */
  readonly #closeParser = (): void => {
    const parser = this.#parser
    if (parser === undefined) return
    this.#parser = undefined
    setImmediate(closeParser, parser)
  }
}

/** What the interceptor's response listeners cost in time with none: an async function returning another's promise. */
async function responseListeners(): Promise<void> {
  return noListeners()
}

async function noListeners(): Promise<void> {}

/** A request parser of its own with these callbacks (a pooled one would carry them to its next user). */
function requestParser(callbacks: Record<number, unknown>): RequestParser {
  const parser = new HTTPParser()
  parser.initialize(HTTPParser.REQUEST, {})
  for (const [key, callback] of Object.entries(callbacks)) parser[Number(key)] = callback
  return parser
}

/** Releases what Node holds for a parser (close-http-parsers.ts tells why freeing alone is not enough). */
function closeParser(parser: RequestParser): void {
  try {
    parser.close()
  } catch {
    // Already closed.
  }
}

/**
 * The client's first write (the request's head, perhaps with the start of its body) with the
 * header lines the request has now: listeners and resolvers may have changed them before
 * passing it through, and the interceptor sends them so.
 */
function withHeaders(first: Buffer | string, headers: Headers): Buffer {
  const bytes = Buffer.isBuffer(first) ? first : Buffer.from(first)
  const lineEnd = bytes.indexOf('\r\n')
  const headEnd = bytes.indexOf('\r\n\r\n')
  if (lineEnd === -1 || headEnd === -1) return bytes
  const lines = rawHeaderPairs(headers)
    .filter(([name]) => name.toLowerCase() !== HANDLED_ELSEWHERE)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')
  const head = `${bytes.subarray(0, lineEnd + 2).toString('latin1')}${lines}`
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes.subarray(headEnd)])
}

/** A socket write's arguments: (chunk, callback) or (chunk, encoding, callback). */
function writeArgs(args: unknown[]): Write {
  const [chunk, second, third] = args
  const encoding = typeof second === 'string' ? (second as BufferEncoding) : undefined
  const callback = typeof second === 'function' ? second : typeof third === 'function' ? third : undefined
  return [chunk as Buffer | string, encoding, callback as WriteCallback | undefined]
}

/** The URL requests on this connection are relative to, read from the options as the interceptor reads them. */
function baseUrl(options: ConnectionOptions): URL {
  if (options.href !== undefined) return new URL(options.href)
  const url = new URL(`${options.port === 443 ? 'https:' : 'http:'}//${options.host}`)
  if (options.port) url.port = String(options.port)
  if (options.path) url.pathname = options.path
  if (options.auth) {
    const [username, password] = options.auth.split(':')
    url.username = username
    url.password = password
  }
  return url
}

/** What a TLS socket has, as the interceptor fakes it on a mocked https connection. */
function mockTls(socket: net.Socket): void {
  Reflect.set(socket, 'encrypted', true)
  Reflect.set(socket, 'authorized', false)
  Reflect.set(socket, 'getProtocol', () => 'TLSv1.3')
  Reflect.set(socket, 'getSession', () => undefined)
  Reflect.set(socket, 'isSessionReused', () => false)
  Reflect.set(socket, 'getCipher', () => ({
    name: 'AES256-SHA',
    standardName: 'TLS_RSA_WITH_AES_256_CBC_SHA',
    version: 'TLSv1.3',
  }))
}

/** A passed-through https connection's TLS state, read from the real socket. */
function relayTls(socket: net.Socket, real: net.Socket): void {
  for (const name of TLS_PROPERTIES) {
    Object.defineProperty(socket, name, {
      enumerable: true,
      configurable: true,
      get: () => {
        const value: unknown = Reflect.get(real, name)
        return typeof value === 'function' ? value.bind(real) : value
      },
    })
  }
}
