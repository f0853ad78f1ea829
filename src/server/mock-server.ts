// createMockServer(): mocklib's handlers behind a real HTTP server, for clients that cannot
// load a JavaScript module (apps in other languages, curl, a phone, a teammate's browser). The
// handler-list API is setupServer's; requests go through the same pipeline; the control API and
// the dashboard live under /__mocklib/ (docs/serve.md, docs/control-protocol.md).
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { packageVersion } from '../control/health'
import { createToken, isLoopback } from '../control/protocol'
import { trackScope } from '../runtime/current-scope'
import { MocklibTypeError } from '../runtime/errors'
import { scopeNetwork, type NetworkOption } from '../runtime/scope-network'
import { scopeChaos, type Chaos, type ChaosOptions } from '../runtime/chaos'
import { validateHandlers } from '../runtime/handler-list'
import type { RequestHandler } from '../runtime/request-handler'
import { SetupApi, withBoundMethods } from '../runtime/setup-api'
import { validateStrategy, type UnhandledRequestStrategy } from '../runtime/unhandled-request'
import { problemResponse, RequestResponder } from './answer-request'
import { answerControl, isControlPath, type ControlTarget } from './control-routes'
import type { PublishTarget } from './publish-target'
import { corsPreflight, withCors } from './cors'
import { HandlerControl, type Scenarios } from './handler-control'
import { RequestHistory, type HistoryOptions } from './request-history'
import { ScopedLists } from './scoped-lists'
import { OriginMap } from './origin-map'
import { listenOn } from './listen-on'
import { answerWebSocketUpgrade } from './websocket-upgrade'
import { writeResponse } from './write-response'

export interface MockServerListenOptions {
  /** Default 0: a free port (read it from `server.port` or `server.url`). */
  port?: number
  /** Default '127.0.0.1'. Any other address makes the token mandatory for every control route. */
  host?: string
  /** Serve HTTPS with this key pair (PEM). Uint8Array, not Buffer: the declarations need no @types/node. */
  https?: { key: string | Uint8Array; cert: string | Uint8Array }
  /** The control API's token; default: a random one (`server.token`). */
  token?: string
  /**
   * Serve the dashboard and the read-only control routes without the token. Only on a loopback
   * host; routes that change state always need it.
   */
  openReads?: boolean
  /** Answer CORS preflights and add Access-Control-Allow-* headers to every answer. */
  cors?: boolean
  /**
   * An origin (scheme, host, port): requests whose path no handler's URL claims are resolved at
   * it, and those no handler answers are sent there (same path and query), streamed both ways.
   */
  upstream?: string | URL
  /**
   * Where requests whose path no handler's URL claims are resolved (default: the server's own
   * origin, or the upstream's): a recording's origin, so its entries match.
   */
  origin?: string
  /** Default 'bypass': an unhandled request gets a 404 (or goes upstream), quietly. */
  onUnhandledRequest?: UnhandledRequestStrategy
  /** Named handler sets the control API switches between (`PUT /__mocklib/scenario`). */
  scenarios?: Scenarios
  /** What the request history keeps (the control API's `requests`, the dashboard, HAR); capacity 0 keeps nothing. */
  history?: HistoryOptions
  /** Called once per answered request (the CLI prints it). */
  onAnswered?: (line: { method: string; url: string; status: number; handler?: string; ms: number }) => void
  /** The schema executor whose subscriptions `POST /__mocklib/publish` feeds (the CLI's `--schema`). */
  executor?: PublishTarget
  /** Reported by `GET /__mocklib/health`. Default: mocklib's own version. */
  version?: string
  /**
   * The link every request crosses, as setupServer's `listen({ network })`: `{ download,
   * upload?, latency? }` (bytes per second, ms) or `'slow-3g'`, `'fast-3g'`, `'offline'`
   * (`mocklib serve --network`). See docs/faults.md.
   */
  network?: NetworkOption
  /** Chaos for every request and WebSocket connection, as setupServer's `listen({ chaos })`. */
  chaos?: Chaos | ChaosOptions
}

export class MockServer extends SetupApi {
  readonly history: RequestHistory
  readonly #control: HandlerControl
  #server: Server | undefined
  #options: MockServerListenOptions = {}
  #token = ''
  #lifetime = new AbortController()
  #strategy: UnhandledRequestStrategy = 'bypass'
  #upstream: URL | undefined
  readonly #listeners = new Set<(type: string, data: unknown) => void>()
  readonly #responder: RequestResponder
  readonly #origins = new OriginMap()
  /** Connections handed over to WebSockets: server.close() does not see them. */
  readonly #upgraded = new Set<Duplex>()
  readonly #scopes = new ScopedLists()
  #untrackScope: (() => void) | undefined

  constructor(...handlers: RequestHandler[]) {
    super(...handlers)
    this.history = new RequestHistory()
    this.#control = new HandlerControl(this.handlerList, this.handlerList.current())
    this.history.subscribe((type, data) => this.#broadcast(type, data))
    this.#responder = new RequestResponder({
      emitter: this.emitter,
      list: () => this.handlerList,
      scopes: this.#scopes,
      history: this.history,
      control: this.#control,
      lifetime: () => this.#lifetime.signal,
      onUnhandledRequest: () => this.#strategy,
      upstream: () => this.#upstream,
      origin: () => this.#options.origin ?? this.#upstream?.origin,
      onAnswered: (line) => this.#options.onAnswered?.(line),
    })
  }

  /** @internal */
  protected override setupName(): { factory: string; instance: string } {
    return { factory: 'createMockServer()', instance: 'server' }
  }

  /** The server's origin, e.g. http://127.0.0.1:9090; throws before listen(). */
  get url(): string {
    const address = this.#address()
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
    return `${this.#options.https ? 'https' : 'http'}://${host}:${address.port}`
  }

  get port(): number {
    return this.#address().port
  }

  /** The control API's token (`Authorization: Bearer <token>`). */
  get token(): string {
    return this.#token
  }

  /** The dashboard's address, with the token in its fragment (never sent to the server). */
  get dashboardUrl(): string {
    return `${this.url}/__mocklib/#token=${this.#token}`
  }

  async listen(options: MockServerListenOptions = {}): Promise<this> {
    if (this.#server !== undefined) {
      // eslint-disable-next-line mocklib/coded-argument-errors -- listen() twice: a state error, not an argument
      throw new Error('[mocklib] This mock server is already listening; close() it first.')
    }
    const host = options.host ?? '127.0.0.1'
    if (options.openReads === true && !isLoopback(host)) {
      throw new MocklibTypeError(
        'MOCKLIB_INVALID_ARGUMENT',
        `[mocklib] openReads (--no-token) is only allowed on a loopback host, and the server would listen on ${host}. Drop it, or listen on 127.0.0.1.`,
      )
    }
    const network = scopeNetwork(options.network, 'mockServer.listen({ network: %s })')
    const chaos = scopeChaos(options.chaos, 'mockServer.listen({ chaos: %s })')
    this.#options = options
    this.#token = options.token ?? createToken()
    this.#strategy = options.onUnhandledRequest === undefined ? 'bypass' : validateStrategy(options.onUnhandledRequest)
    this.#upstream = options.upstream === undefined ? undefined : originOnly(options.upstream)
    if (options.scenarios !== undefined) this.#control.setScenarios(validateScenarios(options.scenarios))
    if (options.history !== undefined) this.history.configure(options.history)
    this.#lifetime = new AbortController()
    this.handlerList.store.network = network
    this.handlerList.store.chaos = chaos
    // Work that outlives a request (a subscription) finds this server's list, as setupServer's.
    this.#untrackScope = trackScope(() => this.handlerList)
    const listener = (message: IncomingMessage, response: ServerResponse) => void this.#answer(message, response)
    const { https } = options
    const server = https
      ? createHttpsServer({ key: pem(https.key), cert: pem(https.cert) }, listener)
      : createHttpServer(listener)
    server.on('upgrade', (message: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.#upgrade(message, socket, head),
    )
    this.#server = server
    await listenOn(server, options.port ?? 0, host, 'choose another with --port, or stop what listens there').catch(
      (error) => {
        this.#server = undefined
        this.handlerList.store.network = undefined
        this.handlerList.store.chaos = undefined
        throw error
      },
    )
    return this
  }

  /** Stops listening, ends open streams and connections. */
  async close(): Promise<void> {
    const server = this.#server
    if (server === undefined) return
    this.#server = undefined
    this.#lifetime.abort()
    this.#untrackScope?.()
    this.#untrackScope = undefined
    this.handlerList.store.network = undefined
    this.handlerList.store.chaos = undefined
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeAllConnections()
    for (const socket of this.#upgraded) socket.destroy()
    await closed
  }

  /** Switches to a named scenario (null: the default handlers alone); drops run-time overrides. */
  scenario(name: string | null): void {
    this.#control.setScenario(name)
    this.#broadcast('scenario', { name })
  }

  /** @internal The module's handlers changed (`--watch`): open connections stay. */
  replaceHandlers(handlers: readonly RequestHandler[], scenarios: Scenarios = {}): void {
    this.#control.replaceBase(validateHandlers('server.replaceHandlers()', [...handlers]), validateScenarios(scenarios))
    this.#broadcast('handlers', {})
  }

  async #answer(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const scheme = this.#options.https ? 'https' : 'http'
    try {
      const path = (message.url ?? '/').split('?')[0]
      if (isControlPath(path)) return await answerControl(this.#controlTarget(), message, response)
      if (this.#options.cors) {
        withCors(message, response)
        if (corsPreflight(message, response)) return
      }
      await this.#responder.answer(message, response, scheme)
    } catch (error) {
      // The pipeline never rejects; this is the socket failing under us. Answer if we still can.
      if (!response.headersSent)
        await writeResponse(response, problemResponse(500, String((error as Error).message)), false)
      else response.destroy()
    }
  }

  #upgrade(message: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#upgraded.add(socket)
    socket.once('close', () => this.#upgraded.delete(socket))
    answerWebSocketUpgrade(message, socket, head, {
      list: this.handlerList,
      history: this.history,
      pipeline: { emitter: this.emitter, onUnhandledRequest: 'bypass', lifetime: this.#lifetime.signal },
      origins: this.#origins,
      scheme: this.#options.https ? 'https' : 'http',
      answered: (handler) => this.#control.answered(handler),
    })
  }

  #controlTarget(): ControlTarget {
    return {
      control: this.#control,
      history: this.history,
      token: this.#token,
      openReads: this.#options.openReads === true,
      version: this.#options.version ?? packageVersion,
      lifetime: this.#lifetime.signal,
      executor: this.#options.executor,
      use: (handler, scope) => (scope === undefined ? this.use(handler) : this.#scopes.use(scope, handler)),
      reset: (scope) => {
        if (scope === undefined) this.resetHandlers()
        this.handlerList.store.removed(this.#scopes.reset(scope))
      },
      changed: (type) => this.#broadcast(type, {}),
      subscribe: (listener) => {
        this.#listeners.add(listener)
        return () => this.#listeners.delete(listener)
      },
    }
  }

  #broadcast(type: string, data: unknown): void {
    for (const listener of this.#listeners) listener(type, data)
  }

  #address(): AddressInfo {
    const address = this.#server?.address()
    if (address == null || typeof address === 'string') {
      // eslint-disable-next-line mocklib/coded-argument-errors -- used before listen(): a state error, not an argument
      throw new Error('[mocklib] The mock server is not listening; await server.listen() first.')
    }
    return address
  }
}

function originOnly(upstream: string | URL): URL {
  const url = new URL(upstream)
  if (url.pathname !== '/' || url.search !== '') {
    throw new MocklibTypeError(
      'MOCKLIB_INVALID_ARGUMENT',
      `[mocklib] The upstream must be an origin (scheme, host and port), got ${url.href}. Requests keep their own path: use ${url.origin}.`,
    )
  }
  return url
}

function validateScenarios(scenarios: Scenarios): Scenarios {
  for (const [name, handlers] of Object.entries(scenarios)) validateHandlers(`scenario "${name}"`, [...handlers])
  return scenarios
}

/**
 * A mock server answering real HTTP with these handlers. Nothing listens until `listen()`.
 * Its methods work detached, as setupServer's do.
 */
export function createMockServer(...handlers: RequestHandler[]): MockServer {
  return withBoundMethods(new MockServer(...validateHandlers('createMockServer()', handlers)), ['listen', 'close'])
}

/** A PEM as node:https takes it: text, or the bytes as a Buffer (a Buffer passes as it is). */
function pem(value: string | Uint8Array): string | Buffer {
  return typeof value === 'string' || Buffer.isBuffer(value) ? value : Buffer.from(value)
}
