import http from 'node:http'
import https from 'node:https'
import type net from 'node:net'
import { createRequestId } from '@mswjs/interceptors'
import { asError } from '../../runtime/as-error'
import { rememberFaultSocket } from './fault-answers'
import { watchClose } from './http-client-aborts'
import { LeanHttpSocket, type ConnectionOptions } from './lean-http-socket'
import type { AnswerController, RequestSink } from './source-contract'

type RequestFunction = typeof http.request

/** The agent a request was given (the interceptor keeps it for passthrough), carried to the socket. */
const kCustomAgent = Symbol('mocklib.customAgent')

interface AgentOptions extends ConnectionOptions {
  [kCustomAgent]?: unknown
}

/**
 * The lean source for `http`/`https` clients (`http.request`, axios, got, superagent,
 * node-fetch 2), for servers that chose `httpSource: 'lean'`.
 *
 * It sits under the ClientRequest interceptor: its entries replace Node's `request` and `get`
 * before the interceptor patches them, so every call still goes through the interceptor's own
 * reading of the arguments and arrives here with the interceptor's per-request agent. Where the
 * lean path takes the call, that agent is swapped for one shared agent whose sockets are
 * `LeanHttpSocket`s (lean-http-socket.ts): the same kind of agent towards the `ClientRequest`
 * (no keep-alive, no socket limit), the same connection options, so the client writes the same
 * request and reads the same bytes back through Node's parser.
 *
 * It leaves to the interceptor: servers on the interceptor source, a server observing real
 * responses (`response:bypass`, for which the interceptor parses them), and every call that does
 * not come through the interceptor's agent (`CONNECT` tunnels and `ws` handshakes,
 * connect-passthrough.ts and ws-package-upgrades.ts, call Node's functions themselves).
 */
export class HttpSource {
  /** Puts Node's functions back; set while installed. */
  #restore: (() => void) | undefined
  readonly #agents: { http: http.Agent; https: https.Agent }

  constructor(private readonly current: () => RequestSink | undefined) {
    const onRequest = (request: Request, socket: LeanHttpSocket) => this.#answer(request, socket)
    this.#agents = { http: leanAgent(new http.Agent(), onRequest), https: leanAgent(new https.Agent(), onRequest) }
  }

  /** Puts the entries in place of Node's functions; call before the interceptor patches them. */
  install(): void {
    if (this.#restore !== undefined) return
    const { request, get } = http
    const { request: httpsRequest, get: httpsGet } = https
    this.#restore = () => {
      http.request = request
      http.get = get
      https.request = httpsRequest
      https.get = httpsGet
    }
    http.request = this.#entry(request, this.#agents.http)
    http.get = this.#entry(get, this.#agents.http)
    https.request = this.#entry(httpsRequest, this.#agents.https)
    https.get = this.#entry(httpsGet, this.#agents.https)
  }

  /** Puts Node's functions back; call after the interceptor restored what it patched. */
  uninstall(): void {
    const restore = this.#restore
    this.#restore = undefined
    restore?.()
  }

  #entry(original: RequestFunction, agent: http.Agent): RequestFunction {
    const current = this.current
    return function (this: unknown, ...args: unknown[]) {
      const options = args[1] as (http.RequestOptions & AgentOptions) | undefined
      const sink = current()
      const custom = interceptorAgent(options?.agent)
      if (custom !== undefined && options !== undefined && sink?.httpSource === 'lean' && !sink.wantsResponses) {
        // The interceptor made these options for this call alone.
        options[kCustomAgent] = custom.customAgent
        options.agent = agent
      }
      return Reflect.apply(original, this, args) as http.ClientRequest
    } as RequestFunction
  }

  /** Runs one request through the current server's pipeline and answers its socket. */
  #answer(request: Request, socket: LeanHttpSocket): void {
    const sink = this.current()
    // Every server closed between the call and its head: the request goes to the network.
    if (sink === undefined) return socket.passthrough()
    watchClose(socket, request)
    rememberFaultSocket(socket, request)
    let settled = false
    const settle = (what: string) => {
      if (settled) {
        // eslint-disable-next-line mocklib/coded-argument-errors -- a second answer: a state error, not an argument
        throw new Error(`mocklib: cannot ${what} ${request.method} ${request.url}: the request was already answered`)
      }
      settled = true
    }
    const controller: AnswerController = {
      respondWith: (response) => {
        settle('respond to')
        socket.respondWith(response).catch((error: unknown) => socket.errorWith(asError(error)))
      },
      errorWith: (reason) => {
        settle('fail')
        if (reason instanceof Error) socket.errorWith(reason)
      },
      passthrough: async () => {
        settle('pass through')
        socket.passthrough()
      },
    }
    // A request the server left alone goes to the network, as the interceptor sends it.
    const done = () => {
      if (!settled) controller.passthrough().catch(() => undefined)
    }
    sink.answer({ request, requestId: createRequestId(), controller }, 'http').then(done, (error: unknown) => {
      if (!settled) controller.errorWith(asError(error))
    })
  }
}

/** The interceptor's per-request agent (its MockAgent or MockHttpsAgent), with the agent the caller gave. */
function interceptorAgent(agent: unknown): { customAgent: unknown } | undefined {
  if (!(agent instanceof http.Agent)) return undefined
  if (!Object.hasOwn(agent, 'customAgent') || typeof Reflect.get(agent, 'onRequest') !== 'function') return undefined
  return agent as unknown as { customAgent: unknown }
}

type OnRequest = (request: Request, socket: LeanHttpSocket) => void

/** The real connection for a request passed through: through the caller's agent, as the interceptor opens it. */
function connectWith(custom: unknown, options: AgentOptions, own: () => net.Socket): net.Socket {
  if (!(custom instanceof http.Agent)) return own()
  const merged = { ...options, ...(custom as { options?: object }).options }
  return (custom as unknown as { createConnection(options: object): net.Socket }).createConnection(merged)
}

/**
 * The agent every lean request gets: Node's own (no keep-alive, no socket limit, as the
 * interceptor's per-request agent), whose connections are lean sockets.
 */
function leanAgent<A extends http.Agent>(agent: A, onRequest: OnRequest): A {
  const own = agent.createConnection.bind(agent)
  agent.createConnection = (options: AgentOptions) => {
    const connect = () => connectWith(options[kCustomAgent], options, () => own(options) as net.Socket)
    return new LeanHttpSocket({ options, connect, onRequest })
  }
  return agent
}
